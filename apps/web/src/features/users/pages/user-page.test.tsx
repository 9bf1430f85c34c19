import { REPORT_MESSAGES, USER_MESSAGES, type UserSummary } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, lastPage, type MockReply, mockApi, ok, profileOf } from '../../../test/api-mock.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const carla = profileOf(
  {
    ...ana,
    id: 'u-carla',
    displayName: 'Carla Mendes',
    username: 'prof.carla',
    userType: 'professor',
    email: '',
  },
  { email: null, isOwnProfile: false, followersCount: 4, followingCount: 1, isVerified: true },
);
const carlaRoutes = {
  'GET /api/users/u-carla': ok(carla),
  'GET /api/users/u-carla/posts': lastPage([]),
};
const bruno: UserSummary = {
  id: 'u-bruno',
  displayName: 'Bruno Lima',
  username: 'bruno.lima',
  avatar: null,
  isVerified: false,
  userType: 'aluno',
  isFollowing: false,
};

describe("another user's profile", () => {
  it("shows their header, the 'Posts de {first name}' tab with its empty text, and no edit", async () => {
    mockApi(carlaRoutes, ana);
    renderApp('/user/u-carla');
    expect(await screen.findByRole('heading', { name: 'Carla Mendes' })).toBeInTheDocument();
    expect(screen.getByText('Professor')).toHaveAttribute('data-user-type', 'professor');
    expect(screen.getByRole('tab', { name: 'Posts de Carla' })).toBeInTheDocument();
    expect(await screen.findByText('Ainda não há posts de Carla Mendes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar perfil' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verificar conta' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Denunciar usuário' })).toBeInTheDocument();
  });

  it("shows a guardian's account (issue 36) with its badge and neither study nor content figures", async () => {
    const marta = profileOf(
      {
        ...ana,
        id: 'u-marta',
        displayName: 'Marta Lima',
        username: 'marta',
        userType: 'responsavel',
        email: '',
      },
      { email: null, isOwnProfile: false },
    );
    mockApi({ 'GET /api/users/u-marta': ok(marta), 'GET /api/users/u-marta/posts': lastPage([]) }, ana);
    renderApp('/user/u-marta');
    expect(await screen.findByRole('heading', { name: 'Marta Lima' })).toBeInTheDocument();
    expect(screen.getByText('Responsável')).toHaveAttribute('data-user-type', 'responsavel');
    expect(screen.queryByText('Estatísticas de Estudo')).not.toBeInTheDocument();
    expect(screen.queryByText('Métricas de Conteúdo')).not.toBeInTheDocument();
  });

  it('does not ask for the posts of a restricted profile (a followers-only one, a block): the server answers 404 there', async () => {
    const api = mockApi({ 'GET /api/users/u-carla': ok({ ...carla, isRestricted: true }) }, ana);
    renderApp('/user/u-carla');
    expect(await screen.findByRole('heading', { name: 'Carla Mendes' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Posts de Carla' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/u-carla/posts')).toEqual([]);
  });

  it('does not ask for the posts of someone the viewer blocked', async () => {
    const api = mockApi({ 'GET /api/users/u-carla': ok({ ...carla, isBlocked: true }) }, ana);
    renderApp('/user/u-carla');
    expect(await screen.findByRole('heading', { name: 'Carla Mendes' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/u-carla/posts')).toEqual([]);
  });

  it("shows 'Usuário não encontrado' with 'Voltar ao início' for an unknown id", async () => {
    mockApi({ 'GET /api/users/nobody': fail(404, 'Usuário não encontrado', 'NOT_FOUND') }, ana);
    const { user } = renderApp('/user/nobody');
    expect(await screen.findByRole('heading', { name: USER_MESSAGES.notFound })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: USER_MESSAGES.backHome }));
    expect(currentPath()).toBe('/');
  });

  it("follows: 'Seguir', 'Carregando...' while pending (a second click ignored), then 'Deixar de seguir' and the toast", async () => {
    let answer: (reply: MockReply) => void = () => {};
    let following = false;
    const api = mockApi(
      {
        ...carlaRoutes,
        'GET /api/users/u-carla': () =>
          ok({ ...carla, isFollowing: following, followersCount: following ? 5 : 4 }),
        'POST /api/users/u-carla/follow': () =>
          new Promise<MockReply>((resolve) => {
            answer = (reply) => {
              following = true;
              resolve(reply);
            };
          }),
      },
      ana,
    );
    const { user } = renderApp('/user/u-carla');
    await user.click(await screen.findByRole('button', { name: 'Seguir' }));
    const pending = screen.getByRole('button', { name: 'Carregando...' });
    // Busy, not disabled: a keyboard user keeps focus on it.
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    expect(pending).toHaveFocus();
    await user.click(pending);
    answer(ok({ isFollowing: true, followersCount: 5 }));
    // 'Seguindo' is also the label of a counter: look for it in a toast.
    await waitFor(() =>
      expect(screen.getAllByText(USER_MESSAGES.followedTitle).some((element) => element.closest('li'))).toBe(
        true,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Deixar de seguir' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '5 Seguidores' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/u-carla/follow')).toHaveLength(1);
  });

  it("unfollows with 'Deixou de seguir'", async () => {
    mockApi(
      {
        ...carlaRoutes,
        'GET /api/users/u-carla': ok({ ...carla, isFollowing: true }),
        'DELETE /api/users/u-carla/follow': ok({ isFollowing: false, followersCount: 3 }),
      },
      ana,
    );
    const { user } = renderApp('/user/u-carla');
    await user.click(await screen.findByRole('button', { name: 'Deixar de seguir' }));
    await expectToast(USER_MESSAGES.unfollowedTitle);
  });

  it("shows 'Erro' when following fails", async () => {
    mockApi({ ...carlaRoutes, 'POST /api/users/u-carla/follow': fail(500, 'falhou') }, ana);
    const { user } = renderApp('/user/u-carla');
    await user.click(await screen.findByRole('button', { name: 'Seguir' }));
    await expectToast(USER_MESSAGES.errorTitle, USER_MESSAGES.followFailed);
    expect(screen.getByRole('button', { name: 'Seguir' })).toBeEnabled();
  });

  it('opens the followers list from the counter; a name leads to that profile; no follow button for oneself', async () => {
    mockApi(
      {
        ...carlaRoutes,
        'GET /api/users/u-carla/followers': lastPage([
          bruno,
          { ...bruno, id: ana.id, displayName: 'Ana Souza' },
        ]),
        'GET /api/users/u-bruno': ok(
          profileOf({ ...ana, id: 'u-bruno', displayName: 'Bruno Lima' }, { isOwnProfile: false }),
        ),
        'GET /api/users/u-bruno/posts': lastPage([]),
      },
      ana,
    );
    const { user } = renderApp('/user/u-carla');
    await user.click(await screen.findByRole('button', { name: '4 Seguidores' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seguidores' });
    const rows = await within(dialog).findAllByRole('listitem');
    expect(within(rows[0]!).getByRole('button', { name: 'Seguir' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('link', { name: /Bruno Lima/ }));
    expect(await screen.findByRole('heading', { name: 'Bruno Lima' })).toBeInTheDocument();
    expect(currentPath()).toBe('/user/u-bruno');
  });
});

describe('report dialog', () => {
  const canReport = {
    'GET /api/reports/check/u-carla': ok({ hasReported: false }),
    'GET /api/reports/integrity/me': ok({ canReport: true, message: REPORT_MESSAGES.canReport }),
  };

  it("needs a reason, and a description for 'outro', then sends and shows 'Denúncia enviada'", async () => {
    const api = mockApi(
      {
        ...carlaRoutes,
        ...canReport,
        'POST /api/users/u-carla/report': ok({ message: REPORT_MESSAGES.sent }, 201),
      },
      ana,
    );
    const { user } = renderApp('/user/u-carla');
    await user.click(await screen.findByRole('button', { name: 'Denunciar usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Denunciar usuário' });
    const submit = within(dialog).getByRole('button', { name: 'Enviar denúncia' });
    expect(submit).toBeDisabled();
    for (const label of [
      'Spam',
      'Conteúdo inadequado',
      'Assédio',
      'Informações falsas',
      'Violação de direitos',
    ]) {
      expect(within(dialog).getByRole('radio', { name: label })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('radio', { name: 'Outro' }));
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Descreva o motivo'), '   ');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Descreva o motivo'), 'Pede dinheiro nos comentários');
    expect(submit).toBeEnabled();
    await user.click(submit);
    const toastElement = await expectToast(REPORT_MESSAGES.sentTitle, REPORT_MESSAGES.sent);
    expect(toastElement).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/u-carla/report')[0]?.body).toEqual({
      reason: 'outro',
      description: 'Pede dinheiro nos comentários',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("does not open for someone already reported: 'Denúncia não permitida'", async () => {
    mockApi(
      { ...carlaRoutes, ...canReport, 'GET /api/reports/check/u-carla': ok({ hasReported: true }) },
      ana,
    );
    const { user } = renderApp('/user/u-carla');
    await user.click(await screen.findByRole('button', { name: 'Denunciar usuário' }));
    await expectToast(REPORT_MESSAGES.alreadyReportedTitle, REPORT_MESSAGES.alreadyReported);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("does not open past the daily limit: 'Limite de denúncias atingido' with the server's message", async () => {
    mockApi(
      {
        ...carlaRoutes,
        ...canReport,
        'GET /api/reports/integrity/me': ok({ canReport: false, message: REPORT_MESSAGES.limit }),
      },
      ana,
    );
    const { user } = renderApp('/user/u-carla');
    await user.click(await screen.findByRole('button', { name: 'Denunciar usuário' }));
    await expectToast(REPORT_MESSAGES.limitTitle, REPORT_MESSAGES.limit);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Erro ao enviar denúncia' with the server's message when sending fails", async () => {
    mockApi(
      {
        ...carlaRoutes,
        ...canReport,
        'POST /api/users/u-carla/report': fail(500, 'Ocorreu um erro inesperado.'),
      },
      ana,
    );
    const { user } = renderApp('/user/u-carla');
    await user.click(await screen.findByRole('button', { name: 'Denunciar usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Denunciar usuário' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar denúncia' }));
    await expectToast(REPORT_MESSAGES.failedTitle, 'Ocorreu um erro inesperado.');
  });
});
