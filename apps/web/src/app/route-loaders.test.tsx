import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCommentsQueryOptions } from '../features/posts/api/get-comments.ts';
import { getFeedQueryOptions } from '../features/posts/api/get-feed.ts';
import { getPostQueryOptions } from '../features/posts/api/get-post.ts';
import { CURRENT_USER_KEY } from '../lib/current-user.ts';
import { getGroupQueryOptions } from '../lib/queries/group.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { ana, fail, felipe, mockApi, ok, profileOf } from '../test/api-mock.ts';
import { GROUP_ID, makeGroup } from '../test/groups.ts';
import { makeComment, page, questionPost } from '../test/posts.ts';
import { renderApp } from '../test/render-app.tsx';
import { createRoutes } from './router.tsx';

// Decision 036: a route's loader starts the page's requests as the navigation starts, into the query
// cache the page reads, never waits for them, and asks nothing for anyone the gate sends away.

type Route = ReturnType<typeof createRoutes>[number];
const findRoute = (list: Route[], id: string): Route | undefined =>
  list.flatMap((route) => (route.id === id ? [route] : (findRoute(route.children ?? [], id) ?? [])))[0];

/** Runs the loader of the route `id` for `path`, as the router does when navigating there. */
async function runLoader(
  queryClient: ReturnType<typeof createQueryClient>,
  id: string,
  path: string,
  params: Record<string, string> = {},
) {
  const loader = findRoute(createRoutes(queryClient), id)?.loader;
  if (typeof loader !== 'function') throw new Error(`the route ${id} has no loader`);
  const request = new Request(new URL(path, 'http://localhost'));
  return loader({ request, params, context: undefined, pattern: '', url: new URL(request.url) } as never);
}

const signIn = (user: typeof ana) => localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));

describe('route loaders', () => {
  it('fetch a post and its comments into the cache the comments page reads, so the page asks nothing again', async () => {
    const api = mockApi(
      {
        'GET /api/posts/p-question': ok(questionPost({ content: 'Revisão de Biologia' })),
        'GET /api/posts/p-question/comments': page([makeComment()]),
      },
      ana,
    );
    signIn(ana);
    const queryClient = createQueryClient();
    expect(
      await runLoader(queryClient, 'post-comments', '/post/p-question/comments', { postId: 'p-question' }),
    ).toBeNull();
    await expect
      .poll(() => queryClient.getQueryData(getCommentsQueryOptions('p-question').queryKey))
      .toBeDefined();
    expect(queryClient.getQueryData(getPostQueryOptions('p-question').queryKey)).toBeDefined();

    renderApp('/post/p-question/comments', { queryClient });
    expect(await screen.findByText('Revisão de Biologia')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Comentário de Ana Souza' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/posts/p-question')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/posts/p-question/comments')).toHaveLength(1);
  });

  it("fetch the feed the address asks for ('Seguindo' here)", async () => {
    const api = mockApi({ 'GET /api/posts': page([]) }, ana);
    signIn(ana);
    const queryClient = createQueryClient();
    await runLoader(queryClient, 'home', '/?feed=seguindo');
    expect(queryClient.getQueryState(getFeedQueryOptions('following').queryKey)).toBeDefined();
    expect(api.callsTo('GET', '/api/posts').map((call) => call.query)).toEqual(['?limit=10&feed=following']);
  });

  it('fetch a profile: the own one without an id, the person’s with one', async () => {
    const api = mockApi({ 'GET /api/users/u-bia': ok(profileOf({ ...ana, id: 'u-bia' })) }, ana);
    signIn(ana);
    const queryClient = createQueryClient();
    await runLoader(queryClient, 'profile', '/profile');
    await runLoader(queryClient, 'user', '/user/u-bia', { id: 'u-bia' });
    expect(api.calls.map((call) => call.path)).toEqual(['/api/users/u-ana', '/api/users/u-bia']);
  });

  it('do not wait for the answer: the navigation goes on while a group is still being asked for', async () => {
    const api = mockApi({ [`GET /api/study-groups/${GROUP_ID}`]: 'no-reply' }, ana);
    signIn(ana);
    const queryClient = createQueryClient();
    expect(
      await runLoader(queryClient, 'study-group', `/study-groups/${GROUP_ID}`, { groupId: GROUP_ID }),
    ).toBeNull();
    expect(queryClient.getQueryState(getGroupQueryOptions(GROUP_ID).queryKey)?.fetchStatus).toBe('fetching');
    expect(api.callsTo('GET', `/api/study-groups/${GROUP_ID}`)).toHaveLength(1);
  });

  it("do not fail on an error: the group's page shows its own error state", async () => {
    mockApi({ [`GET /api/study-groups/${GROUP_ID}`]: fail(500, 'Erro interno') }, ana);
    signIn(ana);
    const queryClient = createQueryClient();
    expect(
      await runLoader(queryClient, 'study-group', `/study-groups/${GROUP_ID}`, { groupId: GROUP_ID }),
    ).toBeNull();
    renderApp(`/study-groups/${GROUP_ID}`, { queryClient });
    expect(await screen.findByText('Não foi possível carregar o grupo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('ask nothing for a visitor, nor for a student who has not confirmed the e-mail (the gate sends both away)', async () => {
    for (const user of [null, felipe]) {
      localStorage.clear();
      if (user) signIn(user);
      const api = mockApi({}, user);
      const queryClient = createQueryClient();
      await runLoader(queryClient, 'profile', '/profile');
      await runLoader(queryClient, 'study-group', `/study-groups/${GROUP_ID}`, { groupId: GROUP_ID });
      await runLoader(queryClient, 'post-comments', '/post/p-question/comments', { postId: 'p-question' });
      await runLoader(queryClient, 'home', '/');
      expect(api.calls).toEqual([]);
      expect(queryClient.getQueryCache().getAll()).toEqual([]);
    }
  });

  it('take the session’s answer over the stored user: signed out elsewhere, nothing is asked', async () => {
    const api = mockApi({ [`GET /api/study-groups/${GROUP_ID}`]: ok(makeGroup()) }, null);
    signIn(ana);
    const queryClient = createQueryClient();
    queryClient.setQueryData(['users', 'me'], null);
    await runLoader(queryClient, 'study-group', `/study-groups/${GROUP_ID}`, { groupId: GROUP_ID });
    expect(api.calls).toEqual([]);
  });
});
