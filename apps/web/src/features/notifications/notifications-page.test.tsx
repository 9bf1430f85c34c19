import { NOTIFICATION_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, lastPage, ok } from '../../test/api-mock.ts';
import { currentPath } from '../../test/render-app.tsx';
import { expectToast } from '../../test/toast.ts';
import {
  counts,
  makeNotification,
  makeRecommendation,
  makeRequest,
  notificationsPage,
  openApp,
  tabBarLink,
} from './testing/notification-fixtures.ts';

const tab = (name: string) => screen.findByRole('tab', { name: new RegExp(`^${name}`) });

describe('the notifications screen', () => {
  it("shows three tabs with their badges, 'Geral' first shown, and the tab bar's total", async () => {
    openApp('/notifications', { 'GET /api/notifications/counts': counts(3, 12) });
    const requests = await tab(NOTIFICATION_MESSAGES.requestsTab);
    const general = await tab(NOTIFICATION_MESSAGES.generalTab);
    const recommended = await tab(NOTIFICATION_MESSAGES.recommendedTab);
    await waitFor(() => expect(general).toHaveTextContent('3'));
    expect(general).toHaveAccessibleName('Geral, 3 não lidas');
    expect(general).toHaveAttribute('aria-selected', 'true');
    expect(requests).toHaveTextContent('9+');
    expect(requests).toHaveAccessibleName('Solicitações, 12 pendentes');
    expect(recommended).toHaveAccessibleName('Recomendados');
    expect(await tabBarLink()).toHaveTextContent('9+');
    expect(await tabBarLink()).toHaveAccessibleName('Notificações, 15 novidades');
  });

  it('shows placeholders while loading, then the empty text', async () => {
    let answer: () => void = () => {};
    openApp('/notifications', {
      'GET /api/notifications': () =>
        new Promise((resolve) => {
          answer = () => resolve(notificationsPage([]));
        }),
    });
    expect(await screen.findByRole('status', { name: 'Carregando notificações' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Nenhuma notificação por aqui')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar todas como lidas' })).not.toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let isDown = true;
    const { user } = openApp('/notifications', {
      'GET /api/notifications': () =>
        isDown ? fail(500, 'Erro interno') : notificationsPage([makeNotification()]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as notificações.');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Novo seguidor' })).toBeInTheDocument();
  });

  it("offers 'Seguir de volta' on a new follower's card until the viewer follows them", async () => {
    const { api, user } = openApp('/notifications', {
      'GET /api/notifications': notificationsPage([
        makeNotification({ relatedUserId: 'u-bruno', followedBack: false }),
        makeNotification({
          id: 'n-2',
          relatedUserId: 'u-carla',
          relatedUserName: 'Carla',
          followedBack: true,
        }),
      ]),
      'POST /api/users/u-bruno/follow': ok({ isFollowing: true, followersCount: 1 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Seguir Bruno Lima de volta' }));
    await expectToast(NOTIFICATION_MESSAGES.followed);
    expect(api.callsTo('POST', '/api/users/u-bruno/follow')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /de volta/ })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/notifications');
  });

  it('marks a clicked notification read and opens its actionUrl', async () => {
    const { api, user } = openApp('/notifications', {
      'GET /api/notifications': notificationsPage([
        makeNotification({
          id: 'n-comment',
          type: 'comment',
          title: 'Novo comentário',
          message: 'Bruno Lima comentou no seu post.',
          actionUrl: '/post/p-1/comments/c-9',
        }),
      ]),
      'GET /api/notifications/counts': counts(1),
      'POST /api/notifications/n-comment/read': ok({ isRead: true }),
      'GET /api/posts/p-1': () => new Promise(() => {}),
    });
    const link = await tabBarLink();
    await waitFor(() => expect(link).toHaveTextContent('1'));
    await user.click(await screen.findByRole('button', { name: 'Novo comentário' }));
    expect(api.callsTo('POST', '/api/notifications/n-comment/read')).toHaveLength(1);
    expect(currentPath()).toBe('/post/p-1/comments/c-9');
    // The comments screen has no tab bar (its composer sits there): back to one that has.
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(async () => expect(await tabBarLink()).not.toHaveTextContent('1'));
  });

  it('opens a read notification without marking it again, and one without actionUrl stays', async () => {
    const { api, user } = openApp('/notifications', {
      'GET /api/notifications': notificationsPage([
        makeNotification({ id: 'n-read', isRead: true, title: 'Já lida' }),
        makeNotification({ id: 'n-system', type: 'system', title: 'Bem-vindo', actionUrl: null }),
      ]),
      'POST /api/notifications/n-system/read': ok({ isRead: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Bem-vindo' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/notifications/n-system/read')).toHaveLength(1));
    expect(currentPath()).toBe('/notifications');
    await user.click(screen.getByRole('button', { name: 'Já lida' }));
    expect(api.callsTo('POST', '/api/notifications/n-read/read')).toHaveLength(0);
    expect(currentPath()).toBe('/user/u-bruno');
  });

  it("'Marcar todas como lidas' reads them all and clears the badges", async () => {
    const { api, user } = openApp('/notifications', {
      'GET /api/notifications': notificationsPage([
        makeNotification({ id: 'n-1' }),
        makeNotification({ id: 'n-2', title: 'Nova curtida', type: 'like' }),
      ]),
      'GET /api/notifications/counts': counts(2),
      'POST /api/notifications/read-all': ok({ read: 2 }),
    });
    const general = await tab(NOTIFICATION_MESSAGES.generalTab);
    await waitFor(() => expect(general).toHaveTextContent('2'));
    expect(screen.getAllByText('Não lida')).toHaveLength(2);
    await user.click(await screen.findByRole('button', { name: 'Marcar todas como lidas' }));
    expect(api.callsTo('POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(screen.queryByText('Não lida')).not.toBeInTheDocument();
    expect(general).toHaveAccessibleName('Geral');
    expect(await tabBarLink()).toHaveAccessibleName('Notificações');
  });

  it('links the @mentions in a message to the people', async () => {
    const { user } = openApp('/notifications', {
      'GET /api/notifications': notificationsPage([
        makeNotification({
          type: 'mention',
          title: 'Você foi mencionado',
          message: '@bruno.lima mencionou você com @prof.carla. Escreva para ana@estudai.dev.',
          actionUrl: '/post/p-1/comments/c-2',
        }),
      ]),
      'POST /api/notifications/n-1/read': ok({ isRead: true }),
      'GET /api/users/prof.carla': () => new Promise(() => {}),
    });
    const item = (await screen.findByRole('button', { name: 'Você foi mencionado' })).closest('article');
    const mentions = within(item as HTMLElement).getAllByRole('link');
    expect(mentions.map((link) => link.textContent)).toEqual(['@bruno.lima', '@prof.carla']);
    expect(mentions[0]).toHaveAttribute('href', '/user/bruno.lima');
    await user.click(mentions[1] as HTMLElement);
    expect(currentPath()).toBe('/user/prof.carla');
  });

  it('loads the next page on request', async () => {
    let secondPage = false;
    const { api, user } = openApp('/notifications', {
      'GET /api/notifications': () =>
        secondPage
          ? notificationsPage([makeNotification({ id: 'n-old', title: 'Nova curtida', type: 'like' })])
          : notificationsPage([makeNotification()], true),
    });
    await screen.findByRole('button', { name: 'Novo seguidor' });
    secondPage = true;
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('button', { name: 'Nova curtida' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo seguidor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    const lastUrl = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(lastUrl.searchParams.get('page')).toBe('2');
  });

  it('goes back to /', async () => {
    const { user } = openApp('/notifications');
    await user.click(await screen.findByRole('link', { name: 'Voltar' }));
    expect(currentPath()).toBe('/');
  });
});

describe("the 'Solicitações' tab", () => {
  const requests = [
    makeRequest(),
    makeRequest({ id: 'r-2', fromUserId: 'u-elisa', fromUserName: 'Elisa Rocha', fromUserBio: '' }),
  ];

  it("accepts: 'Agora vocês estão conectados! 🎉', and the request leaves the list", async () => {
    const { api, user } = openApp('/notifications', {
      'GET /api/notifications/requests': ok(requests),
      'GET /api/notifications/counts': counts(0, 2),
      'PUT /api/notifications/requests/r-1': ok({ status: 'accepted' }),
    });
    await user.click(await tab(NOTIFICATION_MESSAGES.requestsTab));
    const list = await screen.findByRole('list', { name: 'Solicitações de conexão' });
    const carla = within(list).getByText('Carla Mendes').closest('li') as HTMLElement;
    expect(carla).toHaveTextContent('Professora de matemática há 12 anos.');
    expect(carla).toHaveTextContent('2h');
    await user.click(within(carla).getByRole('button', { name: 'Aceitar' }));
    await expectToast(NOTIFICATION_MESSAGES.accepted);
    expect(api.callsTo('PUT', '/api/notifications/requests/r-1')[0]?.body).toEqual({ action: 'accept' });
    expect(within(list).queryByText('Carla Mendes')).not.toBeInTheDocument();
    expect(within(list).getByText('Elisa Rocha')).toBeInTheDocument();
    expect(await tab(NOTIFICATION_MESSAGES.requestsTab)).toHaveAccessibleName('Solicitações, 1 pendente');
  });

  it("rejects: 'Solicitação rejeitada', and the last request leaves an empty list", async () => {
    const { api, user } = openApp('/notifications', {
      'GET /api/notifications/requests': ok([makeRequest()]),
      'PUT /api/notifications/requests/r-1': ok({ status: 'rejected' }),
    });
    await user.click(await tab(NOTIFICATION_MESSAGES.requestsTab));
    await user.click(await screen.findByRole('button', { name: 'Rejeitar' }));
    await expectToast(NOTIFICATION_MESSAGES.rejected);
    expect(api.callsTo('PUT', '/api/notifications/requests/r-1')[0]?.body).toEqual({ action: 'reject' });
    expect(await screen.findByText('Nenhuma solicitação pendente')).toBeInTheDocument();
  });

  it('shows the error of a request answered elsewhere meanwhile', async () => {
    const { user } = openApp('/notifications', {
      'GET /api/notifications/requests': ok([makeRequest()]),
      'PUT /api/notifications/requests/r-1': fail(404, NOTIFICATION_MESSAGES.requestNotFound),
    });
    await user.click(await tab(NOTIFICATION_MESSAGES.requestsTab));
    await user.click(await screen.findByRole('button', { name: 'Aceitar' }));
    await expectToast('Erro', NOTIFICATION_MESSAGES.requestNotFound);
  });

  it('puts the badge back when the answer fails', async () => {
    const { user } = openApp('/notifications', {
      'GET /api/notifications/requests': ok([makeRequest()]),
      'GET /api/notifications/counts': counts(0, 1),
      'PUT /api/notifications/requests/r-1': fail(500, 'Erro interno'),
    });
    const requestsTab = await tab(NOTIFICATION_MESSAGES.requestsTab);
    await waitFor(() => expect(requestsTab).toHaveAccessibleName('Solicitações, 1 pendente'));
    await user.click(requestsTab);
    await user.click(await screen.findByRole('button', { name: 'Aceitar' }));
    await expectToast('Erro', 'Erro interno');
    await waitFor(() => expect(requestsTab).toHaveAccessibleName('Solicitações, 1 pendente'));
    expect(screen.getByText('Carla Mendes')).toBeInTheDocument();
  });
});

describe("the 'Recomendados' tab", () => {
  it('labels each reason in Portuguese', async () => {
    const { user } = openApp('/notifications', {
      'GET /api/notifications/recommendations': ok([
        makeRecommendation(),
        makeRecommendation({
          userId: 'u-2',
          displayName: 'Pessoa Dois',
          recommendationReason: 'similar_interests',
          isVerified: false,
        }),
        makeRecommendation({ userId: 'u-3', displayName: 'Pessoa Três', recommendationReason: 'popular' }),
        makeRecommendation({
          userId: 'u-4',
          displayName: 'Pessoa Quatro',
          recommendationReason: 'study_groups',
        }),
      ]),
    });
    await user.click(await tab(NOTIFICATION_MESSAGES.recommendedTab));
    const list = await screen.findByRole('list', { name: 'Pessoas recomendadas' });
    const cards = within(list).getAllByRole('article');
    expect(cards[0]).toHaveTextContent('3 conexões em comum');
    expect(cards[1]).toHaveTextContent('Interesses em comum');
    expect(cards[2]).toHaveTextContent('Popular no Estudaí');
    expect(cards[3]).toHaveTextContent('Dos seus grupos de estudo');
    const diego = cards[0] as HTMLElement;
    expect(diego).toHaveTextContent('@mentor.diego');
    expect(diego).toHaveTextContent('Mentor de concursos públicos.');
    expect(diego).toHaveTextContent('120 seguidores · 3 seguidores em comum');
    expect(within(diego).getByRole('img', { name: 'Verificado' })).toBeInTheDocument();
    expect(
      within(cards[1] as HTMLElement).queryByRole('img', { name: 'Verificado' }),
    ).not.toBeInTheDocument();
  });

  it("follows: 'Agora você está seguindo! ✨' and the person leaves the list", async () => {
    const { api, user } = openApp('/notifications', {
      'GET /api/notifications/recommendations': ok([makeRecommendation()]),
      'POST /api/users/u-diego/follow': ok({ isFollowing: true, followersCount: 121 }),
    });
    await user.click(await tab(NOTIFICATION_MESSAGES.recommendedTab));
    await user.click(await screen.findByRole('button', { name: 'Seguir Diego Santos' }));
    await expectToast(NOTIFICATION_MESSAGES.followed);
    expect(api.callsTo('POST', '/api/users/u-diego/follow')).toHaveLength(1);
    expect(await screen.findByText('Nenhuma recomendação no momento')).toBeInTheDocument();
    expect(currentPath()).toBe('/notifications');
  });

  it("tells 'Erro ao seguir usuário' when following fails, and keeps the person", async () => {
    const { user } = openApp('/notifications', {
      'GET /api/notifications/recommendations': ok([makeRecommendation()]),
      'POST /api/users/u-diego/follow': fail(500, 'Erro interno'),
    });
    await user.click(await tab(NOTIFICATION_MESSAGES.recommendedTab));
    await user.click(await screen.findByRole('button', { name: 'Seguir Diego Santos' }));
    await expectToast(NOTIFICATION_MESSAGES.followFailedTitle, NOTIFICATION_MESSAGES.followFailed);
    expect(screen.getByRole('link', { name: 'Diego Santos' })).toBeInTheDocument();
  });

  it("opens the person's profile from the card", async () => {
    const { user } = openApp('/notifications', {
      'GET /api/notifications/recommendations': ok([makeRecommendation()]),
      'GET /api/users/u-diego': () => new Promise(() => {}),
      'GET /api/users/u-diego/posts': lastPage([]),
    });
    await user.click(await tab(NOTIFICATION_MESSAGES.recommendedTab));
    await user.click(await screen.findByRole('link', { name: 'Diego Santos' }));
    expect(currentPath()).toBe('/user/u-diego');
  });
});
