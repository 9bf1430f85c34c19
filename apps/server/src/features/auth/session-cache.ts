import { LRUCache } from 'lru-cache';
import type { Tx } from '../../db/client.ts';
import type { MessageBus } from '../../plugins/bus.ts';
import type { SessionLookup, SessionUser } from '../../plugins/session.ts';
import { sessionIdOf } from '../../plugins/session.ts';
import { findSession } from './sessions.queries.ts';

interface Entry {
  user: SessionUser;
  /** When this copy must be read again: the time to live, or the session's own end if sooner. */
  staleAt: number;
}

/**
 * Every API call carries the session cookie; reading its session and user from the database each
 * time doubled the cost of a feed page. Live sessions are kept here for a short while instead, in
 * an `lru-cache` bounded in size and age (an entry lives `ttlMs`, never past its session's end).
 *
 * Whatever changes a user row or ends sessions calls `forgetUser`/`forgetSession` after its write
 * commits (the app also tells its other processes, through the bus). A read that started before a
 * forget is not stored, so a row read just before a change never outlives it.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  /** Bumped by every forget: a lookup stores its result only if no forget happened meanwhile. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = ttlMs > 0 ? new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs }) : undefined;
  }

  /** The cached user of a live session, or undefined when it must be looked up. */
  get(sessionId: string): SessionUser | undefined {
    const entry = this.entries?.get(sessionId);
    if (!entry) return undefined;
    if (entry.staleAt <= this.now()) {
      this.entries?.delete(sessionId);
      return undefined;
    }
    return entry.user;
  }

  /** Call before the database read; pass the result to `store` with it. */
  ticket(): number {
    return this.generation;
  }

  store(ticket: number, sessionId: string, user: SessionUser, sessionExpiresAt: Date): void {
    if (!this.entries || ticket !== this.generation) return;
    const staleAt = Math.min(this.now() + this.ttlMs, sessionExpiresAt.getTime());
    this.entries.set(sessionId, { user, staleAt });
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.entries?.delete(sessionId);
  }

  /** Forgets every session (tests: an app kept for a whole file starts each test empty). */
  clear(): void {
    this.generation++;
    this.entries?.clear();
  }

  forgetUser(userId: string): void {
    this.generation++;
    if (!this.entries) return;
    for (const [sessionId, entry] of this.entries.entries()) {
      if (entry.user.id === userId) this.entries.delete(sessionId);
    }
  }
}

/** What one process tells the others when it forgets: a whole user, or one session. */
export type SessionForget = { userId: string } | { sessionId: string };

/** Session lookups for the session plugin and the sockets, served from a `SessionCache`. */
export class SessionStore implements SessionLookup {
  private readonly cache: SessionCache;
  private bus: MessageBus | undefined;

  constructor(
    private readonly db: Tx,
    ttlMs: number,
    /** The server's clock (a session is live until its end by it). */
    private readonly clock: () => Date,
  ) {
    this.cache = new SessionCache(ttlMs);
  }

  /** The user behind a cookie token, if the session is alive and the account not suspended. */
  async findUser(token: string): Promise<SessionUser | undefined> {
    const sessionId = sessionIdOf(token);
    const cached = this.cache.get(sessionId);
    if (cached) return cached;
    const ticket = this.cache.ticket();
    const session = await findSession(this.db, sessionId, this.clock());
    if (session) this.cache.store(ticket, sessionId, session.user, session.expiresAt);
    return session?.user;
  }

  /** After a change to the user's row, or to all their sessions, has committed. */
  forgetUser(userId: string): void {
    this.forget({ userId });
  }

  /** This process's memory only (test/app.ts `resetTestApp`). */
  clear(): void {
    this.cache.clear();
  }

  /** After one session (a cookie token) was deleted. */
  forgetToken(token: string): void {
    this.forget({ sessionId: sessionIdOf(token) });
  }

  /** Takes the forgets of every process (its own included) from the bus, and nothing else. */
  listen(bus: MessageBus): void {
    this.bus = bus;
    bus.subscribe('sessions.forget', (message) => {
      if ('userId' in message) this.cache.forgetUser(message.userId);
      else this.cache.forgetSession(message.sessionId);
    });
  }

  private forget(message: SessionForget): void {
    if (this.bus) this.bus.publish('sessions.forget', message);
    else if ('userId' in message) this.cache.forgetUser(message.userId);
    else this.cache.forgetSession(message.sessionId);
  }
}
