import { describe, expect, it } from 'vitest';
import { FeedCache, feedPageKey } from './feed-cache.ts';

describe('FeedCache', () => {
  it('keeps a page until invalidated, and tells its listeners', () => {
    const cache = new FeedCache(10);
    let told = 0;
    cache.onInvalidate(() => told++);
    cache.store(cache.ticket(), 'k', Buffer.from('{"data":[1]}'));
    expect(cache.get('k')?.toString()).toBe('{"data":[1]}');
    cache.invalidate();
    expect(cache.get('k')).toBeUndefined();
    expect(told).toBe(1);
  });

  it('empties on a remote invalidation without telling its listeners again', () => {
    const cache = new FeedCache(10);
    let told = 0;
    cache.onInvalidate(() => told++);
    cache.store(cache.ticket(), 'k', Buffer.from('page'));
    cache.applyInvalidate();
    expect(cache.get('k')).toBeUndefined();
    expect(told).toBe(0);
  });

  it('does not store a read that started before a write', () => {
    const cache = new FeedCache(10);
    const ticket = cache.ticket();
    cache.invalidate();
    cache.store(ticket, 'k', Buffer.from('stale page'));
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the oldest page; none at capacity 0', () => {
    const cache = new FeedCache(2);
    for (const key of ['a', 'b', 'c']) cache.store(cache.ticket(), key, Buffer.from(key));
    expect(['a', 'b', 'c'].map((key) => cache.get(key)?.toString())).toEqual([undefined, 'b', 'c']);
    const off = new FeedCache(0);
    off.store(off.ticket(), 'a', Buffer.from('a'));
    expect(off.get('a')).toBeUndefined();
  });

  it('keys pages by viewer, by cursor or page number, and by size', () => {
    const keys = new Set([
      feedPageKey('ana', { page: 1, limit: 10 }),
      feedPageKey('bia', { page: 1, limit: 10 }),
      feedPageKey('ana', { page: 2, limit: 10 }),
      feedPageKey('ana', { page: 1, limit: 20 }),
      feedPageKey('ana', { page: 1, limit: 10, cursor: 'x' }),
    ]);
    expect(keys.size).toBe(5);
  });
});
