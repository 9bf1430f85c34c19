import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { syncReviews } from '../api/submit-review.ts';
import { reviewResult } from '../testing/study-fixtures.ts';
import { enqueueReview, type QueuedReview, readReviewQueue } from './review-queue.ts';
import { ReviewSync } from './use-review-queue.ts';

const review = (n: number, entryId = `e-${n}`): QueuedReview => ({
  entryId,
  rating: 'good',
  clientId: `00000000-0000-4000-8000-00000000000${n}`,
  reviewedAt: `2026-11-26T10:0${n}:00.000Z`,
});

describe('offline review queue', () => {
  it('keeps reviews done offline and sends them in order on reconnect, each once', async () => {
    const queryClient = new QueryClient();
    let online = false;
    const reply = (entryId: string) => () => (online ? ok(reviewResult(entryId), 201) : 'network-error');
    const api = mockApi({
      'POST /api/reviews/e-1': reply('e-1'),
      'POST /api/reviews/e-2': reply('e-2'),
      'POST /api/reviews/e-3': reply('e-3'),
    });
    for (const n of [1, 2, 3]) {
      enqueueReview('u-ana', review(n));
      await syncReviews(queryClient, 'u-ana');
    }
    // Offline: the first failed each time, the others waited behind it.
    expect(readReviewQueue('u-ana')).toHaveLength(3);
    expect(api.calls.map((call) => call.path)).toEqual([
      '/api/reviews/e-1',
      '/api/reviews/e-1',
      '/api/reviews/e-1',
    ]);

    online = true;
    api.calls.length = 0;
    // The connection returns and two syncs start at once (the 'online' event and a new review).
    await Promise.all([syncReviews(queryClient, 'u-ana'), syncReviews(queryClient, 'u-ana')]);
    expect(api.calls.map((call) => call.path)).toEqual([
      '/api/reviews/e-1',
      '/api/reviews/e-2',
      '/api/reviews/e-3',
    ]);
    expect(api.calls.map((call) => call.body)).toEqual(
      [1, 2, 3].map((n) => {
        const { entryId: _, ...body } = review(n);
        return body;
      }),
    );
    expect(readReviewQueue('u-ana')).toEqual([]);
  });

  it('drops a review the server had already applied, or refuses for good, and keeps one it could not take now', async () => {
    const queryClient = new QueryClient();
    const api = mockApi({
      // Sent before (e.g. the tab closed before its reply): answered `applied: false`.
      'POST /api/reviews/e-1': ok(reviewResult('e-1', false)),
      // The entry was removed meanwhile.
      'POST /api/reviews/e-2': {
        status: 404,
        body: { error: 'Entrada do caderno não encontrada.', code: 'NOT_FOUND' },
      },
      'POST /api/reviews/e-3': { status: 503, body: { error: 'Indisponível', code: 'UNAVAILABLE' } },
    });
    for (const n of [1, 2, 3]) enqueueReview('u-ana', review(n));
    await syncReviews(queryClient, 'u-ana');
    expect(readReviewQueue('u-ana')).toEqual([review(3)]);
    await syncReviews(queryClient, 'u-ana');
    expect(api.callsTo('POST', '/api/reviews/e-1')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/reviews/e-2')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/reviews/e-3')).toHaveLength(2);
  });

  it("sends what waited as the app starts and again when the browser says it is back 'online'", async () => {
    let online = false;
    const api = mockApi({
      'POST /api/reviews/e-1': () => (online ? ok(reviewResult('e-1'), 201) : 'network-error'),
    });
    enqueueReview('u-ana', review(1));
    const queryClient = new QueryClient();
    render(
      createElement(
        QueryClientProvider,
        { client: queryClient },
        createElement(ReviewSync, { userId: 'u-ana' }),
      ),
    );
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(readReviewQueue('u-ana')).toHaveLength(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(readReviewQueue('u-ana')).toEqual([]));
    expect(api.calls).toHaveLength(2);
  });

  it("keeps each user's queue apart", () => {
    enqueueReview('u-ana', review(1));
    expect(readReviewQueue('u-bruno')).toEqual([]);
    expect(readReviewQueue('u-ana')).toEqual([review(1)]);
  });
});
