import type { Post } from '@estudai/contract/constants';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { updateCachedPost } from './post-cache.ts';

const post = (id: string, likesCount = 0) => ({ id, likesCount, isLiked: false }) as unknown as Post;
const pages = (...items: { id: string }[]) => ({ pages: [{ data: items, hasMore: false }], pageParams: [1] });

describe('updateCachedPost', () => {
  it('changes the post in every cached list that holds it — feed, profile, group — and leaves the others as they were', () => {
    const client = new QueryClient();
    client.setQueryData(['posts', 'feed'], pages(post('p1'), post('p2')));
    client.setQueryData(['users', 'u1', 'posts'], pages(post('p1')));
    client.setQueryData(['study-groups', 'posts', 'g1'], pages(post('p1')));
    const unrelated = pages(post('p9'));
    client.setQueryData(['study-groups', 'posts', 'g2'], unrelated);

    updateCachedPost(client, 'p1', (p) => ({ ...p, isLiked: true, likesCount: p.likesCount + 1 }));

    for (const key of [
      ['posts', 'feed'],
      ['users', 'u1', 'posts'],
      ['study-groups', 'posts', 'g1'],
    ]) {
      const cached = client.getQueryData<ReturnType<typeof pages>>(key);
      expect(cached?.pages[0]?.data[0]).toMatchObject({ id: 'p1', isLiked: true, likesCount: 1 });
    }
    const feed = client.getQueryData<ReturnType<typeof pages>>(['posts', 'feed']);
    expect(feed?.pages[0]?.data[1]).toMatchObject({ id: 'p2', isLiked: false });
    expect(client.getQueryData(['study-groups', 'posts', 'g2'])).toBe(unrelated);
  });
});
