import { LRUCache } from 'lru-cache';
import type { MessageBus } from '../../plugins/bus.ts';

/** What a kept page shows: whose page it is, its posts and their authors. */
export interface FeedPageContents {
  viewerId: string;
  postIds: readonly string[];
  authorIds: readonly string[];
}

interface Page {
  json: Buffer;
  viewerId: string;
  postIds: Set<string>;
  authorIds: Set<string>;
}

/** What a domain event means for kept pages: all of them, or those showing a post, an author, a viewer's. */
export type FeedChange =
  | { kind: 'all' }
  | { kind: 'posts'; postIds: readonly string[] }
  | { kind: 'author'; authorId: string }
  | { kind: 'viewer'; viewerId: string };

/** Changes remembered for reads still running; a read older than these is not kept. */
const RECENT_CHANGES = 256;

function touches(change: FeedChange, page: Pick<Page, 'viewerId' | 'postIds' | 'authorIds'>): boolean {
  switch (change.kind) {
    case 'all':
      return true;
    case 'posts':
      return change.postIds.some((postId) => page.postIds.has(postId));
    case 'author':
      return page.authorIds.has(change.authorId);
    case 'viewer':
      return page.viewerId === change.viewerId;
  }
}

const pageOf = (json: Buffer, contents: FeedPageContents): Page => ({
  json,
  viewerId: contents.viewerId,
  postIds: new Set(contents.postIds),
  authorIds: new Set(contents.authorIds),
});

/**
 * Main-feed pages exactly as one viewer was last served them, as their JSON reply's bytes (sent as
 * they are). Pages follow the data: the services publish domain events on the bus (from any process,
 * through Redis), and each event drops only the pages it changes — a like drops the pages showing
 * that post; a new or deleted post, or a change of who may see whom, drops them all. Chat, 'mark
 * read', a simulado answer and the like publish nothing here, so they keep every page. The memory is
 * bounded in size and age (`lru-cache`), so an event missed (Redis down a moment) heals by itself.
 * A read that started before an event touching its page is not stored, so it cannot outlive it.
 */
export class FeedCache {
  private readonly pages: LRUCache<string, Page> | undefined;
  private sequence = 0;
  private readonly recent: { sequence: number; change: FeedChange }[] = [];
  private readonly loading = new Map<
    string,
    { ticket: number; promise: Promise<{ json: Buffer; contents: FeedPageContents }> }
  >();

  constructor(options: { maxPages: number; maxAgeMs: number }) {
    this.pages =
      options.maxPages > 0
        ? new LRUCache<string, Page>({ max: options.maxPages, ttl: options.maxAgeMs, ttlResolution: 0 })
        : undefined;
  }

  get(key: string): Buffer | undefined {
    return this.pages?.get(key)?.json;
  }

  /** Call before reading the database; pass the result to `store` with it. */
  ticket(): number {
    return this.sequence;
  }

  store(ticket: number, key: string, json: Buffer, contents: FeedPageContents): void {
    if (!this.pages) return;
    const page = pageOf(json, contents);
    if (!this.changedSince(ticket, page)) this.pages.set(key, page);
  }

  /**
   * The kept page, or `load`'s. Readers of the same page while its query runs share that query
   * (ten phones opening the app at once ask the database once), unless a change since it started
   * touches what it read: those run their own, so a change is still seen at the very next read.
   */
  async read(
    key: string,
    load: () => Promise<{ json: Buffer; contents: FeedPageContents }>,
  ): Promise<Buffer> {
    if (!this.pages) return (await load()).json;
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const running = this.loading.get(key);
    if (running) {
      const shared = await running.promise;
      if (!this.changedSince(running.ticket, pageOf(shared.json, shared.contents))) return shared.json;
    }
    const ticket = this.ticket();
    const entry = { ticket, promise: load() };
    this.loading.set(key, entry);
    try {
      const { json, contents } = await entry.promise;
      this.store(ticket, key, json, contents);
      return json;
    } finally {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    }
  }

  /** Whether a change since `ticket` touches the page (or too many happened to tell). */
  private changedSince(ticket: number, page: Page): boolean {
    if (ticket < this.sequence - this.recent.length) return true;
    return this.recent.some(({ sequence, change }) => sequence > ticket && touches(change, page));
  }

  /** Drops the pages a change touches, here only (every process applies the events it hears). */
  apply(change: FeedChange): void {
    this.sequence++;
    this.recent.push({ sequence: this.sequence, change });
    if (this.recent.length > RECENT_CHANGES) this.recent.shift();
    if (!this.pages) return;
    if (change.kind === 'all') {
      this.pages.clear();
      return;
    }
    for (const [key, page] of this.pages.entries()) {
      if (touches(change, page)) this.pages.delete(key);
    }
  }

  get size(): number {
    return this.pages?.size ?? 0;
  }

  /** Subscribes to the events that change what a feed page shows, and to nothing else. */
  listen(bus: MessageBus): void {
    bus.subscribe('post.created', ({ studyGroupId }) => {
      // Group posts are not on the main feed; a new main-feed post moves every page down by one.
      if (studyGroupId === null) this.apply({ kind: 'all' });
    });
    // The posts after a deleted one move up a place on every page.
    bus.subscribe('post.deleted', () => this.apply({ kind: 'all' }));
    bus.subscribe('post.edited', ({ postId }) => this.apply({ kind: 'posts', postIds: [postId] }));
    bus.subscribe('post.liked', ({ postId }) => this.apply({ kind: 'posts', postIds: [postId] }));
    bus.subscribe('post.saved', ({ postId }) => this.apply({ kind: 'posts', postIds: [postId] }));
    bus.subscribe('post.voted', ({ postId }) => this.apply({ kind: 'posts', postIds: [postId] }));
    bus.subscribe('post.answered', ({ postIds }) => this.apply({ kind: 'posts', postIds }));
    bus.subscribe('post.commentCountChanged', ({ postId }) =>
      this.apply({ kind: 'posts', postIds: [postId] }),
    );
    bus.subscribe('author.changed', ({ userId, visibility }) =>
      this.apply(visibility ? { kind: 'all' } : { kind: 'author', authorId: userId }),
    );
    bus.subscribe('follow.changed', ({ followerId }) => this.apply({ kind: 'viewer', viewerId: followerId }));
    bus.subscribe('studyPlan.changed', ({ userId }) => this.apply({ kind: 'viewer', viewerId: userId }));
    // A block hides each one's posts from the other (and ends their follows both ways): the pages
    // kept for those two viewers go, everyone else's stay.
    bus.subscribe('block.changed', ({ blockerId, blockedId }) => {
      this.apply({ kind: 'viewer', viewerId: blockerId });
      this.apply({ kind: 'viewer', viewerId: blockedId });
    });
  }
}

/**
 * The page's key: which feed, for which viewer (both feeds are per viewer: follows, subjects,
 * blocks), a cursor or a page number, and the page size.
 */
export const feedPageKey = (
  viewerId: string,
  input: { feed: string; cursor?: string; page: number; limit: number },
) => `${input.feed}\n${viewerId}\n${input.cursor ? `c${input.cursor}` : `p${input.page}`}\n${input.limit}`;
