import { AUTH_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../lib/api.ts';
import { ana, mockApi, ok } from '../test/api-mock.ts';
import { fakeSocket } from '../test/fake-socket.ts';
import { currentPath, renderApp } from '../test/render-app.tsx';
import { expectToast } from '../test/toast.ts';

vi.mock('../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../test/fake-socket.ts');
  return { useRealtimeSocket: () => fakeSocket };
});

beforeEach(() => fakeSocket.reset());

const videos = { 'GET /api/videos': { status: 200, body: { data: [], hasMore: false } } };
const readStoredUser = () => JSON.parse(localStorage.getItem('currentUser') ?? 'null');

describe("the server ending this tab's session", () => {
  it("signs the tab out at once, saying why, on 'session:ended'", async () => {
    mockApi({ ...videos, 'GET /api/notifications/recommendations': ok([]) }, ana);
    renderApp('/videos', { storedUser: ana });
    await screen.findByRole('navigation', { name: 'Navegação principal' });
    fakeSocket.receive('session:ended');
    await expectToast(AUTH_MESSAGES.sessionEnded);
    await waitFor(() => expect(currentPath()).toBe('/'));
    await waitFor(() => expect(readStoredUser()).toBeNull());
  });

  it('leaves it to the flow when this tab is the one signing out', async () => {
    let answer: () => void = () => undefined;
    const replied = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockApi(
      {
        ...videos,
        'GET /api/notifications/recommendations': ok([]),
        'POST /api/auth/logout': async () => {
          await replied;
          return ok({ message: AUTH_MESSAGES.loggedOut });
        },
      },
      ana,
    );
    renderApp('/videos', { storedUser: ana });
    await screen.findByRole('navigation', { name: 'Navegação principal' });
    const logout = endSession(
      () => fetch('/api/auth/logout', { method: 'POST' }),
      () => undefined,
    );
    fakeSocket.receive('session:ended');
    expect(screen.queryByText(AUTH_MESSAGES.sessionEnded)).not.toBeInTheDocument();
    expect(currentPath()).toBe('/videos');
    answer();
    await logout;
  });
});
