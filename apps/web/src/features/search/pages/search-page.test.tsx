import { SEARCH_MESSAGES, type UserSummary } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { makePost, page } from '../../../test/posts.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';

/** A lazy page's first render on a busy machine may take longer than findBy's default second. */
const FIRST_RENDER = { timeout: 5_000 };

const joao: UserSummary = {
  id: 'u-joao',
  displayName: 'João Araújo',
  username: 'joao.araujo',
  avatar: null,
  isVerified: false,
  userType: 'aluno',
  isFollowing: false,
};

function openSearch(handlers = {}, path = '/busca') {
  const api = mockApi(
    {
      'GET /api/search': (call: { query?: string }) => {
        const params = new URLSearchParams(call.query);
        if (params.get('type') === 'posts')
          return page([makePost({ id: 'p1', content: 'Uma derivada por dia' })]);
        if (params.get('q') === 'joao' && params.get('type') === 'people') return page([joao]);
        return page([]);
      },
      ...handlers,
    },
    ana,
  );
  const view = renderApp(path, { storedUser: ana });
  const searches = () =>
    [...new Set(api.callsTo('GET', '/api/search').map((call) => call.query ?? ''))].filter(Boolean);
  return { api, searches, ...view };
}

describe('search', { timeout: 15_000 }, () => {
  it('is opened from the feed’s title bar', async () => {
    mockApi({ 'GET /api/posts': ok([]) }, ana);
    const { user } = renderApp('/', { storedUser: ana });
    await user.click(await screen.findByRole('link', { name: 'Buscar' }, FIRST_RENDER));
    expect(await screen.findByRole('searchbox', { name: 'Buscar' }, FIRST_RENDER)).toHaveFocus();
    expect(currentPath()).toBe('/busca');
  });

  it("finds a person under 'Tudo' once typing stops and opens their profile", async () => {
    const { user, searches } = openSearch();
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar' }, FIRST_RENDER), 'joao');
    expect(await screen.findByRole('tab', { name: 'Tudo' })).toHaveAttribute('aria-selected', 'true');
    const people = await screen.findByRole('list', { name: 'Pessoas' });
    // 'Tudo' asks for each kind once, after the typing stopped.
    expect(searches()).toEqual([
      '?q=joao&type=people',
      '?q=joao&type=posts',
      '?q=joao&type=groups',
      '?q=joao&type=questions',
    ]);
    await user.click(within(people).getByRole('link', { name: /João Araújo/ }));
    await waitFor(() => expect(currentPath()).toBe('/user/u-joao'));
  });

  it('shows posts in their tab, keeps the query and tab in the address, and says when nothing is found', async () => {
    const { user, searches } = openSearch({}, '/busca?q=derivadas&tipo=people');
    expect(
      await screen.findByText(SEARCH_MESSAGES.nothingFound('derivadas'), {}, FIRST_RENDER),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    const posts = await screen.findByRole('list', { name: 'Posts' });
    expect(within(posts).getByText('Uma derivada por dia')).toBeInTheDocument();
    expect(currentPath()).toBe('/busca?q=derivadas&tipo=posts');
    expect(searches()).toEqual(['?q=derivadas&type=people', '?q=derivadas&type=posts']);
  });

  it('keeps recent searches on the device, opens one, and clears them', async () => {
    localStorage.setItem('recentSearches', JSON.stringify(['joao', '#funcoes']));
    const { user } = openSearch();
    const recent = await screen.findByRole('region', { name: 'Buscas recentes' }, FIRST_RENDER);
    await user.click(within(recent).getByRole('button', { name: 'joao' }));
    expect(await screen.findByRole('list', { name: 'Pessoas' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('recentSearches') ?? '[]')).toEqual(['joao', '#funcoes']);
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    await user.click(await screen.findByRole('button', { name: 'Limpar' }));
    expect(localStorage.getItem('recentSearches')).toBeNull();
    expect(screen.getByText('Busque pessoas, posts, grupos e questões')).toBeInTheDocument();
  });

  it("shows a few of each kind under 'Tudo', and 'Ver todos' opens that kind's tab (issue 36)", async () => {
    const posts = Array.from({ length: 4 }, (_, i) =>
      makePost({ id: `p${i}`, content: `Derivada número ${i}` }),
    );
    const { user, searches } = openSearch(
      {
        'GET /api/search': (call: { query?: string }) =>
          new URLSearchParams(call.query).get('type') === 'posts' ? page(posts) : page([]),
      },
      '/busca?q=derivada',
    );
    const list = await screen.findByRole('list', { name: 'Posts' }, FIRST_RENDER);
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // Kinds with nothing found take no room.
    expect(screen.queryByRole('heading', { name: 'Pessoas' })).not.toBeInTheDocument();
    expect(screen.queryByText(SEARCH_MESSAGES.nothingFound('derivada'))).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver todos' }));
    expect(currentPath()).toBe('/busca?q=derivada&tipo=posts');
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    expect(within(await screen.findByRole('list', { name: 'Posts' })).getAllByRole('listitem')).toHaveLength(
      4,
    );
    // The tab shows the pages 'Tudo' asked for: no second request.
    expect(searches().filter((query) => query.includes('type=posts'))).toEqual(['?q=derivada&type=posts']);
  });

  it("says 'Nada encontrado' under 'Tudo' when no kind finds anything", async () => {
    openSearch({ 'GET /api/search': page([]) }, '/busca?q=xyzw');
    expect(
      await screen.findByText(SEARCH_MESSAGES.nothingFound('xyzw'), {}, FIRST_RENDER),
    ).toBeInTheDocument();
  });
});
