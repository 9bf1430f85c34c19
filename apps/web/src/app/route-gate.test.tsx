import { renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../lib/auth.tsx';
import { CURRENT_USER_KEY } from '../lib/current-user.ts';
import { ana, felipe, type MockReply, mockApi, ok } from '../test/api-mock.ts';
import { currentPath, renderApp } from '../test/render-app.tsx';
import { gateRedirect } from './route-gate.tsx';

describe('route gating (spec §2)', () => {
  it("shows 'Carregando...' until the server says who is signed in", async () => {
    let answer: (reply: MockReply) => void = () => {};
    mockApi({ 'GET /api/auth/session': () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderApp('/study-groups');
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    answer(ok(ana));
    expect(await screen.findByRole('heading', { name: 'Grupos de estudo' })).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor from any other path to /', async () => {
    mockApi();
    renderApp('/chat');
    expect(await screen.findByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('lets a signed-out visitor open /auth and /auth/mgmt', async () => {
    mockApi();
    renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
  });

  it('confines a signed-in, unverified user to /verify-email', async () => {
    mockApi({ 'POST /api/auth/send-verification-email': ok({ message: 'Enviado.' }) }, felipe);
    renderApp('/videos');
    expect(await screen.findByRole('heading', { name: 'Verifique seu e-mail' })).toBeInTheDocument();
    expect(currentPath()).toBe('/verify-email');
  });

  it("shows 'Page Not Found' for an unknown path when verified, inside the shell", async () => {
    mockApi({}, ana);
    renderApp('/nope');
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navegação principal' })).toBeInTheDocument();
  });

  it("says in pt-BR that the page does not exist and leads back with 'Voltar ao início'", async () => {
    mockApi({}, ana);
    const { user } = renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Esta página não existe ou foi removida.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voltar ao início' }));
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('sends a verified user away from /auth and /verify-email to /', async () => {
    mockApi({}, ana);
    renderApp('/verify-email');
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('opens every route of the spec for a verified user', () => {
    const open = [
      '/',
      '/user/42',
      '/user',
      '/profile',
      '/study-groups',
      '/study-groups/g1',
      '/study-groups/g1/videos/v1',
      '/study-groups/g1/forum',
      '/study-groups/g1/payment',
      '/checkout/g1',
      '/videos',
      '/notifications',
      '/chat',
      '/post/p1/comments',
      '/post/p1/comments/c1',
      '/auth/mgmt',
    ];
    for (const path of open) expect(gateRedirect(ana, path)).toBeNull();
    expect(gateRedirect(felipe, '/auth/mgmt')).toBeNull();
    expect(gateRedirect(felipe, '/')).toBe('/verify-email');
    expect(gateRedirect(null, '/')).toBeNull();
    expect(gateRedirect(null, '/profile')).toBe('/');
    expect(gateRedirect(null, '/verify-email')).toBe('/auth');
  });
});

describe('signed-in user state', () => {
  it('paints the stored user at once, then follows the server (401: signed out, stored user removed)', async () => {
    let answer: (reply: MockReply) => void = () => {};
    mockApi({ 'GET /api/auth/session': () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderApp('/profile', { storedUser: ana });
    expect(await screen.findByText('@ana.souza')).toBeInTheDocument();
    answer({ status: 401, body: { error: 'Você precisa entrar para continuar.', code: 'UNAUTHENTICATED' } });
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('does not redirect on an out-of-date stored user before the server answers', async () => {
    let answer: (reply: MockReply) => void = () => {};
    mockApi({ 'GET /api/auth/session': () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderApp('/profile', { storedUser: felipe });
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();
    expect(currentPath()).toBe('/profile');
    answer(ok(ana));
    expect(await screen.findByText('@ana.souza')).toBeInTheDocument();
    expect(currentPath()).toBe('/profile');
  });

  it('removes a stored user that cannot be read', async () => {
    localStorage.setItem(CURRENT_USER_KEY, '{not json');
    mockApi();
    renderApp('/');
    await screen.findByRole('link', { name: 'Entrar' });
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('keeps the confirmed user in localStorage', async () => {
    mockApi({}, ana);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Início' });
    await waitFor(() => expect(JSON.parse(localStorage.getItem(CURRENT_USER_KEY) ?? 'null')).toEqual(ana));
  });

  it('follows a sign-out made in another tab', async () => {
    mockApi({}, ana);
    renderApp('/profile');
    await screen.findByText('@ana.souza');
    localStorage.removeItem(CURRENT_USER_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: CURRENT_USER_KEY, newValue: null }));
    expect(await screen.findByRole('link', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('follows a sign-in made in another tab', async () => {
    mockApi();
    renderApp('/');
    await screen.findByRole('link', { name: 'Entrar' });
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(ana));
    window.dispatchEvent(
      new StorageEvent('storage', { key: CURRENT_USER_KEY, newValue: JSON.stringify(ana) }),
    );
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
  });

  it('refuses to be used outside its provider', () => {
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used inside <AuthProvider>.');
  });
});
