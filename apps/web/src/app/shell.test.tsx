import type { RecommendedUser, TrendingTag } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, fail, type MockReply, mockApi, ok } from '../test/api-mock.ts';
import { currentPath, renderApp } from '../test/render-app.tsx';

describe('shell', () => {
  it('shows the four tabs with the round create button between the second and the third', async () => {
    mockApi({}, ana);
    renderApp('/study-groups/g1');
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    const items = [...nav.querySelectorAll('a, button')].map(
      (item) => item.getAttribute('aria-label') ?? item.textContent,
    );
    expect(items).toEqual(['Início', 'Grupos', 'Criar novo post', 'Notificações', 'Perfil']);
    expect(within(nav).getByRole('link', { name: 'Grupos' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
  });

  it('moves between tabs', async () => {
    mockApi({}, ana);
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Notificações' }));
    expect(screen.getByRole('heading', { name: 'Notificações' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Perfil' }));
    expect(await screen.findByRole('heading', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(currentPath()).toBe('/profile');
  });

  it('hides the tab bar on paths starting with /chat', async () => {
    mockApi({}, ana);
    renderApp('/chat?conversation=c1');
    expect(await screen.findByRole('heading', { name: 'Mensagens' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
  });

  it('offers the study timer on the feed', async () => {
    mockApi({}, ana);
    renderApp('/');
    expect(await screen.findByRole('button', { name: /^Cronômetro de estudo/ })).toBeInTheDocument();
  });

  it("offers no study timer to a guardian's account, which has no study of its own (issue 36)", async () => {
    const marta = { ...ana, userType: 'responsavel' as const };
    mockApi({}, marta);
    renderApp('/', { storedUser: marta });
    expect(await screen.findByRole('link', { name: /Painel do responsável/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cronômetro de estudo/ })).not.toBeInTheDocument();
  });

  it('keeps the tab bar and the study timer off the comments screen, whose composer sits at the bottom', async () => {
    mockApi({ 'GET /api/posts/p1': () => new Promise(() => {}) }, ana);
    renderApp('/post/p1/comments');
    expect(await screen.findByRole('heading', { name: 'Comentários' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cronômetro de estudo/ })).not.toBeInTheDocument();
  });

  it('puts the study timer and messages in the title bar, not floating over the page', async () => {
    mockApi({}, ana);
    renderApp('/videos');
    const titleBar = (await screen.findByRole('heading', { name: 'Vídeos' })).closest('header');
    expect(titleBar).not.toBeNull();
    expect(
      within(titleBar as HTMLElement).getByRole('button', { name: /^Cronômetro de estudo/ }),
    ).toBeInTheDocument();
    expect(within(titleBar as HTMLElement).getByRole('link', { name: /Mensagens/ })).toBeInTheDocument();
  });

  it('sends the create button to the feed with the create-post parameter', async () => {
    mockApi({}, ana);
    const { user } = renderApp('/videos');
    await user.click(await screen.findByRole('button', { name: 'Criar novo post' }));
    // The feed opens its dialog from the parameter and takes it off the address.
    expect(await screen.findByRole('dialog', { name: 'Criar novo post' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Início', hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/'));
  });
});

describe('shell on a desktop (1024 px and wider)', () => {
  const wide = () =>
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(min-width: 1024px)',
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
  afterEach(() => vi.restoreAllMocks());

  const tags: TrendingTag[] = [
    { tag: 'enem', postsCount: 5 },
    { tag: 'funcoes', postsCount: 2 },
  ];
  const bia: RecommendedUser = {
    userId: 'u-bia',
    displayName: 'Bia Lima',
    userName: 'bia.lima',
    avatar: null,
    bio: '',
    isVerified: false,
    followersCount: 3,
    mutualFollowersCount: 1,
    recommendationReason: 'mutual_connections',
  };
  const handlers = {
    'GET /api/search/trending-tags': ok(tags),
    'GET /api/notifications/recommendations': ok([bia]),
  };

  /** The desktop's left navigation at /study-groups for `viewer`, and what it lists, in order. */
  async function sideNavOf(viewer: typeof ana) {
    wide();
    mockApi(handlers, viewer);
    renderApp('/study-groups', { storedUser: viewer });
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    return { nav, items: [...nav.querySelectorAll('a, button')].map((item) => item.textContent) };
  }

  it('puts the navigation on the left, with Busca, Questões and Caderno, and no tab bar', async () => {
    const { nav, items } = await sideNavOf(ana);
    expect(items).toEqual([
      'Início',
      'Busca',
      'Grupos',
      'Salas',
      'Questões',
      'Caderno',
      'Treino',
      'Redação',
      'Notificações',
      'Perfil',
      'Criar novo post',
    ]);
    expect(within(nav).getByRole('link', { name: 'Grupos' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Busca' })).toHaveAttribute('href', '/busca');
    expect(within(nav).getByRole('link', { name: 'Questões' })).toHaveAttribute('href', '/questoes');
    expect(within(nav).getByRole('link', { name: 'Caderno' })).toHaveAttribute('href', '/caderno');
    expect(within(nav).getByRole('link', { name: 'Redação' })).toHaveAttribute('href', '/redacao');
    expect(within(nav).getByRole('link', { name: 'Treino' })).toHaveAttribute('href', '/treino');
    // One navigation only: the tab bar is not there.
    expect(screen.getAllByRole('navigation', { name: 'Navegação principal' })).toHaveLength(1);
  });

  it("gives a guardian's account its dashboard instead of the study pages (issue 36)", async () => {
    const { nav, items } = await sideNavOf({ ...ana, userType: 'responsavel' });
    expect(items).toEqual([
      'Início',
      'Busca',
      'Grupos',
      'Painel do responsável',
      'Notificações',
      'Perfil',
      'Criar novo post',
    ]);
    expect(within(nav).getByRole('link', { name: 'Painel do responsável' })).toHaveAttribute(
      'href',
      '/responsavel',
    );
  });

  it('shows trending tags and people to follow in the right column', async () => {
    wide();
    mockApi(handlers, ana);
    const { user } = renderApp('/videos');
    const aside = await screen.findByRole('complementary', { name: 'Em alta e quem seguir' });
    const trending = await within(aside).findByRole('list', { name: 'Hashtags em alta' });
    expect(
      within(trending)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/tag/enem', '/tag/funcoes']);
    expect(within(trending).getByRole('link', { name: /#enem/ })).toHaveTextContent('5 posts');
    const people = await within(aside).findByRole('list', { name: 'Pessoas para seguir' });
    expect(within(people).getByRole('link', { name: 'Bia Lima' })).toHaveAttribute('href', '/user/u-bia');
    expect(within(people).getByText('1 conexão em comum')).toBeInTheDocument();
    await user.click(within(aside).getByRole('link', { name: 'Ver mais sugestões' }));
    expect(await screen.findByRole('tab', { name: 'Recomendados', selected: true })).toBeInTheDocument();
  });

  it("shows 'Em alta' and 'Quem seguir' together, so the first to arrive does not push the other's buttons", async () => {
    wide();
    let answerPeople: (reply: MockReply) => void = () => {};
    const api = mockApi(
      {
        ...handlers,
        'GET /api/notifications/recommendations': () =>
          new Promise<MockReply>((resolve) => {
            answerPeople = resolve;
          }),
      },
      ana,
    );
    renderApp('/videos');
    const aside = await screen.findByRole('complementary', { name: 'Em alta e quem seguir' });
    expect(
      within(aside).getByRole('status', { name: 'Carregando hashtags em alta e sugestões' }),
    ).toBeInTheDocument();
    // The tags have answered; they wait for the people to follow, below them.
    await waitFor(() => expect(api.callsTo('GET', '/api/search/trending-tags').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(aside).queryByRole('list', { name: 'Hashtags em alta' })).not.toBeInTheDocument();
    answerPeople(ok([bia]));
    expect(await within(aside).findByRole('list', { name: 'Hashtags em alta' })).toBeInTheDocument();
    expect(within(aside).getByRole('list', { name: 'Pessoas para seguir' })).toBeInTheDocument();
    expect(within(aside).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says which list failed, once, and does not ask for it again and again', async () => {
    wide();
    const api = mockApi(
      { ...handlers, 'GET /api/search/trending-tags': fail(500, 'Erro interno.', 'INTERNAL') },
      ana,
    );
    renderApp('/videos');
    const aside = await screen.findByRole('complementary', { name: 'Em alta e quem seguir' });
    expect(
      await within(aside).findByText(
        'Não foi possível carregar as hashtags em alta.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(within(aside).getByRole('list', { name: 'Pessoas para seguir' })).toBeInTheDocument();
    const asked = api.callsTo('GET', '/api/search/trending-tags').length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.callsTo('GET', '/api/search/trending-tags').length).toBe(asked);
  });

  it('opens the create-post dialog from the left column', async () => {
    wide();
    mockApi(handlers, ana);
    const { user } = renderApp('/videos');
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    await user.click(within(nav).getByRole('button', { name: 'Criar novo post' }));
    expect(await screen.findByRole('dialog', { name: 'Criar novo post' })).toBeInTheDocument();
  });
});
