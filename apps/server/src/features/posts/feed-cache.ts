/**
 * Main-feed pages exactly as one viewer was last served them, kept until anything is written.
 *
 * Reading the feed is far more common than writing to it, and a page read twice with no write in
 * between is the same page. So every API call that may write (any method but GET, HEAD and
 * OPTIONS, except routes marked `keepsFeedCache`, which write nothing a page shows) empties this
 * cache before its reply leaves (app.ts), and with Redis the other processes empty theirs too
 * (realtime.ts). Keying by viewer keeps their likes, saves, answers and votes their own. A read
 * that started before a write is not stored, so it cannot outlive that write. Nothing else writes
 * posts, likes, votes or users while the app serves: demo data is seeded before it listens,
 * background tasks only send mail and notifications, and closing a simulado attempt (which adds
 * first answers, on a read or in its job) empties the cache itself.
 */
export class FeedCache {
  /** Each page as its JSON reply's bytes: sent as they are, with no encoding or length count per request. */
  private readonly pages = new Map<string, Buffer>();
  private version = 0;
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly maxPages: number) {}

  get(key: string): Buffer | undefined {
    return this.pages.get(key);
  }

  /** Call before reading the database; pass the result to `store` with it. */
  ticket(): number {
    return this.version;
  }

  store(ticket: number, key: string, page: Buffer): void {
    if (this.maxPages <= 0 || ticket !== this.version) return;
    if (this.pages.size >= this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, page);
  }

  /** Something may have been written here: every page goes, here and on the other processes. */
  invalidate(): void {
    this.applyInvalidate();
    for (const listener of this.listeners) listener();
  }

  /** Another process wrote: empty this one's pages without telling anyone. */
  applyInvalidate(): void {
    this.version++;
    this.pages.clear();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }
}

/** The page's key for one viewer: a cursor, or a page number, and the page size. */
export const feedPageKey = (viewerId: string, input: { cursor?: string; page: number; limit: number }) =>
  `${viewerId}\n${input.cursor ? `c${input.cursor}` : `p${input.page}`}\n${input.limit}`;
