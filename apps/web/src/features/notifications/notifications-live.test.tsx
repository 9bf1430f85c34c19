import { NOTIFICATION_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/api-mock.ts';
import { fakeSocket } from '../../test/fake-socket.ts';
import { expectToast } from '../../test/toast.ts';
import {
  counts,
  makeNotification,
  makeRequest,
  notificationsPage,
  openApp,
  tabBarLink,
} from './testing/notification-fixtures.ts';

vi.mock('../../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../../test/fake-socket.ts');
  return { useRealtimeSocket: () => fakeSocket };
});

beforeEach(() => fakeSocket.reset());

const liked = makeNotification({
  id: 'n-live',
  type: 'like',
  title: 'Nova curtida',
  message: 'Bruno Lima curtiu seu post.',
  actionUrl: '/post/p-1',
});

describe('live notifications', () => {
  it("raises the tab badge and shows a toast on 'notification:new' on any other page", async () => {
    openApp('/videos', { 'GET /api/notifications/counts': counts(1) });
    const link = await tabBarLink();
    await waitFor(() => expect(link).toHaveAccessibleName('Notificações, 1 novidade'));
    fakeSocket.receive('notification:new', liked, { unread: 2, pendingRequests: 1 });
    await expectToast('Nova curtida', 'Bruno Lima curtiu seu post.');
    await waitFor(() => expect(link).toHaveAccessibleName('Notificações, 3 novidades'));
    expect(link).toHaveTextContent('3');
  });

  it('only refreshes the list, without a toast, on the notifications screen', async () => {
    let stored = [makeNotification()];
    openApp('/notifications', { 'GET /api/notifications': () => notificationsPage(stored) });
    await screen.findByRole('button', { name: 'Novo seguidor' });
    stored = [liked, ...stored];
    fakeSocket.receive('notification:new', liked, { unread: 2, pendingRequests: 0 });
    expect(await screen.findByRole('button', { name: 'Nova curtida' })).toBeInTheDocument();
    await waitFor(async () => expect(await tabBarLink()).toHaveAccessibleName('Notificações, 2 novidades'));
    expect(screen.getByRole('tab', { name: /^Geral/ })).toHaveAccessibleName('Geral, 2 não lidas');
    const toasts = screen.getByRole('region', { name: 'Notificações (F8)' });
    expect(within(toasts).queryByText('Nova curtida')).not.toBeInTheDocument();
  });

  it("updates the badges on 'notification:counts' (read on another tab, a request received)", async () => {
    openApp('/videos', { 'GET /api/notifications/counts': counts(4) });
    const link = await tabBarLink();
    await waitFor(() => expect(link).toHaveTextContent('4'));
    fakeSocket.receive('notification:counts', { unread: 0, pendingRequests: 0 });
    await waitFor(() => expect(link).toHaveAccessibleName('Notificações'));
    fakeSocket.receive('notification:counts', { unread: 0, pendingRequests: 12 });
    await waitFor(() => expect(link).toHaveTextContent('9+'));
    expect(link).toHaveAccessibleName('Notificações, 12 novidades');
  });

  it('asks the counts again when the connection opens after the screen loaded (nothing missed meanwhile)', async () => {
    fakeSocket.connected = false;
    let unread = 0;
    openApp('/videos', { 'GET /api/notifications/counts': () => counts(unread) });
    const link = await tabBarLink();
    await waitFor(() => expect(link).toHaveAccessibleName('Notificações'));
    // A like arrives before the connection is open: no event reaches this tab.
    unread = 1;
    fakeSocket.reconnect();
    await waitFor(() => expect(link).toHaveAccessibleName('Notificações, 1 novidade'));
  });
});

describe('answering one of two connection requests', () => {
  const twoRequests = [
    makeRequest(),
    makeRequest({ id: 'r-2', fromUserId: 'u-elisa', fromUserName: 'Elisa Rocha' }),
  ];
  const oneLeft = { unread: 0, pendingRequests: 1 };

  async function openRequestsTab(answer: () => ReturnType<typeof ok>) {
    const view = openApp('/notifications', {
      'GET /api/notifications/requests': ok(twoRequests),
      'GET /api/notifications/counts': counts(0, 2),
      'PUT /api/notifications/requests/r-1': answer,
    });
    const requestsTab = await screen.findByRole('tab', { name: /^Solicitações/ });
    await waitFor(() => expect(requestsTab).toHaveAccessibleName('Solicitações, 2 pendentes'));
    await view.user.click(requestsTab);
    return { ...view, requestsTab };
  }

  it("keeps one pending when the server's counts arrive before its reply", async () => {
    const { user, requestsTab } = await openRequestsTab(() => {
      // The server pushes the new counts before it answers the PUT.
      fakeSocket.receive('notification:counts', oneLeft);
      return ok({ status: 'accepted' });
    });
    await user.click((await screen.findAllByRole('button', { name: 'Aceitar' }))[0] as HTMLElement);
    await expectToast(NOTIFICATION_MESSAGES.accepted);
    expect(requestsTab).toHaveAccessibleName('Solicitações, 1 pendente');
    expect(await tabBarLink()).toHaveAccessibleName('Notificações, 1 novidade');
  });

  it("keeps one pending when the server's counts arrive after its reply", async () => {
    const { user, requestsTab } = await openRequestsTab(() => ok({ status: 'rejected' }));
    await user.click((await screen.findAllByRole('button', { name: 'Rejeitar' }))[0] as HTMLElement);
    await expectToast(NOTIFICATION_MESSAGES.rejected);
    expect(requestsTab).toHaveAccessibleName('Solicitações, 1 pendente');
    fakeSocket.receive('notification:counts', oneLeft);
    expect(requestsTab).toHaveAccessibleName('Solicitações, 1 pendente');
    expect(await tabBarLink()).toHaveAccessibleName('Notificações, 1 novidade');
  });
});
