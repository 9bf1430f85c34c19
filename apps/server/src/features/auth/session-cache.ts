import type { Tx } from '../../db/client.ts';
import type { SessionLookup, SessionUser } from '../../plugins/session.ts';
import { findSession, sessionIdOf } from './sessions.service.ts';

interface Entry {
  user: SessionUser;
  /** When the session itself ends (its row's expires_at). */
  sessionExpiresAt: number;
  /** When this copy must be read from the database again. */
  staleAt: number;
}

/**
 * Every API call carries the session cookie; reading its session and user from the database each
 * time doubled the cost of a feed page. Live sessions are kept here for a short while instead.
 *
 * Whatever changes a user row or ends sessions calls `forgetUser`/`forgetSession` after its write
 * commits (the app also tells its other processes, through Redis, when there are several). A read
 * that started before a forget is not stored, so a row read just before a change never outlives it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forget: a lookup stores its result only if no forget happened meanwhile. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached user of a live session, or undefined when it must be looked up. */
  get(sessionId: string): SessionUser | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.staleAt <= now || entry.sessionExpiresAt <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.user;
  }

  /** Call before the database read; pass the result to `store` with it. */
  ticket(): number {
    return this.generation;
  }

  store(ticket: number, sessionId: string, user: SessionUser, sessionExpiresAt: Date): void {
    if (this.ttlMs <= 0 || ticket !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sessionId, {
      user,
      sessionExpiresAt: sessionExpiresAt.getTime(),
      staleAt: this.now() + this.ttlMs,
    });
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [sessionId, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(sessionId);
    }
  }
}

/** What one process tells the others when it forgets: a whole user, or one session. */
export type SessionForget = { userId: string } | { sessionId: string };

/** Session lookups for the session plugin and the sockets, served from a `SessionCache`. */
export class SessionStore implements SessionLookup {
  private readonly cache: SessionCache;
  private readonly listeners: ((message: SessionForget) => void)[] = [];

  constructor(
    private readonly db: Tx,
    ttlMs: number,
  ) {
    this.cache = new SessionCache(ttlMs);
  }

  /** The user behind a cookie token, if the session is alive and the account not suspended. */
  async findUser(token: string): Promise<SessionUser | undefined> {
    const sessionId = sessionIdOf(token);
    const cached = this.cache.get(sessionId);
    if (cached) return cached;
    const ticket = this.cache.ticket();
    const session = await findSession(this.db, sessionId);
    if (session) this.cache.store(ticket, sessionId, session.user, session.expiresAt);
    return session?.user;
  }

  /** After a change to the user's row, or to all their sessions, has committed. */
  forgetUser(userId: string): void {
    this.forget({ userId });
  }

  /** After one session (a cookie token) was deleted. */
  forgetToken(token: string): void {
    this.forget({ sessionId: sessionIdOf(token) });
  }

  /** A forget from another process: applied here, not passed on. */
  applyForget(message: SessionForget): void {
    if ('userId' in message) this.cache.forgetUser(message.userId);
    else this.cache.forgetSession(message.sessionId);
  }

  /** Called with every local forget (the realtime layer relays them to the other processes). */
  onForget(listener: (message: SessionForget) => void): void {
    this.listeners.push(listener);
  }

  private forget(message: SessionForget): void {
    this.applyForget(message);
    for (const listener of this.listeners) listener(message);
  }
}
