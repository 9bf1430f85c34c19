import { GROUP_MESSAGES, TEACHING_MESSAGES as M, type Notification } from '@estudai/contract/constants';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/api-mock.ts';
import { fakeSocket } from '../../../test/fake-socket.ts';
import { makeGroup, memberGroup, renderGroup } from '../../../test/groups.ts';
import { expectToast } from '../../../test/toast.ts';
import { GROUP_API, makeAnnouncement, makeClass } from '../testing/teaching-fixtures.ts';

vi.mock('../../../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../../../test/fake-socket.ts');
  return { useRealtimeSocket: () => fakeSocket };
});

beforeEach(() => fakeSocket.reset());

const notification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 'n-aviso',
  type: 'study_group',
  title: M.announcementNotificationTitle('Física para o ENEM'),
  message: 'Prova dia 10!',
  isRead: false,
  actionUrl: '/study-groups/x',
  createdAt: new Date().toISOString(),
  relatedUserAvatar: null,
  relatedUserName: 'Carla Mendes',
  ...overrides,
});

describe('group news arriving live', () => {
  it('shows a new announcement to a member on the group page at once, with the toast', async () => {
    let announcements = [makeAnnouncement({ content: 'Bem-vindos!' })];
    renderGroup(memberGroup(), { [`GET ${GROUP_API}/announcements`]: () => ok(announcements) });
    const region = await screen.findByRole('region', { name: M.announcementsTitle });
    expect(region).toHaveTextContent('Bem-vindos!');
    announcements = [makeAnnouncement({ id: 'an-2', content: 'Prova dia 10!' }), ...announcements];
    fakeSocket.receive('notification:new', notification(), { unread: 1, pendingRequests: 0 });
    await expectToast('Aviso em Física para o ENEM', 'Prova dia 10!');
    expect(await screen.findByText('Prova dia 10!', { selector: 'section p' })).toBeInTheDocument();
  });

  it('puts a class scheduled meanwhile in the agenda', async () => {
    let classes: ReturnType<typeof makeClass>[] = [];
    renderGroup(memberGroup(), { [`GET ${GROUP_API}/classes`]: () => ok(classes) });
    await screen.findByRole('tab', { name: 'Posts' });
    expect(screen.queryByRole('heading', { name: M.agendaTitle })).not.toBeInTheDocument();
    classes = [makeClass()];
    fakeSocket.receive(
      'notification:new',
      notification({
        id: 'n-aula',
        title: M.classNotificationTitle('Física para o ENEM'),
        message: 'Revisão',
      }),
      { unread: 1, pendingRequests: 0 },
    );
    expect(await screen.findByRole('heading', { name: M.agendaTitle })).toBeInTheDocument();
    expect(screen.getByText('Revisão de cinemática')).toBeInTheDocument();
  });
});

describe('a member removed while looking at the group', () => {
  it('sees the group turn members-only as the notification arrives', async () => {
    let removed = false;
    renderGroup(() => ok(removed ? makeGroup() : memberGroup()));
    await screen.findByRole('tab', { name: 'Posts' });
    removed = true;
    fakeSocket.receive(
      'notification:new',
      notification({
        id: 'n-removido',
        title: M.removedNotificationTitle,
        message: M.removedNotification('Física para o ENEM', 'Turma encerrada.'),
      }),
      { unread: 1, pendingRequests: 0 },
    );
    await expectToast(M.removedNotificationTitle, 'Motivo: Turma encerrada.');
    expect(await screen.findByText(GROUP_MESSAGES.membersOnly)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Posts' })).not.toBeInTheDocument();
  });
});
