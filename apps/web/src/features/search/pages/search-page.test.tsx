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
        if (params.get('q') === 'joao') return page([joao]);
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

  it('finds a person once typing stops and opens their profile', async () => {
    const { user, searches } = openSearch();
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar' }, FIRST_RENDER), 'joao');
    const people = await screen.findByRole('list', { name: 'Pessoas' });
    expect(searches()).toEqual(['?q=joao&type=people']);
    await user.click(within(people).getByRole('link', { name: /João Araújo/ }));
    await waitFor(() => expect(currentPath()).toBe('/user/u-joao'));
  });

  it('shows posts in their tab, keeps the query and tab in the address, and says when nothing is found', async () => {
    const { user, searches } = openSearch({}, '/busca?q=derivadas');
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
});
