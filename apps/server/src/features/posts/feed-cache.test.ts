import { describe, expect, it } from 'vitest';
import { FeedCache, feedPageKey } from './feed-cache.ts';

const page = (viewerId: string, postIds: string[], authorIds = ['autora']) => ({
  viewerId,
  postIds,
  authorIds,
});

describe('FeedCache', () => {
  it('a new post drops only the pages it belongs to: pages by number, and pages after a cursor within its reach (issue 37)', () => {
    const cache = new FeedCache({ maxPages: 10, maxAgeMs: 60_000 });
    const HOUR = 3_600_000;
    const now = Date.parse('2026-11-28T22:00:00Z');
    const after = (aboveMs: number, lowestMs: number, hasMore = true) => ({
      ...page('ana', ['p1']),
      ranks: { aboveMs, lowestMs, hasMore },
    });
    cache.store(cache.ticket(), 'first', Buffer.from('1'), page('ana', ['p1']));
    // Ranks run up to 6 h ahead of age (a followee's post of 3 h ago ranks 3 h ahead): a page whose
    // ranks reach past now could hold a new post; one wholly below now could not.
    cache.store(cache.ticket(), 'ahead', Buffer.from('2'), after(now + 3 * HOUR, now - 2 * HOUR));
    cache.store(cache.ticket(), 'recent', Buffer.from('3'), after(now - HOUR, now - 5 * HOUR));
    cache.store(cache.ticket(), 'last', Buffer.from('4'), after(now - 50 * HOUR, now - 60 * HOUR, false));
    for (let i = 0; i < 50; i++) cache.apply({ kind: 'newPost', atMs: now + i });
    expect(['first', 'ahead', 'recent', 'last'].map((key) => cache.get(key)?.toString())).toEqual([
      undefined,
      undefined,
      '3',
      '4',
    ]);
    // A deleted post moves the pages by number; a page after a cursor only if it shows it.
    cache.store(cache.ticket(), 'first', Buffer.from('1'), page('ana', ['p1']));
    cache.apply({ kind: 'removedPost', postId: 'p9' });
    expect([cache.get('first'), cache.get('recent')?.toString()]).toEqual([undefined, '3']);
    cache.apply({ kind: 'removedPost', postId: 'p1' });
    expect(cache.get('recent')).toBeUndefined();
  });

  it('drops only the pages a change touches', () => {
    const cache = new FeedCache({ maxPages: 10, maxAgeMs: 60_000 });
    cache.store(cache.ticket(), 'a', Buffer.from('a'), page('ana', ['p1', 'p2']));
    cache.store(cache.ticket(), 'b', Buffer.from('b'), page('bia', ['p3'], ['outro']));
    cache.apply({ kind: 'posts', postIds: ['p2'] });
    expect([cache.get('a'), cache.get('b')?.toString()]).toEqual([undefined, 'b']);
    cache.store(cache.ticket(), 'a', Buffer.from('a'), page('ana', ['p1', 'p2']));
    cache.apply({ kind: 'author', authorId: 'outro' });
    expect([cache.get('a')?.toString(), cache.get('b')]).toEqual(['a', undefined]);
    cache.apply({ kind: 'viewer', viewerId: 'ana' });
    expect(cache.get('a')).toBeUndefined();
  });

  it('writes a like into the pages showing its post instead of dropping them, newer counts only', () => {
    const cache = new FeedCache({ maxPages: 10, maxAgeMs: 60_000 });
    const json = (posts: { id: string; likesCount: number; isLiked: boolean }[]) =>
      Buffer.from(
        JSON.stringify({ data: posts.map((post) => ({ ...post, content: 'Olá' })), hasMore: false }),
      );
    const [p1, p2] = [
      { id: 'p1', likesCount: 4, isLiked: false },
      { id: 'p2', likesCount: 0, isLiked: false },
    ];
    const posts = [p1, p2];
    const contents = (viewerId: string) => ({ ...page(viewerId, ['p1', 'p2']), likesVersions: [6, 0] });
    cache.store(cache.ticket(), 'ana', json(posts), contents('ana'));
    cache.store(cache.ticket(), 'bia', json(posts), contents('bia'));
    cache.store(cache.ticket(), 'caio', Buffer.from('sem p1'), page('caio', ['p3']));
    const like = { kind: 'like', postId: 'p1', userId: 'ana', liked: true } as const;
    cache.apply({ ...like, likesCount: 5, likesVersion: 7 });
    // Heard out of order: a count older than the page's own, then one the page already shows.
    cache.apply({ ...like, userId: 'bia', likesCount: 3, likesVersion: 5 });
    cache.apply({ ...like, userId: 'bia', likesCount: 4, likesVersion: 6 });
    const read = (key: string) => JSON.parse(cache.get(key)?.toString() ?? 'null');
    expect(cache.size).toBe(3);
    expect(read('ana').data[0]).toEqual({ id: 'p1', likesCount: 5, isLiked: true, content: 'Olá' });
    expect(read('bia').data).toEqual(JSON.parse(json([{ ...p1, likesCount: 5 }, p2]).toString()).data);
    expect(cache.get('caio')?.toString()).toBe('sem p1');
    // An unlike by Ana, then a like by Bia: each page shows the last count, and its own viewer's heart.
    cache.apply({ ...like, liked: false, likesCount: 4, likesVersion: 8 });
    cache.apply({ ...like, userId: 'bia', likesCount: 5, likesVersion: 9 });
    expect([read('ana').data[0], read('bia').data[0]]).toEqual([
      { id: 'p1', likesCount: 5, isLiked: false, content: 'Olá' },
      { id: 'p1', likesCount: 5, isLiked: true, content: 'Olá' },
    ]);
  });

  it('finds the pages showing a post from its index, whichever way pages came and went', async () => {
    const cache = new FeedCache({ maxPages: 2, maxAgeMs: 50 });
    const like = (postId: string, likesVersion: number) =>
      cache.apply({
        kind: 'like',
        postId,
        userId: 'ana',
        liked: true,
        likesCount: likesVersion,
        likesVersion,
      });
    const body = (id: string) =>
      Buffer.from(JSON.stringify({ data: [{ id, likesCount: 0, isLiked: false }] }));
    cache.store(cache.ticket(), 'a', body('p1'), page('ana', ['p1']));
    cache.store(cache.ticket(), 'b', body('p2'), page('bia', ['p2']));
    // Full: 'c' evicts 'a', the least recently used; p1 is then on no page.
    cache.store(cache.ticket(), 'c', body('p2'), page('caio', ['p2']));
    expect([cache.size, cache.indexedPosts]).toEqual([2, 1]);
    like('p2', 3);
    expect(
      ['b', 'c'].map((key) => JSON.parse(cache.get(key)?.toString() ?? '{}').data[0].likesCount),
    ).toEqual([3, 3]);
    // 'b' replaced by a page of other posts: an edit of p2 drops 'c' only.
    cache.store(cache.ticket(), 'b', body('p3'), page('bia', ['p3']));
    cache.apply({ kind: 'posts', postIds: ['p2'] });
    expect([cache.get('b') !== undefined, cache.get('c')]).toEqual([true, undefined]);
    expect(cache.indexedPosts).toBe(1);
    // Expired pages leave the index when they go; a change of every page empties it.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.indexedPosts).toBe(0);
    cache.store(cache.ticket(), 'd', body('p4'), page('davi', ['p4']));
    cache.apply({ kind: 'all' });
    expect([cache.size, cache.indexedPosts]).toEqual([0, 0]);
  });

  it('does not store a read that started before a like on its posts', () => {
    const cache = new FeedCache({ maxPages: 10, maxAgeMs: 60_000 });
    const ticket = cache.ticket();
    cache.apply({ kind: 'like', postId: 'p1', userId: 'ana', liked: true, likesCount: 1, likesVersion: 1 });
    cache.store(ticket, 'stale', Buffer.from('{"data":[]}'), page('bia', ['p1']));
    expect(cache.get('stale')).toBeUndefined();
  });

  it('empties on a change of every page', () => {
    const cache = new FeedCache({ maxPages: 10, maxAgeMs: 60_000 });
    cache.store(cache.ticket(), 'a', Buffer.from('a'), page('ana', ['p1']));
    cache.apply({ kind: 'all' });
    expect(cache.size).toBe(0);
  });

  it('does not store a read that started before a change to its posts, and stores an unrelated one', () => {
    const cache = new FeedCache({ maxPages: 10, maxAgeMs: 60_000 });
    const ticket = cache.ticket();
    cache.apply({ kind: 'posts', postIds: ['p1'] });
    cache.store(ticket, 'stale', Buffer.from('stale page'), page('ana', ['p1']));
    cache.store(ticket, 'fine', Buffer.from('fine'), page('ana', ['p9']));
    expect(cache.get('stale')).toBeUndefined();
    expect(cache.get('fine')?.toString()).toBe('fine');
  });

  it('asks once for a page many read at the same time, and again for a reader after a change to it', async () => {
    const cache = new FeedCache({ maxPages: 10, maxAgeMs: 60_000 });
    const loads: ((posts: string[]) => void)[] = [];
    const load = () =>
      new Promise<{ json: Buffer; contents: ReturnType<typeof page> }>((resolve) =>
        loads.push((posts) => resolve({ json: Buffer.from(posts.join()), contents: page('ana', posts) })),
      );
    // Ten readers while the first query runs: one query, ten replies.
    const readers = Array.from({ length: 10 }, () => cache.read('a', load));
    expect(loads).toHaveLength(1);
    loads[0]?.(['p1', 'p2']);
    expect((await Promise.all(readers)).map(String)).toEqual(Array(10).fill('p1,p2'));
    expect(cache.get('a')?.toString()).toBe('p1,p2');
    // A like on p2 while a new query runs: the reader who came after it does not take the older page.
    cache.apply({ kind: 'all' });
    const first = cache.read('a', load);
    cache.apply({ kind: 'posts', postIds: ['p2'] });
    const after = cache.read('a', load);
    loads[1]?.(['p1', 'p2']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toHaveLength(3);
    loads[2]?.(['p1', 'p2 curtido']);
    expect([String(await first), String(await after)]).toEqual(['p1,p2', 'p1,p2 curtido']);
    // A change to other posts does not stop a reader from sharing the query.
    cache.apply({ kind: 'all' });
    const shared = [cache.read('a', load), cache.read('a', load)];
    cache.apply({ kind: 'posts', postIds: ['p9'] });
    shared.push(cache.read('a', load));
    loads[3]?.(['p1']);
    expect((await Promise.all(shared)).map(String)).toEqual(['p1', 'p1', 'p1']);
    expect(loads).toHaveLength(4);
  });

  it('runs every read with the memory off (the bench measures the query)', async () => {
    const off = new FeedCache({ maxPages: 0, maxAgeMs: 60_000 });
    let queries = 0;
    const load = async () => {
      queries++;
      return { json: Buffer.from('x'), contents: page('ana', []) };
    };
    await Promise.all([off.read('a', load), off.read('a', load)]);
    expect(queries).toBe(2);
  });

  it('keeps at most its capacity, dropping the least recently used page; none at capacity 0', () => {
    const cache = new FeedCache({ maxPages: 2, maxAgeMs: 60_000 });
    for (const key of ['a', 'b', 'c']) cache.store(cache.ticket(), key, Buffer.from(key), page('ana', []));
    expect(['a', 'b', 'c'].map((key) => cache.get(key)?.toString())).toEqual([undefined, 'b', 'c']);
    const off = new FeedCache({ maxPages: 0, maxAgeMs: 60_000 });
    off.store(off.ticket(), 'a', Buffer.from('a'), page('ana', []));
    expect(off.get('a')).toBeUndefined();
  });

  it('lets a page go once it is older than its age bound', async () => {
    const cache = new FeedCache({ maxPages: 10, maxAgeMs: 20 });
    cache.store(cache.ticket(), 'a', Buffer.from('a'), page('ana', []));
    expect(cache.get('a')?.toString()).toBe('a');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get('a')).toBeUndefined();
  });

  it('keys pages by feed, by viewer, by cursor or page number, and by size', () => {
    const keys = new Set([
      feedPageKey('ana', { feed: 'for_you', page: 1, limit: 10 }),
      feedPageKey('bia', { feed: 'for_you', page: 1, limit: 10 }),
      feedPageKey('ana', { feed: 'for_you', page: 2, limit: 10 }),
      feedPageKey('ana', { feed: 'for_you', page: 1, limit: 20 }),
      feedPageKey('ana', { feed: 'for_you', page: 1, limit: 10, cursor: 'x' }),
      feedPageKey('ana', { feed: 'following', page: 1, limit: 10 }),
      feedPageKey('bia', { feed: 'following', page: 1, limit: 10 }),
    ]);
    expect(keys.size).toBe(7);
  });
});
