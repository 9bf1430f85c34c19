import { VIDEO_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, lastPage, type MockReply, mockApi } from '../../../test/api-mock.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { GROUP_ID, makeListItem, queriesTo } from '../testing/video-fixtures.ts';

const page = (data: unknown[], hasMore: boolean): MockReply => ({ status: 200, body: { data, hasMore } });
/**
 * The library's requests, in order; StrictMode mounts twice in tests, so a request repeated at once
 * (the first one cancelled) counts once.
 */
const libraryQueries = (api: ReturnType<typeof mockApi>) =>
  queriesTo(api.fetchMock, '/api/videos')
    .map((query) => Object.fromEntries(query))
    .filter((query, index, all) => index === 0 || JSON.stringify(query) !== JSON.stringify(all[index - 1]));
/** The query of the request being answered (the newest one). */
const current = (api: ReturnType<typeof mockApi>) =>
  Object.fromEntries(queriesTo(api.fetchMock, '/api/videos').at(-1) ?? []);

describe('/videos', () => {
  it('shows six skeleton cards while the first page loads', async () => {
    mockApi({ 'GET /api/videos': 'no-reply' }, ana);
    renderApp('/videos');
    const loading = await screen.findByRole('status', { name: VIDEO_MESSAGES.loading });
    expect(within(loading).getAllByTestId('video-card-skeleton')).toHaveLength(6);
  });

  it('asks for page 1 of every category (category left out) and shows the cards in a two-column grid', async () => {
    const api = mockApi(
      {
        'GET /api/videos': lastPage([
          makeListItem(),
          makeListItem({ id: 'v-2', title: 'Leis de Newton', category: 'aula', views: 999, duration: 3_725 }),
        ]),
      },
      ana,
    );
    renderApp('/videos');
    const list = await screen.findByRole('list', { name: 'Vídeos' });
    expect(list).toHaveClass('grid-cols-2');
    expect(libraryQueries(api)).toEqual([{ search: '', page: '1' }]);

    const card = within(list).getByRole('link', { name: /Revisão de cinemática/ });
    expect(card).toHaveAttribute('href', `/study-groups/${GROUP_ID}/videos/v-1`);
    expect(within(card).getByText('1,2k visualizações')).toBeInTheDocument();
    expect(within(card).getByTitle(VIDEO_MESSAGES.duration)).toHaveTextContent('Duração: 12:34');
    expect(within(card).getByText('Revisão')).toBeInTheDocument();
    expect(within(card).getByText('Carla Mendes')).toBeInTheDocument();
    expect(within(card).getByText('Física para o ENEM')).toBeInTheDocument();
    expect(within(card).getByText(VIDEO_MESSAGES.playerPlaceholder)).toBeInTheDocument();
    const other = within(list).getByRole('link', { name: /Leis de Newton/ });
    expect(within(other).getByText('999 visualizações')).toBeInTheDocument();
    expect(within(other).getByTitle(VIDEO_MESSAGES.duration)).toHaveTextContent('Duração: 1:02:05');
    expect(screen.queryByRole('button', { name: VIDEO_MESSAGES.loadMore })).not.toBeInTheDocument();
  });

  it("shows 'Nenhum vídeo encontrado com os filtros selecionados' when nothing matches", async () => {
    mockApi({ 'GET /api/videos': lastPage([]) }, ana);
    renderApp('/videos');
    expect(await screen.findByText(VIDEO_MESSAGES.empty)).toBeInTheDocument();
  });

  it("appends page 2 under page 1 with 'Carregar Mais', and hides it on the last page", async () => {
    const api = mockApi(
      {
        'GET /api/videos': () => {
          return current(api).page === '1'
            ? page([makeListItem({ id: 'v-1', title: 'Primeiro vídeo' })], true)
            : page([makeListItem({ id: 'v-2', title: 'Segundo vídeo' })], false);
        },
      },
      ana,
    );
    const { user } = renderApp('/videos');
    await user.click(await screen.findByRole('button', { name: VIDEO_MESSAGES.loadMore }));
    expect(await screen.findByRole('link', { name: /Segundo vídeo/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Primeiro vídeo/ })).toBeInTheDocument();
    expect(libraryQueries(api).map((query) => query.page)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: VIDEO_MESSAGES.loadMore })).not.toBeInTheDocument();
  });

  it('searches 300 ms after the last keystroke, once, from page 1 again', async () => {
    const api = mockApi(
      {
        'GET /api/videos': () => {
          const { search, page: n } = current(api);
          if (search) return lastPage([makeListItem({ id: 'v-9', title: 'Revisão de óptica' })]);
          return page([makeListItem({ id: `v-${n}`, title: `Vídeo ${n}` })], true);
        },
      },
      ana,
    );
    const { user } = renderApp('/videos');
    await user.click(await screen.findByRole('button', { name: VIDEO_MESSAGES.loadMore }));
    await screen.findByRole('link', { name: /Vídeo 2/ });
    expect(libraryQueries(api).map((query) => query.page)).toEqual(['1', '2']);

    const typedAt = Date.now();
    await user.type(screen.getByRole('searchbox', { name: VIDEO_MESSAGES.searchLabel }), 'revisao');
    // Nothing is asked while typing…
    expect(libraryQueries(api)).toHaveLength(2);
    expect(await screen.findByRole('link', { name: /Revisão de óptica/ })).toBeInTheDocument();
    // …then one search for the whole word, from page 1, no sooner than 300 ms.
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(300);
    expect(libraryQueries(api).slice(2)).toEqual([{ search: 'revisao', page: '1' }]);
    expect(screen.queryByRole('link', { name: /Vídeo 1/ })).not.toBeInTheDocument();
  });

  it("filters by category, leaving the parameter out for 'Todas as categorias'", async () => {
    const api = mockApi(
      {
        'GET /api/videos': () => {
          return current(api).category === 'revisao'
            ? lastPage([makeListItem({ id: 'v-r', title: 'Só revisão' })])
            : lastPage([makeListItem({ id: 'v-a', title: 'Todas' })]);
        },
      },
      ana,
    );
    const { user } = renderApp('/videos');
    await screen.findByRole('link', { name: /Todas/ });
    const select = screen.getByRole('combobox', { name: VIDEO_MESSAGES.categoryLabel });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todas as categorias', 'Aula', 'Exercícios', 'Dicas', 'Revisão']);
    await user.selectOptions(select, 'Revisão');
    expect(await screen.findByRole('link', { name: /Só revisão/ })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: VIDEO_MESSAGES.searchLabel }), 'mru');
    await waitFor(() => expect(libraryQueries(api)).toHaveLength(3));
    expect(libraryQueries(api)).toEqual([
      { search: '', page: '1' },
      { search: '', category: 'revisao', page: '1' },
      { search: 'mru', category: 'revisao', page: '1' },
    ]);
    await user.selectOptions(select, 'Todas as categorias');
    await waitFor(() => expect(libraryQueries(api)).toHaveLength(4));
    expect(libraryQueries(api).at(-1)).toEqual({ search: 'mru', page: '1' });
  });

  it("shows the server's message and a way to try again when the library fails", async () => {
    let fail = true;
    mockApi(
      {
        'GET /api/videos': () =>
          fail
            ? {
                status: 503,
                body: { error: 'O servidor está indisponível no momento.', code: 'UNAVAILABLE' },
              }
            : lastPage([]),
      },
      ana,
    );
    const { user } = renderApp('/videos');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(VIDEO_MESSAGES.fetchFailed);
    expect(alert).toHaveTextContent('O servidor está indisponível no momento.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: VIDEO_MESSAGES.retry }));
    expect(await screen.findByText(VIDEO_MESSAGES.empty)).toBeInTheDocument();
  });

  describe('back arrow', () => {
    const groupLists = {
      'GET /api/videos': lastPage([]),
      'GET /api/study-groups/available': lastPage([]),
      'GET /api/study-groups/my': lastPage([]),
      'GET /api/study-groups/archived': lastPage([]),
    };

    it('goes to the study groups when the library was opened directly', async () => {
      mockApi(groupLists, ana);
      const { user } = renderApp('/videos');
      const back = await screen.findByRole('link', { name: 'Voltar' });
      expect(back).toHaveAttribute('href', '/study-groups');
      await user.click(back);
      expect(currentPath()).toBe('/study-groups');
    });

    it('goes back to the screen it was opened from, as it was left', async () => {
      mockApi(groupLists, ana);
      const { user } = renderApp('/study-groups?tab=archived');
      await user.click(await screen.findByRole('link', { name: 'Biblioteca de Vídeos' }));
      expect(currentPath()).toBe('/videos');
      await user.click(await screen.findByRole('link', { name: 'Voltar' }));
      await waitFor(() => expect(currentPath()).toBe('/study-groups?tab=archived'));
    });
  });
});
