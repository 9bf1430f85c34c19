import { API_TIMEOUT_MS } from '@estudai/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../test/api-mock.ts';
import { ApiError, api, endSession, signedInScreenMounted } from './api.ts';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client (spec §8 error mapping)', () => {
  it('resolves with the data part of a reply and sends JSON with the session cookie', async () => {
    const { fetchMock } = mockApi({ 'POST /api/auth/login': ok({ id: 'u1' }) });
    await expect(api.post('/auth/login', { email: 'a@b.c', password: 'x' })).resolves.toEqual({ id: 'u1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"email":"a@b.c","password":"x"}',
    });
  });

  it("uses the reply's error field and the HTTP status", async () => {
    mockApi({ 'POST /api/auth/login': fail(401, 'E-mail ou senha incorretos.', 'INVALID_CREDENTIALS') });
    const error = await caught(api.post('/auth/login', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'E-mail ou senha incorretos.',
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('falls back to the message field when there is no error field', async () => {
    mockApi({ 'GET /api/x': { status: 503, body: { message: 'Em manutenção' } } });
    expect(await caught(api.get('/x'))).toMatchObject({ message: 'Em manutenção', status: 503 });
  });

  it("says 'Erro desconhecido' when the reply has neither, or is not JSON", async () => {
    mockApi({ 'GET /api/x': { status: 500, body: {} }, 'GET /api/y': { status: 502 } });
    expect(await caught(api.get('/x'))).toMatchObject({ message: 'Erro desconhecido', status: 500 });
    expect(await caught(api.get('/y'))).toMatchObject({ message: 'Erro desconhecido', status: 502 });
  });

  it('reports status 0 and asks to check the connection when the network fails', async () => {
    mockApi({ 'GET /api/x': 'network-error' });
    expect(await caught(api.get('/x'))).toMatchObject({
      message: 'Servidor não respondeu. Verifique sua conexão.',
      status: 0,
    });
  });

  it('gives up after 10 s without a reply, with the same status 0 message', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/x': 'no-reply' });
    const pending = caught(api.get('/x'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({
      message: 'Servidor não respondeu. Verifique sua conexão.',
      status: 0,
    });
  });

  it("maps anything else to the error's own message, or 'Ocorreu um erro inesperado.'", async () => {
    vi.stubGlobal('fetch', async () => ({
      ok: true,
      status: 200,
      text: () => Promise.reject(new Error('corpo ilegível')),
    }));
    expect(await caught(api.get('/x'))).toMatchObject({ message: 'corpo ilegível' });
    vi.stubGlobal('fetch', async () => ({
      ok: true,
      status: 200,
      text: () => Promise.reject(new Error('')),
    }));
    expect(await caught(api.get('/x'))).toMatchObject({ message: 'Ocorreu um erro inesperado.' });
  });

  it('answers a 401 with null when asked to, and throws it otherwise', async () => {
    mockApi({ 'GET /api/users/me': fail(401, 'Você precisa entrar para continuar.', 'UNAUTHENTICATED') });
    await expect(api.get('/users/me', { on401: 'return-null' })).resolves.toBeNull();
    expect(await caught(api.get('/users/me'))).toMatchObject({ status: 401 });
  });

  describe('while a request ends the session', () => {
    /** A sign-out whose reply waits until `settle` is called with its status. */
    function pendingLogout() {
      let settle: (status: number) => void = () => undefined;
      const replied = new Promise<number>((resolve) => {
        settle = resolve;
      });
      const mock = mockApi({
        'POST /api/auth/logout': async () =>
          (await replied) === 204 ? { status: 204 } : fail(500, 'Falhou'),
        'GET /api/notifications/counts': ok({ unread: 1 }),
        'POST /api/auth/verify-email': ok({ message: 'E-mail confirmado.' }),
      });
      const ended = vi.fn();
      const logout = endSession(() => api.post('/auth/logout'), ended);
      return { ...mock, logout, settle, ended };
    }

    it('holds a read asked meanwhile and, once the session is over, never sends it', async () => {
      const { logout, settle, callsTo, ended } = pendingLogout();
      const counts = caught(api.get('/notifications/counts'));
      const session = api.get('/users/me', { on401: 'return-null' });
      // A write is the person's own doing (an e-mail link's code): it goes at once.
      await expect(api.post('/auth/verify-email', { oobCode: 'c' })).resolves.toEqual({
        message: 'E-mail confirmado.',
      });
      settle(204);
      await logout;
      // The tab signed out (onEnded) before the held reads were refused.
      expect(ended).toHaveBeenCalledTimes(1);
      expect(await counts).toMatchObject({
        status: 401,
        code: 'UNAUTHENTICATED',
        message: 'Você precisa entrar para continuar.',
      });
      await expect(session).resolves.toBeNull();
      expect(callsTo('GET', '/api/notifications/counts')).toHaveLength(0);
      expect(callsTo('GET', '/api/users/me')).toHaveLength(0);
      // Afterwards (signed in again, say) requests go as before.
      await expect(api.get('/notifications/counts')).resolves.toEqual({ unread: 1 });
    });

    it('lets the signed-in screens still on show ask nothing more once the session ended under them', async () => {
      const unmounted = signedInScreenMounted();
      const { logout, settle, callsTo } = pendingLogout();
      settle(204);
      await logout;
      expect(await caught(api.get('/notifications/counts'))).toMatchObject({ status: 401 });
      expect(callsTo('GET', '/api/notifications/counts')).toHaveLength(0);
      // The router took them away: the signed-out screens ask as before.
      unmounted();
      await expect(api.get('/notifications/counts')).resolves.toEqual({ unread: 1 });
    });

    it('sends the held read when the session did not end', async () => {
      const { logout, settle, callsTo, ended } = pendingLogout();
      const counts = api.get('/notifications/counts');
      settle(500);
      await expect(logout).rejects.toMatchObject({ status: 500 });
      expect(ended).not.toHaveBeenCalled();
      await expect(counts).resolves.toEqual({ unread: 1 });
      expect(callsTo('GET', '/api/notifications/counts')).toHaveLength(1);
    });
  });
});
