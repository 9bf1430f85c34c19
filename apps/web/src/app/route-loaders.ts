import type { CurrentUser } from '@estudai/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { getCommentsQueryOptions } from '../features/posts/api/get-comments.ts';
import { feedKindOf, getFeedQueryOptions } from '../features/posts/api/get-feed.ts';
import { getPostQueryOptions } from '../features/posts/api/get-post.ts';
import { getProfileQueryOptions } from '../features/users/api/get-profile.ts';
import { getCurrentUserQueryOptions, readStoredUser } from '../lib/current-user.ts';
import { getGroupQueryOptions } from '../lib/queries/group.ts';
import { gateRedirect } from './route-gate.tsx';

// The routes' loaders start the page's first requests as the navigation starts, beside the page's
// chunk, with the same query keys and fetchers the page reads: the page then finds them under way or
// answered in the query cache. They never wait for an answer nor fail: the page shows its own
// skeleton and error state, as it does without them. Decision: docs/decisions/036-data-router.md

/** Who the app takes to be signed in: the session's answer, or the stored user while it is asked. */
function currentUser(queryClient: QueryClient): CurrentUser | null {
  const answered = queryClient.getQueryData(getCurrentUserQueryOptions().queryKey);
  return answered !== undefined ? answered : readStoredUser();
}

/**
 * A loader that prefetches for a verified user the route gate lets through (route-gate.tsx), and
 * asks nothing for anyone it would send elsewhere. Not run for the first route: its page renders at
 * once and asks for itself (main.tsx asks for the feed earlier still).
 */
function prefetching(
  queryClient: QueryClient,
  prefetch: (user: CurrentUser, params: LoaderFunctionArgs['params'], url: URL) => void,
): LoaderFunction {
  const loader: LoaderFunction = ({ request, params }) => {
    const user = currentUser(queryClient);
    const url = new URL(request.url);
    if (user?.emailVerified && gateRedirect(user, url.pathname) === null) prefetch(user, params, url);
    return null;
  };
  return loader;
}

/**
 * `loadHomePage`: the chunks of the page `/` shows (router.tsx), the feed and its frame when signed
 * in, the landing page when not.
 */
export function createRouteLoaders(
  queryClient: QueryClient,
  loadHomePage: (signedIn: boolean) => Promise<unknown>,
) {
  const feed = prefetching(queryClient, (_user, _params, url) => {
    void queryClient.prefetchInfiniteQuery(getFeedQueryOptions(feedKindOf(url.searchParams)));
  });
  /**
   * `/`: the feed's first page ('Para você', or 'Seguindo' when the address asks for it); and it
   * waits for the page it shows, as a lazy route waits for its own, so that the page before stays
   * until this one renders at once. (It never fails: a chunk that did not arrive fails the page.)
   */
  const home: LoaderFunction = async (args) => {
    feed(args);
    await loadHomePage(currentUser(queryClient) !== null);
    return null;
  };
  return {
    home,
    /** /post/{id}/comments: the post and its comments, as the page asks for both at once. */
    postComments: prefetching(queryClient, (_user, { postId = '' }) => {
      void queryClient.prefetchQuery(getPostQueryOptions(postId));
      void queryClient.prefetchQuery(getCommentsQueryOptions(postId));
    }),
    /** /profile, /user and /user/{id}: the person's profile (one's own without an id). */
    profile: prefetching(queryClient, (user, { id }) => {
      void queryClient.prefetchQuery(getProfileQueryOptions(id ?? user.id));
    }),
    /** /study-groups/{id}: the group (its membership is asked only once the group says it is one). */
    studyGroup: prefetching(queryClient, (_user, { groupId = '' }) => {
      void queryClient.prefetchQuery(getGroupQueryOptions(groupId));
    }),
  };
}
