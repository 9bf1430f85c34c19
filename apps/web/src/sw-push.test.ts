import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The worker's listeners go on `self`; under jsdom that is the window, so tests dispatch there.
interface WorkerLike {
  registration: { showNotification: ReturnType<typeof vi.fn> };
  clients: { matchAll: ReturnType<typeof vi.fn>; openWindow: ReturnType<typeof vi.fn> };
}
const worker = self as unknown as WorkerLike;

function defineOnSelf(name: keyof WorkerLike, value: unknown) {
  Object.defineProperty(self, name, { configurable: true, value });
}

/** Dispatches a worker event and waits for what it handed to `waitUntil`. */
async function dispatch(type: string, fields: Record<string, unknown>) {
  let pending: Promise<unknown> = Promise.resolve();
  const event = Object.assign(new Event(type), fields, {
    waitUntil: (promise: Promise<unknown>) => {
      pending = promise;
    },
  });
  self.dispatchEvent(event);
  await pending;
}

const pushData = (payload: unknown) => ({ json: () => payload, text: () => JSON.stringify(payload) });

beforeAll(async () => {
  await import('./sw-push.ts');
});

afterEach(() => {
  Reflect.deleteProperty(self, 'registration');
  Reflect.deleteProperty(self, 'clients');
});

function stubWorker(windows: { url: string; focused?: boolean; visibilityState?: string }[] = []) {
  const clients = windows.map((window) => {
    const client = {
      focused: false,
      visibilityState: 'hidden',
      ...window,
      focus: vi.fn(async () => client),
      navigate: vi.fn(async () => client),
    };
    return client;
  });
  defineOnSelf('registration', { showNotification: vi.fn(async () => undefined) });
  defineOnSelf('clients', { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null) });
  return clients;
}

describe('the service worker push handlers', () => {
  it('shows the pushed notification in pt-BR with the app icon and its address', async () => {
    stubWorker();
    await dispatch('push', {
      data: pushData({
        title: 'Nova curtida',
        body: 'Ana Souza curtiu seu post.',
        url: '/post/p1/comments',
        tag: 'n1',
      }),
    });
    expect(worker.registration.showNotification).toHaveBeenCalledWith('Nova curtida', {
      body: 'Ana Souza curtiu seu post.',
      tag: 'n1',
      data: { url: `${location.origin}/post/p1/comments` },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
    });
  });

  it('leaves it to the app when someone is looking at it', async () => {
    stubWorker([{ url: `${location.origin}/`, focused: true, visibilityState: 'visible' }]);
    await dispatch('push', { data: pushData({ title: 'Nova curtida', body: '', url: '/' }) });
    expect(worker.registration.showNotification).not.toHaveBeenCalled();
  });

  it('never sends a tap to another site', async () => {
    stubWorker();
    await dispatch('push', { data: pushData({ title: 'Oi', url: 'https://example.com/x' }) });
    expect(worker.registration.showNotification.mock.calls[0]?.[1]).toMatchObject({
      data: { url: `${location.origin}/notifications` },
    });
  });

  it('focuses an open window and takes it to the address on a tap', async () => {
    const [open] = stubWorker([{ url: `${location.origin}/videos` }]);
    const close = vi.fn();
    await dispatch('notificationclick', {
      notification: { close, data: { url: `${location.origin}/user/u1` } },
    });
    expect(close).toHaveBeenCalled();
    expect(open?.focus).toHaveBeenCalled();
    expect(open?.navigate).toHaveBeenCalledWith(`${location.origin}/user/u1`);
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when none is open', async () => {
    stubWorker();
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: `${location.origin}/notifications` } },
    });
    expect(worker.clients.openWindow).toHaveBeenCalledWith(`${location.origin}/notifications`);
  });
});
