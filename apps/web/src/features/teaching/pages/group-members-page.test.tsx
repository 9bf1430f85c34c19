import { type GroupTeacher, TEACHING_MESSAGES as M, type UserSummary } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, currentRequest, fail, lastPage, mockApi, ok } from '../../../test/api-mock.ts';
import { GROUP_ID, ownGroup, permissionsOf } from '../../../test/groups.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { GROUP_API, makeMember } from '../testing/teaching-fixtures.ts';

const PAGE = `/study-groups/${GROUP_ID}/membros`;
const SLOW_MS = 15_000;

const bruno = makeMember({
  isPaying: true,
  accessEndsAt: '2027-02-21T15:00:00.000Z',
  lastActiveAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
  answersCount: 42,
  simuladosCount: 1,
});
const owner: GroupTeacher = {
  userId: ana.id,
  username: ana.username,
  displayName: ana.displayName,
  avatar: null,
  userType: 'professor',
  isOwner: true,
  addedAt: '2026-10-01T12:00:00.000Z',
};
const carol = makeMember({ userId: 'u-carol', username: 'carol.dias', displayName: 'Carol Dias' });

function openMembers(handlers = {}) {
  const api = mockApi(
    {
      [`GET ${GROUP_API}`]: ok(ownGroup()),
      [`GET ${GROUP_API}/members`]: lastPage([bruno, carol]),
      [`GET ${GROUP_API}/permissions`]: ok(permissionsOf(true)),
      [`GET ${GROUP_API}/teachers`]: ok([owner]),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp(PAGE, { storedUser: ana }) };
}

describe('/study-groups/{id}/membros', { timeout: SLOW_MS }, () => {
  it('lists each member with joined date, access end of a paying one, last activity and activity counts', async () => {
    openMembers();
    const list = await screen.findByRole('list', { name: 'Membros do grupo' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Bruno Lima');
    expect(first).toHaveTextContent('Entrou em:5 de outubro de 2026');
    expect(first).toHaveTextContent('Acesso até:21 de fevereiro de 2027');
    expect(first).toHaveTextContent('Última atividade:há 2h');
    expect(first).toHaveTextContent('42 respostas · 1 simulado');
    expect(within(first as HTMLElement).getByText('Pagante')).toBeInTheDocument();
    expect(second).toHaveTextContent('Carol Dias');
    expect(second).toHaveTextContent('Última atividade:Nenhuma ainda');
    expect(second).not.toHaveTextContent('Acesso até');
  });

  it('searches by name (the query goes to the server) and exports what it found as CSV', async () => {
    const { api, user } = openMembers({
      [`GET ${GROUP_API}/members`]: () =>
        new URLSearchParams(currentRequest()?.query).get('q') === 'carol'
          ? lastPage([carol])
          : lastPage([bruno, carol]),
    });
    await screen.findByText('Bruno Lima');
    expect(screen.getByRole('link', { name: M.membersExport })).toHaveAttribute(
      'href',
      `${GROUP_API}/members.csv`,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Buscar membros' }), 'carol');
    await waitFor(() => expect(screen.queryByText('Bruno Lima')).not.toBeInTheDocument());
    expect(await screen.findByText('Carol Dias')).toBeInTheDocument();
    expect(api.calls.some((call) => call.query?.includes('q=carol'))).toBe(true);
    expect(screen.getByRole('link', { name: M.membersExport })).toHaveAttribute(
      'href',
      `${GROUP_API}/members.csv?q=carol`,
    );
  });

  it('removes a paying member with a reason, says they are refunded, and the list no longer has them', async () => {
    let removed = false;
    const { api, user } = openMembers({
      [`GET ${GROUP_API}/members`]: () => lastPage(removed ? [carol] : [bruno, carol]),
      [`DELETE ${GROUP_API}/members/u-bruno`]: () => {
        removed = true;
        return ok({ userId: 'u-bruno', refunded: true, refundAmount: 4990 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remover Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover Bruno Lima?' });
    expect(dialog).toHaveTextContent('o último pagamento é reembolsado');
    await user.click(within(dialog).getByRole('button', { name: M.removeMember }));
    expect(await within(dialog).findByText(M.removeReasonRequired)).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${GROUP_API}/members/u-bruno`)).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText(M.removeReasonLabel),
      'Compartilhou o material fora do grupo.',
    );
    await user.click(within(dialog).getByRole('button', { name: M.removeMember }));
    await expectToast(M.memberRemovedRefunded, 'R$ 49,90 devolvidos a Bruno Lima.');
    expect(api.callsTo('DELETE', `${GROUP_API}/members/u-bruno`)[0]?.body).toEqual({
      reason: 'Compartilhou o material fora do grupo.',
    });
    await waitFor(() => expect(screen.queryByText('Bruno Lima')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("does not offer to remove the owner, and shows the server's refusal when removing fails", async () => {
    const owner = makeMember({ userId: 'u-carla', displayName: 'Carla Mendes', username: 'prof.carla' });
    const { user } = openMembers({
      [`GET ${GROUP_API}`]: ok(ownGroup({ ownerId: 'u-carla' })),
      [`GET ${GROUP_API}/members`]: lastPage([owner, carol]),
      [`DELETE ${GROUP_API}/members/u-carol`]: fail(404, M.memberNotFound, 'NOT_FOUND'),
    });
    await screen.findByText('Carla Mendes');
    expect(screen.queryByRole('button', { name: 'Remover Carla Mendes' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover Carol Dias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover Carol Dias?' });
    expect(dialog).not.toHaveTextContent('reembolsado');
    await user.type(within(dialog).getByLabelText(M.removeReasonLabel), 'Inativa.');
    await user.click(within(dialog).getByRole('button', { name: M.removeMember }));
    expect(await within(dialog).findByText(M.memberNotFound)).toBeInTheDocument();
  });

  it("tells a member who opens the page that only the group's teachers manage it", async () => {
    openMembers({ [`GET ${GROUP_API}/members`]: fail(403, M.manageForbidden, 'FORBIDDEN') });
    expect(await screen.findByText(M.manageForbidden)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o grupo' })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}`,
    );
    expect(screen.queryByRole('link', { name: M.membersExport })).not.toBeInTheDocument();
  });

  it('lets the owner add a professor they follow as co-teacher, and remove them', async () => {
    const prof: UserSummary = {
      id: 'u-davi',
      displayName: 'Davi Rocha',
      username: 'prof.davi',
      avatar: null,
      isVerified: true,
      userType: 'professor',
      isFollowing: true,
    };
    const student: UserSummary = { ...prof, id: 'u-eva', displayName: 'Eva Lins', userType: 'aluno' };
    let teachers = [owner];
    const { api, user } = openMembers({
      [`GET ${GROUP_API}/teachers`]: () => ok(teachers),
      'GET /api/users/u-carla/following': lastPage([prof, student]),
      [`POST ${GROUP_API}/teachers`]: () => {
        teachers = [
          owner,
          {
            ...owner,
            userId: prof.id,
            displayName: prof.displayName,
            username: prof.username,
            isOwner: false,
          },
        ];
        return ok(teachers[1], 201);
      },
      [`DELETE ${GROUP_API}/teachers/${prof.id}`]: () => {
        teachers = [owner];
        return { status: 204 };
      },
    });
    const section = await screen.findByRole('list', { name: M.teachersTitle });
    expect(await within(section).findByText('Dono')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: M.addTeacher }));
    const dialog = await screen.findByRole('dialog', { name: M.addTeacher });
    expect(within(dialog).queryByText('Eva Lins')).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Adicionar Davi Rocha' }));
    await expectToast(M.teacherAdded, 'Davi Rocha');
    expect(api.callsTo('POST', `${GROUP_API}/teachers`)[0]?.body).toEqual({ userId: prof.id });
    await waitFor(() => expect(within(dialog).queryByText('Davi Rocha')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Remover Davi Rocha dos professores' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover professor?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await expectToast(M.teacherRemoved);
    await waitFor(() => expect(within(section).queryByText('Davi Rocha')).not.toBeInTheDocument());
  });

  it('finds a teacher the owner does not follow by name, and adds them (issue 36)', async () => {
    const prof: UserSummary = {
      id: 'u-rui',
      displayName: 'Rui Matos',
      username: 'prof.rui',
      avatar: null,
      isVerified: true,
      userType: 'mentor',
      isFollowing: false,
    };
    const student: UserSummary = { ...prof, id: 'u-ruth', displayName: 'Ruth Matos', userType: 'aluno' };
    const { api, user } = openMembers({
      [`GET ${GROUP_API}/teachers`]: ok([owner]),
      'GET /api/users/u-carla/following': lastPage([]),
      'GET /api/search': lastPage([prof, student]),
      [`POST ${GROUP_API}/teachers`]: ok(
        { ...owner, userId: prof.id, displayName: prof.displayName, isOwner: false },
        201,
      ),
    });
    await user.click(await screen.findByRole('button', { name: M.addTeacher }));
    const dialog = await screen.findByRole('dialog', { name: M.addTeacher });
    await user.type(
      within(dialog).getByRole('searchbox', { name: 'Buscar professor, mentor ou tutor' }),
      'matos',
    );
    const found = await within(dialog).findByRole('list', { name: 'Professores encontrados' });
    expect(within(found).queryByText('Ruth Matos')).not.toBeInTheDocument();
    expect(new URLSearchParams(api.callsTo('GET', '/api/search').at(-1)?.query).get('q')).toBe('matos');
    await user.click(within(found).getByRole('button', { name: 'Adicionar Rui Matos' }));
    await expectToast(M.teacherAdded, 'Rui Matos');
    expect(api.callsTo('POST', `${GROUP_API}/teachers`)[0]?.body).toEqual({ userId: prof.id });
  });

  it('shows no co-teacher management to a co-teacher', async () => {
    openMembers({ [`GET ${GROUP_API}/permissions`]: ok(permissionsOf(false, true)) });
    await screen.findByText('Bruno Lima');
    expect(screen.queryByRole('button', { name: M.addTeacher })).not.toBeInTheDocument();
  });
});
