import { GROUP_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, lastPage, type MockReply, mockApi } from '../../../test/api-mock.ts';
import {
  carla,
  currentQuery,
  GROUP_ID,
  groupPage,
  makeGroup,
  OTHER_GROUP_ID,
  paidGroup,
  queriesTo,
} from '../../../test/groups.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';

const professor = { ...ana, userType: 'professor' as const };

const lists = {
  'GET /api/study-groups/available': lastPage([]),
  'GET /api/study-groups/my': lastPage([]),
  'GET /api/study-groups/archived': lastPage([]),
};

function renderList(handlers = {}, user = ana, path = '/study-groups') {
  const api = mockApi({ ...lists, ...handlers }, user);
  return { api, ...renderApp(path, { storedUser: user }) };
}

describe('/study-groups', { timeout: 15_000 }, () => {
  it("opens on 'Disponíveis' and shows a card per group, linking to its page", async () => {
    const { user } = renderList({
      'GET /api/study-groups/available': lastPage([
        makeGroup({ summary: 'Revisão completa de Física', tags: ['cinemática', 'energia'] }),
        paidGroup({
          id: OTHER_GROUP_ID,
          name: 'Química Orgânica',
          category: 'quimica',
          subject: 'Vestibular',
        }),
      ]),
    });
    expect(await screen.findByRole('tab', { name: 'Disponíveis' })).toHaveAttribute('aria-selected', 'true');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [free, paid] = cards as [HTMLElement, HTMLElement];

    expect(within(free).getByText('Revisão completa de Física')).toBeInTheDocument();
    expect(within(free).getByText(carla.displayName)).toBeInTheDocument();
    expect(within(free).getByRole('img', { name: 'Verificado' })).toBeInTheDocument();
    expect(within(free).getByText('12/50')).toBeInTheDocument();
    expect(within(free).getByText('Gratuito')).toBeInTheDocument();
    expect(within(free).getByText('Física')).toBeInTheDocument();
    expect(within(free).getByText('ENEM')).toBeInTheDocument();
    expect(within(paid).getByText('R$ 49,90')).toBeInTheDocument();
    expect(within(paid).getByText('Química')).toBeInTheDocument();

    await user.click(within(paid).getByRole('link', { name: 'Química Orgânica' }));
    expect(currentPath()).toBe(`/study-groups/${OTHER_GROUP_ID}`);
  });

  it('shows up to three tags on a card and how many more there are', async () => {
    renderList({
      'GET /api/study-groups/available': lastPage([makeGroup({ tags: ['a1', 'b2', 'c3', 'd4', 'e5'] })]),
    });
    const tags = await screen.findByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#a1', '#b2', '#c3', '+2 tags']);
  });

  it('colours the relevance score: 90+ green, 70+ yellow, below grey, with its reason', async () => {
    renderList({
      'GET /api/study-groups/available': lastPage([
        makeGroup({ id: 'g-90', name: 'G90', relevanceScore: 90, relevanceTag: 'Do seu professor' }),
        makeGroup({ id: 'g-70', name: 'G70', relevanceScore: 70, relevanceTag: 'Popular' }),
        makeGroup({ id: 'g-69', name: 'G69', relevanceScore: 69, relevanceTag: null }),
      ]),
    });
    const [high, middle, low] = (await screen.findAllByRole('article')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const badge = (card: HTMLElement) => within(card).getByText(/Relevância/).parentElement as HTMLElement;
    expect(badge(high)).toHaveAttribute('data-tone', 'green');
    expect(badge(high)).toHaveTextContent('Relevância 90%· Do seu professor');
    expect(badge(middle)).toHaveAttribute('data-tone', 'yellow');
    expect(badge(low)).toHaveAttribute('data-tone', 'grey');
  });

  it('says each tab is empty in its own words', async () => {
    const { user } = renderList();
    expect(await screen.findByText(GROUP_MESSAGES.emptyAvailable)).toBeInTheDocument();
    expect(GROUP_MESSAGES.emptyAvailable).toBe('Nenhum grupo encontrado com os filtros selecionados');

    await user.click(screen.getByRole('tab', { name: 'Meus Grupos' }));
    expect(await screen.findByText('Você ainda não participa de nenhum grupo')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Arquivados' }));
    expect(await screen.findByText('Nenhum grupo arquivado')).toBeInTheDocument();
    expect(currentPath()).toBe('/study-groups?tab=archived');
  });

  it('fetches each tab from its own call', async () => {
    const { api, user } = renderList({
      'GET /api/study-groups/my': lastPage([makeGroup({ name: 'Meu grupo', isMember: true })]),
      'GET /api/study-groups/archived': lastPage([makeGroup({ name: 'Grupo antigo', isArchived: true })]),
    });
    await user.click(screen.getByRole('tab', { name: 'Meus Grupos' }));
    expect(await screen.findByRole('link', { name: 'Meu grupo' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Arquivados' }));
    expect(await screen.findByRole('link', { name: 'Grupo antigo' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/study-groups/my').length).toBeGreaterThan(0);
    expect(api.callsTo('GET', '/api/study-groups/archived').length).toBeGreaterThan(0);
  });

  it('waits 300 ms after the last key: typing quickly sends one search', async () => {
    const { api, user } = renderList();
    await screen.findByText(GROUP_MESSAGES.emptyAvailable);
    await user.type(screen.getByPlaceholderText('Buscar grupos...'), 'física');
    await waitFor(() =>
      expect(queriesTo(api.fetchMock, '/api/study-groups/available').at(-1)?.get('search')).toBe('física'),
    );
    const searches = queriesTo(api.fetchMock, '/api/study-groups/available').map((query) =>
      query.get('search'),
    );
    // The first list (no search) and then only the whole word once, never 'f', 'fí'…
    expect(new Set(searches)).toEqual(new Set([null, 'física']));
    expect(searches.filter((search) => search === 'física')).toHaveLength(1);
    await waitFor(() => expect(currentPath()).toBe('/study-groups?q=f%C3%ADsica'));
  });

  it('keeps the last cards on screen, dimmed and busy, while a new search loads (no skeletons)', async () => {
    const pendingSearches: ((reply: MockReply) => void)[] = [];
    const { user } = renderList({
      'GET /api/study-groups/available': () =>
        currentQuery().get('search')
          ? new Promise<MockReply>((resolve) => pendingSearches.push(resolve))
          : lastPage([makeGroup()]),
    });
    const results = () => screen.getByRole('list', { name: 'Grupos' }).closest('[aria-busy]');
    await screen.findByRole('link', { name: 'Física para o ENEM' });
    expect(results()).toHaveAttribute('aria-busy', 'false');

    await user.type(screen.getByPlaceholderText('Buscar grupos...'), 'química');
    await waitFor(() => expect(pendingSearches.length).toBeGreaterThan(0));
    expect(results()).toHaveAttribute('aria-busy', 'true');
    expect(results()).toHaveClass('opacity-60');
    expect(screen.getByRole('link', { name: 'Física para o ENEM' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Carregando grupos' })).not.toBeInTheDocument();

    for (const answer of pendingSearches) {
      answer(lastPage([makeGroup({ id: OTHER_GROUP_ID, name: 'Química Orgânica' })]));
    }
    expect(await screen.findByRole('link', { name: 'Química Orgânica' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Física para o ENEM' })).not.toBeInTheDocument();
    expect(results()).toHaveAttribute('aria-busy', 'false');
  });

  it("shows skeleton cards, not the last tab's cards, when another tab loads", async () => {
    const { user } = renderList({
      'GET /api/study-groups/available': lastPage([makeGroup()]),
      'GET /api/study-groups/my': 'no-reply',
    });
    await screen.findByRole('link', { name: 'Física para o ENEM' });
    await user.click(screen.getByRole('tab', { name: 'Meus Grupos' }));
    expect(await screen.findByRole('status', { name: 'Carregando grupos' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Física para o ENEM' })).not.toBeInTheDocument();
  });

  it("puts the chosen category in the query string; 'Todas as categorias' sends none", async () => {
    const { api, user } = renderList();
    await screen.findByText(GROUP_MESSAGES.emptyAvailable);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoria' }), 'Física');
    await waitFor(() =>
      expect(queriesTo(api.fetchMock, '/api/study-groups/available').at(-1)?.get('category')).toBe('fisica'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoria' }), 'Todas as categorias');
    // Back to the first list: already cached, so no new call; and 'all' never goes to the server.
    const categories = queriesTo(api.fetchMock, '/api/study-groups/available').map((q) => q.get('category'));
    expect(categories).not.toContain('all');
    expect(currentPath()).toBe('/study-groups');
  });

  it('lists every category of spec §9 in the filter', async () => {
    renderList();
    const options = within(await screen.findByRole('combobox', { name: 'Categoria' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Todas as categorias',
      'Matemática',
      'Física',
      'Química',
      'Biologia',
      'Português',
      'História',
      'Geografia',
    ]);
  });

  it("loads page 2 with 'Carregar mais' and shows both pages", async () => {
    const { api, user } = renderList({
      'GET /api/study-groups/available': () =>
        currentQuery().get('page') === '2'
          ? groupPage([makeGroup({ id: OTHER_GROUP_ID, name: 'Segunda página' })], false)
          : groupPage([makeGroup({ id: GROUP_ID, name: 'Primeira página' })], true),
    });
    await screen.findByRole('link', { name: 'Primeira página' });
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: 'Segunda página' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Primeira página' })).toBeInTheDocument();
    const pages = queriesTo(api.fetchMock, '/api/study-groups/available').map((q) => q.get('page'));
    expect(pages.at(-1)).toBe('2');
    expect(pages.filter((page) => page === '2')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('shows skeleton cards while loading, then an error with a retry', async () => {
    let failing = true;
    const { user } = renderList({
      'GET /api/study-groups/available': () =>
        failing ? fail(500, 'Erro interno do servidor.') : lastPage([makeGroup()]),
    });
    expect(await screen.findByRole('status', { name: 'Carregando grupos' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro interno do servidor.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Física para o ENEM' })).toBeInTheDocument();
  });

  it("offers 'Criar grupo' to teachers, not to students", async () => {
    renderList({}, professor);
    expect(await screen.findByRole('button', { name: 'Criar grupo' })).toBeInTheDocument();
  });

  it("hides 'Criar grupo' from an aluno", async () => {
    renderList();
    await screen.findByText(GROUP_MESSAGES.emptyAvailable);
    expect(screen.queryByRole('button', { name: 'Criar grupo' })).not.toBeInTheDocument();
  });
});
