import { TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/api-mock.ts';
import {
  GROUP_ID,
  makeGroup,
  memberGroup,
  ownGroup,
  paidGroup,
  permissionsOf,
  renderGroup,
} from '../../../test/groups.ts';
import { expectToast } from '../../../test/toast.ts';
import { GROUP_API, makeAnnouncement, makeClass, makeInviteLink } from '../testing/teaching-fixtures.ts';

const SLOW_MS = 20_000;
const tools = () => screen.findByRole('navigation', { name: 'Ferramentas do professor' });

describe('the teacher on the group page', { timeout: SLOW_MS }, () => {
  it("gives the owner the teacher's tools: members, announcement, class, invite links, earnings", async () => {
    renderGroup(ownGroup());
    const nav = await tools();
    expect(within(nav).getByRole('link', { name: M.membersTitle })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}/membros`,
    );
    expect(within(nav).getByRole('link', { name: M.earningsTitle })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}/receitas`,
    );
    for (const name of [M.newAnnouncement, M.newClass, M.inviteLinksTitle]) {
      expect(within(nav).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('gives a co-teacher the members, announcements and classes, not the invite links nor the earnings, and the content', async () => {
    renderGroup(makeGroup(), { [`GET ${GROUP_API}/permissions`]: ok(permissionsOf(false, true)) });
    const nav = await tools();
    expect(within(nav).getByRole('link', { name: M.membersTitle })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: M.earningsTitle })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: M.inviteLinksTitle })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Posts' })).toBeInTheDocument();
  });

  it('shows a member no tools, but the pinned announcement and the agenda on top', async () => {
    renderGroup(memberGroup(), {
      [`GET ${GROUP_API}/announcements`]: ok([
        makeAnnouncement(),
        makeAnnouncement({ id: 'an-0', content: 'Aviso antigo', isPinned: false }),
      ]),
      [`GET ${GROUP_API}/classes`]: ok([
        makeClass(),
        makeClass({
          id: 'cl-2',
          title: 'Dinâmica',
          startsAt: '2026-12-12T22:30:00.000Z',
          durationMinutes: 45,
        }),
      ]),
    });
    const pinned = await screen.findByRole('region', { name: M.announcementsTitle });
    expect(pinned).toHaveTextContent('Aula extra de revisão no sábado!');
    expect(pinned).toHaveTextContent('Carla Mendes');
    expect(screen.queryByText('Aviso antigo')).not.toBeInTheDocument();

    const agenda = (await screen.findByRole('heading', { name: M.agendaTitle })).parentElement as HTMLElement;
    expect(agenda).toHaveTextContent(M.nextClass);
    expect(agenda).toHaveTextContent('Revisão de cinemática');
    expect(agenda).toHaveTextContent('05/12 às 19:30 (horário de Brasília) · 1h30');
    expect(within(agenda).getByRole('link', { name: M.joinClass })).toHaveAttribute(
      'href',
      'https://meet.google.com/abc-defg-hij',
    );
    const ics = within(agenda).getByRole('link', { name: M.addToCalendar });
    expect(ics).toHaveAttribute('href', `${GROUP_API}/classes/cl-1/calendar.ics`);
    expect(ics).toHaveAttribute('download');
    expect(within(agenda).getByRole('list', { name: 'Próximas aulas' })).toHaveTextContent('Dinâmica');
    expect(screen.queryByRole('navigation', { name: 'Ferramentas do professor' })).not.toBeInTheDocument();
  });

  it('posts an announcement that then shows pinned on top', async () => {
    let posted = false;
    const { api, user } = renderGroup(ownGroup(), {
      [`GET ${GROUP_API}/announcements`]: () =>
        ok(posted ? [makeAnnouncement({ content: 'Prova dia 10!' })] : []),
      [`POST ${GROUP_API}/announcements`]: () => {
        posted = true;
        return ok(makeAnnouncement({ content: 'Prova dia 10!' }), 201);
      },
    });
    await user.click(within(await tools()).getByRole('button', { name: M.newAnnouncement }));
    const dialog = await screen.findByRole('dialog', { name: M.newAnnouncement });
    await user.click(within(dialog).getByRole('button', { name: 'Publicar aviso' }));
    expect(await within(dialog).findByText(M.announcementRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Aviso'), 'Prova dia 10!');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar aviso' }));
    await expectToast(M.announcementPosted);
    expect(api.callsTo('POST', `${GROUP_API}/announcements`)[0]?.body).toEqual({ content: 'Prova dia 10!' });
    expect(await screen.findByRole('region', { name: M.announcementsTitle })).toHaveTextContent(
      'Prova dia 10!',
    );
  });

  it('schedules a live class in Brasília time with an https link; refuses a non-https one first', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T12:00:00.000Z') });
    const { api, user } = renderGroup(ownGroup(), {
      [`POST ${GROUP_API}/classes`]: ok(makeClass(), 201),
    });
    await user.click(within(await tools()).getByRole('button', { name: M.newClass }));
    const dialog = await screen.findByRole('dialog', { name: M.newClass });
    await user.type(within(dialog).getByLabelText('Título'), 'Revisão de cinemática');
    const start = within(dialog).getByLabelText('Começa em (horário de Brasília)');
    await user.clear(start);
    await user.type(start, '2026-12-05T19:30');
    const duration = within(dialog).getByLabelText(/Duração/);
    await user.clear(duration);
    await user.type(duration, '90');
    await user.type(within(dialog).getByLabelText(/Link da reunião/), 'http://meet.example.com/x');
    await user.click(within(dialog).getByRole('button', { name: M.newClass }));
    expect(await within(dialog).findByText(M.classLinkInvalid)).toBeInTheDocument();
    expect(api.callsTo('POST', `${GROUP_API}/classes`)).toHaveLength(0);

    const link = within(dialog).getByLabelText(/Link da reunião/);
    await user.clear(link);
    await user.type(link, 'https://meet.google.com/abc-defg-hij');
    await user.click(within(dialog).getByRole('button', { name: M.newClass }));
    await expectToast(M.classScheduled);
    expect(api.callsTo('POST', `${GROUP_API}/classes`)[0]?.body).toEqual({
      title: 'Revisão de cinemática',
      startsAt: '2026-12-05T19:30:00-03:00',
      durationMinutes: 90,
      meetingUrl: 'https://meet.google.com/abc-defg-hij',
    });
  });

  it('shows the server refusing a class in the past', async () => {
    const { user } = renderGroup(ownGroup(), {
      [`POST ${GROUP_API}/classes`]: fail(400, M.classInPast, 'VALIDATION_ERROR'),
    });
    await user.click(within(await tools()).getByRole('button', { name: M.newClass }));
    const dialog = await screen.findByRole('dialog', { name: M.newClass });
    await user.type(within(dialog).getByLabelText('Título'), 'Plantão');
    await user.type(within(dialog).getByLabelText(/Link da reunião/), 'https://meet.google.com/x');
    await user.click(within(dialog).getByRole('button', { name: M.newClass }));
    expect(await within(dialog).findByText(M.classInPast)).toBeInTheDocument();
  });

  it('creates an invite link with a coupon for a paid group, copies it and revokes it', async () => {
    let links = [
      makeInviteLink({ code: 'old1', url: 'http://localhost/convite/old1', usesCount: 3, maxUses: 10 }),
    ];
    const created = makeInviteLink({
      code: 'new1',
      url: 'http://localhost/convite/new1',
      maxUses: 5,
      couponPercent: 20,
    });
    const { api, user } = renderGroup(paidGroup({ isMember: true, isOwner: true }), {
      [`GET ${GROUP_API}/invite-links`]: () => ok(links),
      [`POST ${GROUP_API}/invite-links`]: () => {
        links = [created, ...links];
        return ok(created, 201);
      },
      [`DELETE ${GROUP_API}/invite-links/new1`]: () => {
        links = links.map((link) =>
          link.code === 'new1' ? { ...link, isActive: false, revokedAt: '2026-11-26T13:00:00.000Z' } : link,
        );
        return { status: 204 };
      },
    });
    await user.click(within(await tools()).getByRole('button', { name: M.inviteLinksTitle }));
    const dialog = await screen.findByRole('dialog', { name: M.inviteLinksTitle });
    expect(await within(dialog).findByText('http://localhost/convite/old1')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('3 de 10 usos');

    await user.type(within(dialog).getByLabelText('Cupom de desconto (%)'), '101');
    await user.click(within(dialog).getByRole('button', { name: 'Criar link de convite' }));
    expect(await within(dialog).findByText(M.couponInvalid)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Cupom de desconto (%)'));
    await user.type(within(dialog).getByLabelText('Cupom de desconto (%)'), '20');
    await user.type(within(dialog).getByLabelText('Limite de usos (opcional)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Criar link de convite' }));
    await expectToast(M.inviteLinkCreated);
    expect(api.callsTo('POST', `${GROUP_API}/invite-links`)[0]?.body).toEqual({
      maxUses: 5,
      expiresAt: null,
      couponPercent: 20,
      couponMaxUses: null,
    });

    const item = (await within(dialog).findByText('http://localhost/convite/new1')).closest(
      'li',
    ) as HTMLElement;
    expect(item).toHaveTextContent('cupom de 20%');
    await user.click(within(item).getByRole('button', { name: 'Copiar link' }));
    await expectToast(M.inviteLinkCopied);
    // user-event puts its own clipboard in the page: what the button wrote is there.
    expect(await navigator.clipboard.readText()).toBe('http://localhost/convite/new1');

    await user.click(within(item).getByRole('button', { name: 'Revogar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revogar link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revogar' }));
    await expectToast(M.inviteLinkRevoked);
    await waitFor(() => expect(within(item).getByText('Revogado')).toBeInTheDocument());
    expect(within(item).queryByRole('button', { name: 'Copiar link' })).not.toBeInTheDocument();
  });

  it('offers no coupon for a free group', async () => {
    const { user } = renderGroup(ownGroup(), { [`GET ${GROUP_API}/invite-links`]: ok([]) });
    await user.click(within(await tools()).getByRole('button', { name: M.inviteLinksTitle }));
    const dialog = await screen.findByRole('dialog', { name: M.inviteLinksTitle });
    expect(await within(dialog).findByText('Nenhum link criado ainda.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Cupom de desconto (%)')).not.toBeInTheDocument();
  });
});
