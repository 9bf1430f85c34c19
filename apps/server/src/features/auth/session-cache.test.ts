import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../plugins/session.ts';
import { SessionCache } from './session-cache.ts';

const user = (id: string) => ({ id, displayName: `Usuário ${id}` }) as SessionUser;

describe('SessionCache', () => {
  let now = 1_000_000;
  const clock = () => now;
  const inAnHour = () => new Date(now + 3_600_000);

  it('serves a stored user until its time to live ends, then asks for a fresh read', () => {
    const cache = new SessionCache(30_000, 100, clock);
    cache.store(cache.ticket(), 's1', user('a'), inAnHour());
    expect(cache.get('s1')?.id).toBe('a');
    now += 29_999;
    expect(cache.get('s1')?.id).toBe('a');
    now += 1;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('never serves a session past its own expiry', () => {
    const cache = new SessionCache(30_000, 100, clock);
    cache.store(cache.ticket(), 's1', user('a'), new Date(now + 5_000));
    now += 5_000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets one session, or every session of a user', () => {
    const cache = new SessionCache(30_000, 100, clock);
    cache.store(cache.ticket(), 'phone', user('a'), inAnHour());
    cache.store(cache.ticket(), 'laptop', user('a'), inAnHour());
    cache.store(cache.ticket(), 'other', user('b'), inAnHour());
    cache.forgetSession('phone');
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')?.id).toBe('a');
    cache.forgetUser('a');
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.id).toBe('b');
  });

  it('does not store a read that started before a forget (it may hold the old row)', () => {
    const cache = new SessionCache(30_000, 100, clock);
    const ticket = cache.ticket();
    cache.forgetUser('a');
    cache.store(ticket, 's1', user('a'), inAnHour());
    expect(cache.get('s1')).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the oldest entry first', () => {
    const cache = new SessionCache(30_000, 2, clock);
    for (const id of ['s1', 's2', 's3']) cache.store(cache.ticket(), id, user(id), inAnHour());
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')?.id).toBe('s2');
    expect(cache.get('s3')?.id).toBe('s3');
  });

  it('stores nothing when its time to live is zero', () => {
    const cache = new SessionCache(0, 100, clock);
    cache.store(cache.ticket(), 's1', user('a'), inAnHour());
    expect(cache.get('s1')).toBeUndefined();
  });
});
