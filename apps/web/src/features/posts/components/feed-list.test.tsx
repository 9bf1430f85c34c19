import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { ana, mockApi } from '../../../test/api-mock.ts';
import { makePost, page } from '../../../test/posts.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { getFeedQueryOptions } from '../api/get-feed.ts';

// Its own file: the first screen is the first feed the page shows (a module-level flag).
it('on the first screen, paints the skeleton before the posts even when they are already fetched', async () => {
  mockApi({ 'GET /api/posts': page([makePost({ id: 'p-1', content: 'Primeiro post' })]) }, ana);
  // As main.tsx does for a returning student: the first page is asked for before the app renders.
  const queryClient = createQueryClient();
  await queryClient.prefetchInfiniteQuery(getFeedQueryOptions());

  // Every skeleton that left the page: it was painted before the posts replaced it.
  const skeletonsRemoved: Element[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes)
        if (node instanceof Element && node.matches('[aria-label="Carregando posts"]'))
          skeletonsRemoved.push(node);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  renderApp('/', { storedUser: ana, queryClient });
  expect(await screen.findByText('Primeiro post')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve));
  observer.disconnect();

  // The cards rendered in the background after the skeleton, not in the app's first blocking render.
  expect(skeletonsRemoved).not.toHaveLength(0);
  expect(screen.queryByRole('status', { name: 'Carregando posts' })).not.toBeInTheDocument();
});
