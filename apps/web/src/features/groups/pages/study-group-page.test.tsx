import { GROUP_MESSAGES, type Receipt } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ana, fail, lastPage, mockApi, ok } from '../../../test/api-mock.ts';
import { paddingClasses } from '../../../test/classes.ts';
import {
  carla,
  GROUP_ID,
  makeGroup,
  makeMembership,
  memberGroup,
  ownGroup,
  paidGroup,
  renderGroup,
} from '../../../test/groups.ts';
import { currentPath, type renderApp, renderWithProviders } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { StudyGroupPage } from './study-group-page.tsx';

const groupPath = `/api/study-groups/${GROUP_ID}`;
/** Whole journeys through the app: room for a busy machine. */
const SLOW_MS = 15_000;

const heading = (name: string) => screen.findByRole('heading', { name });

async function chooseFromMenu(user: ReturnType<typeof renderApp>['user'], item: string) {
  await user.click(await screen.findByRole('button', { name: 'Opções do grupo' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('/study-groups/{id} for a visitor', { timeout: SLOW_MS }, () => {
  it("says 'Grupo não encontrado' for an unknown group, with a way back", async () => {
    const { user } = renderGroup(() => fail(404, GROUP_MESSAGES.notFound, 'NOT_FOUND'));
    expect(await heading('Grupo não encontrado')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voltar para grupos' }));
    expect(currentPath()).toBe('/study-groups');
  });

  it('shows the public card: numbers, status, category, tags and the owner, but not the content', async () => {
    const { api } = renderGroup(makeGroup({ tags: ['cinemática', 'energia'] }));
    expect(await heading('Física para o ENEM')).toBeInTheDocument();
    expect(screen.getByText('Cinemática, dinâmica e energia com listas semanais.')).toBeInTheDocument();
    expect(screen.getByText('12/50')).toBeInTheDocument();
    expect(screen.getByText('Ativo')).toBeInTheDocument();
    expect(screen.getByText('Física')).toBeInTheDocument();
    expect(screen.getByText('#cinemática')).toBeInTheDocument();
    expect(screen.queryByText('Preço')).not.toBeInTheDocument();

    const owner = screen.getByRole('link', { name: `Perfil de ${carla.displayName}` });
    expect(owner).toHaveAttribute('href', '/user/u-carla');
    expect(within(owner).getByText('Verificado')).toBeInTheDocument();
    expect(owner).toHaveTextContent('4,8');
    expect(owner).toHaveTextContent('120 alunos');

    expect(screen.getByText(GROUP_MESSAGES.membersOnly)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Posts' })).not.toBeInTheDocument();
    expect(screen.queryByText('Membro do grupo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opções do grupo' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `${groupPath}/posts`)).toHaveLength(0);
  });

  it('runs the cover image to the edges of its card, with no padding around it', async () => {
    const cover = 'https://exemplo.com.br/capa.png';
    const { container } = renderGroup(makeGroup({ coverImage: cover }));
    await heading('Física para o ENEM');
    const card = container.querySelector(`img[src="${cover}"]`)?.parentElement;
    expect(card).toHaveClass('overflow-hidden');
    expect(paddingClasses(card as HTMLElement)).toEqual([]);
  });

  it("shows 'Inativo' for a deactivated group and does not let anyone in", async () => {
    renderGroup(makeGroup({ isActive: false }));
    expect(await screen.findByText('Inativo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar no grupo' })).toBeDisabled();
    expect(screen.getByText(GROUP_MESSAGES.groupInactive)).toBeInTheDocument();
  });

  it("joins a free group: 'Entrar no grupo', the welcome toast, then the member's view", async () => {
    let joined = false;
    const { api, user } = renderGroup(() => ok(joined ? memberGroup({ currentMembers: 13 }) : makeGroup()), {
      [`POST ${groupPath}/membership`]: () => {
        joined = true;
        return ok({ id: 'ms-1', status: 'active' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Entrar no grupo' }));
    await expectToast('Bem-vindo ao grupo!');
    expect(api.callsTo('POST', `${groupPath}/membership`)[0]?.body).toEqual({ action: 'join' });
    expect(await screen.findByText('Membro do grupo')).toBeInTheDocument();
    expect(screen.getByText('13/50')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Posts' })).toBeInTheDocument();
    expect(await screen.findByText('Nenhum post encontrado')).toBeInTheDocument();
  });

  it("says 'Este grupo está lotado.' where the join button would be, for a free or a paid group", async () => {
    for (const group of [makeGroup({ currentMembers: 50 }), paidGroup({ currentMembers: 50 })]) {
      const view = renderGroup(group);
      expect(await screen.findByText(GROUP_MESSAGES.groupFull)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Entrar no grupo' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Assinar por/ })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it("tells why the group refused the join when it filled meanwhile (409), with the server's message", async () => {
    const { user } = renderGroup(makeGroup(), {
      [`POST ${groupPath}/membership`]: fail(409, GROUP_MESSAGES.groupFull, 'GROUP_FULL'),
    });
    await user.click(await screen.findByRole('button', { name: 'Entrar no grupo' }));
    await expectToast('Erro', 'Este grupo está lotado.');
    expect(screen.queryByText('Membro do grupo')).not.toBeInTheDocument();
  });

  it("keeps 'R$' and the amount together in the 'Preço' box (a no-break space: no line between them on a phone)", async () => {
    renderGroup(paidGroup());
    const price = (await screen.findByText('Preço')).nextElementSibling;
    expect(price?.textContent).toContain('R$\u00a049,90');
  });

  it("sends a paid group's visitor to the payment screen: 'Assinar por R$ 49,90'", async () => {
    const { api, user } = renderGroup(paidGroup());
    expect(await screen.findByText('R$ 49,90')).toBeInTheDocument();
    expect(screen.getByText('Acesso por 3 meses')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assinar por R$\u00a049,90' }));
    expect(currentPath()).toBe(`/study-groups/${GROUP_ID}/payment`);
    expect(api.callsTo('POST', `${groupPath}/membership`)).toHaveLength(0);
  });
});

describe('/study-groups/{id} for a member', { timeout: SLOW_MS }, () => {
  it("mutes the group's news from the menu, and offers to turn them back on", async () => {
    let muted = false;
    const { api, user } = renderGroup(memberGroup(), {
      [`GET ${groupPath}/membership`]: () => ok(makeMembership({ isMuted: muted })),
      [`POST ${groupPath}/membership`]: ({ body }: { body: unknown }) => {
        muted = (body as { action: string }).action === 'mute';
        return ok(makeMembership({ isMuted: muted }));
      },
    });
    await chooseFromMenu(user, 'Silenciar novidades');
    await expectToast(GROUP_MESSAGES.mutedTitle, GROUP_MESSAGES.muted);
    expect(api.callsTo('POST', `${groupPath}/membership`)[0]?.body).toEqual({ action: 'mute' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await chooseFromMenu(user, 'Reativar novidades');
    await expectToast(GROUP_MESSAGES.unmutedTitle);
    expect(api.callsTo('POST', `${groupPath}/membership`)[1]?.body).toEqual({ action: 'unmute' });
  });

  it('tells a paid member when their access ends and shows the receipt of their payment', async () => {
    const receipt = {
      id: 'pay-1',
      studyGroupId: GROUP_ID,
      groupName: 'Física para o ENEM',
      provider: 'stripe',
      method: 'card',
      amount: 4990,
      currency: 'BRL',
      testMode: false,
      paidAt: '2026-11-21T15:00:00.000Z',
      durationMonths: 3,
      providerRef: 'cs_test_a1b2c3',
      status: 'approved',
      refundedAt: null,
      couponPercent: null,
      accessEndsAt: '2027-02-21T15:00:00.000Z',
    } satisfies Receipt;
    const { user } = renderGroup(paidGroup({ isMember: true }), {
      [`GET ${groupPath}/membership`]: ok(makeMembership({ expiresAt: '2027-02-21T15:00:00.000Z' })),
      'GET /api/payments/mine': ok([receipt]),
    });
    expect(await screen.findByText('Acesso até 21 de fevereiro de 2027')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver recibo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recibo' });
    expect(await within(dialog).findByText('R$ 49,90')).toBeInTheDocument();
    expect(within(dialog).getByText('Física para o ENEM')).toBeInTheDocument();
    expect(within(dialog).getByText('cs_test_a1b2c3')).toBeInTheDocument();
    expect(within(dialog).getByText(/21 de novembro de 2026/)).toBeInTheDocument();
    const download = within(dialog).getByRole('link', { name: 'Baixar recibo' });
    expect(download).toHaveAttribute('download');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain('Valor: R$\u00a049,90');
  });

  it("holds the access box's place while a paid member's access loads, so the tabs below stay put", async () => {
    renderGroup(paidGroup({ isMember: true }), {
      [`GET ${groupPath}/membership`]: 'no-reply',
      'GET /api/payments/mine': ok([]),
    });
    const receipt = await screen.findByRole('button', { name: 'Ver recibo' });
    // The box the access end will fill is already there, its text a placeholder.
    expect(receipt.parentElement).toHaveClass('bg-indigo-50');
    expect(screen.queryByText(/Acesso até|Acesso vitalício/)).not.toBeInTheDocument();
  });

  it('shows no access end for a free group', async () => {
    renderGroup(memberGroup(), { [`GET ${groupPath}/membership`]: ok(makeMembership()) });
    expect(await screen.findByText('Membro do grupo')).toBeInTheDocument();
    expect(screen.queryByText(/Acesso até/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver recibo' })).not.toBeInTheDocument();
  });

  it("shows 'Membro do grupo' and leaves after confirming: 'Grupo abandonado', back to the list", async () => {
    const { api, user } = renderGroup(memberGroup(), {
      [`POST ${groupPath}/membership`]: ok({ id: 'ms-1', status: 'left' }),
      'GET /api/study-groups/available': lastPage([]),
    });
    expect(await screen.findByText('Membro do grupo')).toBeInTheDocument();
    await chooseFromMenu(user, 'Sair do grupo');
    const dialog = await screen.findByRole('dialog', { name: 'Sair do grupo?' });
    expect(api.callsTo('POST', `${groupPath}/membership`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sair do grupo' }));
    await expectToast('Grupo abandonado');
    expect(api.callsTo('POST', `${groupPath}/membership`)[0]?.body).toEqual({ action: 'leave' });
    await waitFor(() => expect(currentPath()).toBe('/study-groups'));
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { api, user } = renderGroup(memberGroup());
    await chooseFromMenu(user, 'Sair do grupo');
    const dialog = await screen.findByRole('dialog', { name: 'Sair do grupo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${groupPath}/membership`)).toHaveLength(0);
    expect(currentPath()).toBe(`/study-groups/${GROUP_ID}`);
  });

  it("gives focus back to the menu's button when 'Arquivar grupo?' is dismissed from the keyboard", async () => {
    const { user } = renderGroup(memberGroup());
    const menuButton = await screen.findByRole('button', { name: 'Opções do grupo' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Arquivar grupo' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Arquivar grupo?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it("gives focus back to the menu's button after 'Cancelar' in 'Sair do grupo?'", async () => {
    const { user } = renderGroup(memberGroup());
    const menuButton = await screen.findByRole('button', { name: 'Opções do grupo' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menuitem', { name: 'Sair do grupo' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sair do grupo?' });
    within(dialog).getByRole('button', { name: 'Cancelar' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it("archives after confirming: 'Grupo arquivado', back to the list", async () => {
    const { api, user } = renderGroup(memberGroup(), {
      [`POST ${groupPath}/membership`]: ok({ id: 'ms-1', status: 'active' }),
      'GET /api/study-groups/available': lastPage([]),
    });
    await chooseFromMenu(user, 'Arquivar grupo');
    const dialog = await screen.findByRole('dialog', { name: 'Arquivar grupo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Arquivar grupo' }));
    await expectToast('Grupo arquivado');
    expect(api.callsTo('POST', `${groupPath}/membership`)[0]?.body).toEqual({ action: 'archive' });
    await waitFor(() => expect(currentPath()).toBe('/study-groups'));
  });

  it("offers 'Desarquivar grupo' for an archived group", async () => {
    let archived = true;
    const { api, user } = renderGroup(() => ok(memberGroup({ isArchived: archived })), {
      [`POST ${groupPath}/membership`]: () => {
        archived = false;
        return ok({ id: 'ms-1', status: 'active' });
      },
    });
    await chooseFromMenu(user, 'Desarquivar grupo');
    const dialog = await screen.findByRole('dialog', { name: 'Desarquivar grupo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desarquivar grupo' }));
    await expectToast('Grupo desarquivado');
    expect(api.callsTo('POST', `${groupPath}/membership`)[0]?.body).toEqual({ action: 'unarchive' });
    expect(currentPath()).toBe(`/study-groups/${GROUP_ID}`);
  });

  it('rates the group with 1–5 stars', async () => {
    const { api, user } = renderGroup(memberGroup({ rating: 4.5, ratingsCount: 2 }), {
      [`PUT ${groupPath}/rating`]: ok({ rating: 4.3, ratingsCount: 3, myRating: 4 }),
    });
    const stars = await screen.findByRole('radiogroup', { name: 'Avalie este grupo' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    await user.click(within(stars).getByRole('radio', { name: '4 estrelas' }));
    await expectToast('Avaliação enviada');
    expect(api.callsTo('PUT', `${groupPath}/rating`)[0]?.body).toEqual({ rating: 4 });
    expect(screen.getByRole('radio', { name: '4 estrelas' })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Sua avaliação' })).toBeInTheDocument();
    expect(screen.getByText('4,3')).toBeInTheDocument();
  });
});

describe('/study-groups/{id} for its owner', { timeout: SLOW_MS }, () => {
  it("shows 'Você é o dono', no member menu, and deactivates after confirming", async () => {
    const { api, user } = renderGroup(ownGroup(), {
      [`PATCH ${groupPath}`]: ok(ownGroup({ isActive: false })),
    });
    expect(await screen.findByText('Você é o dono')).toBeInTheDocument();
    expect(screen.queryByText('Membro do grupo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opções do grupo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desativar grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar grupo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desativar grupo' }));
    await expectToast('Grupo desativado');
    expect(api.callsTo('PATCH', groupPath)[0]?.body).toEqual({ isActive: false });
    expect(await screen.findByText('Inativo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reativar grupo' })).toBeInTheDocument();
  });

  it("invites a follower from 'Convidar': the invite goes to the server and the button says so", async () => {
    const group = ownGroup();
    const follower = {
      id: 'u-bia',
      displayName: 'Bia Lima',
      username: 'bia',
      avatar: null,
      isVerified: false,
      userType: 'aluno',
    };
    const { api, user } = renderGroup(group, {
      [`GET /api/users/${group.ownerId}/followers`]: lastPage([follower]),
      [`POST ${groupPath}/invites`]: ok({ message: GROUP_MESSAGES.invited }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Convidar' }));
    const dialog = await screen.findByRole('dialog', { name: GROUP_MESSAGES.inviteTitle });
    await user.click(await within(dialog).findByRole('button', { name: 'Convidar Bia Lima' }));
    await expectToast(GROUP_MESSAGES.invited);
    expect(api.callsTo('POST', `${groupPath}/invites`)[0]?.body).toEqual({ userId: 'u-bia' });
    expect(within(dialog).getByRole('button', { name: 'Convidar Bia Lima' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Convidar Bia Lima' })).toHaveTextContent('Convidado');
    // The server leaves out who is already in the group (issue 36).
    expect(
      new URLSearchParams(api.callsTo('GET', `/api/users/${group.ownerId}/followers`)[0]?.query).get(
        'notInGroup',
      ),
    ).toBe(group.id);
  });

  it('asks before changing the price of a paid group with paying members, and saves only once confirmed', async () => {
    const group = ownGroup({ isPaid: true, price: 4990, subscriptionDuration: 3, currentMembers: 12 });
    const { api, user } = renderGroup(group, {
      [`PATCH ${groupPath}`]: ({ body }: { body: unknown }) => ok({ ...group, ...(body as object) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Editar grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar grupo' });
    const price = within(dialog).getByLabelText('Preço (R$)');
    expect(price).toHaveValue('49,90');
    await user.clear(price);
    await user.type(price, '19,90');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const confirm = await screen.findByRole('dialog', { name: GROUP_MESSAGES.priceChangeTitle });
    expect(confirm).toHaveTextContent('12 membros pagantes');
    expect(confirm).toHaveTextContent('R$ 49,90 para R$ 19,90');
    expect(api.callsTo('PATCH', groupPath)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: GROUP_MESSAGES.priceChangeConfirm }));
    await expectToast('Grupo atualizado');
    expect(api.callsTo('PATCH', groupPath)[0]?.body).toMatchObject({ price: 1990 });
  });

  it("edits the group in 'Editar grupo' with the form already filled in", async () => {
    const { api, user } = renderGroup(ownGroup({ tags: ['energia'] }), {
      [`PATCH ${groupPath}`]: ok(ownGroup({ name: 'Física Total', tags: ['energia'] })),
    });
    await user.click(await screen.findByRole('button', { name: 'Editar grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar grupo' });
    const name = within(dialog).getByLabelText('Nome do grupo');
    expect(name).toHaveValue('Física para o ENEM');
    expect(within(dialog).getByLabelText('Categoria')).toHaveDisplayValue('Física');
    await user.clear(name);
    await user.type(name, 'Física Total');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Grupo atualizado');
    expect(api.callsTo('PATCH', groupPath)[0]?.body).toMatchObject({
      name: 'Física Total',
      category: 'fisica',
      isPaid: false,
      price: 0,
      tags: ['energia'],
    });
    expect(await heading('Física Total')).toBeInTheDocument();
  });
});

const noTabs = () => ({ posts: null, materials: null, videos: null, forum: null, simulados: null });

function Where() {
  return <p>em {useLocation().pathname}</p>;
}

describe('/study-groups/{id} without an id', () => {
  it('goes to /study-groups', async () => {
    mockApi({}, ana);
    renderWithProviders(
      <Routes>
        <Route path="/grupo" element={<StudyGroupPage renderTabs={noTabs} />} />
        <Route path="/study-groups" element={<Where />} />
      </Routes>,
      { path: '/grupo' },
    );
    expect(await screen.findByText('em /study-groups')).toBeInTheDocument();
  });
});
