import { LRUCache } from 'lru-cache';
import type { MessageBus } from '../../plugins/bus.ts';
import { MAX_RANK_AHEAD_MS, type RankStretch } from './home-feeds.queries.ts';

/**
 * What a kept page shows: whose page it is, its posts, their authors and, in the order of
 * `postIds`, each post's `likes_version` as read (absent: 0).
 */
export interface FeedPageContents {
  viewerId: string;
  postIds: readonly string[];
  authorIds: readonly string[];
  likesVersions?: readonly number[];
  /** A page after a cursor: the ranks it holds. Absent: a page by number, which any new post moves. */
  ranks?: RankStretch;
}

/** A like to write into a kept page's JSON: the post's count, and the viewer's own like if it is theirs. */
interface LikePatch {
  likesCount: number;
  isLiked?: boolean;
}

interface Page {
  json: Buffer;
  viewerId: string;
  postIds: Set<string>;
  authorIds: Set<string>;
  /** The newest count version the page shows (or will, once `likes` is written), per post. */
  likesVersions: Map<string, number>;
  /** Likes heard since `json` was written, written into it at the next read. */
  likes: Map<string, LikePatch>;
  ranks?: RankStretch;
}

/** What a post looks like in a page's JSON, as far as a like changes it. */
interface LikedPost {
  id: string;
  likesCount: number;
  isLiked: boolean;
}

/**
 * What a domain event means for kept pages: all of them, or those showing a post, an author, a
 * viewer's; or a like, which rewrites its post's count in the pages showing it instead of dropping them.
 */
export type FeedChange =
  | { kind: 'all' }
  /** A main-feed post created at `atMs`: its rank is between then and MAX_RANK_AHEAD_MS later. */
  | { kind: 'newPost'; atMs: number }
  | { kind: 'removedPost'; postId: string }
  | { kind: 'posts'; postIds: readonly string[] }
  | { kind: 'author'; authorId: string }
  | { kind: 'viewer'; viewerId: string }
  | {
      kind: 'like';
      postId: string;
      userId: string;
      liked: boolean;
      likesCount: number;
      likesVersion: number;
    };

/** Changes remembered for reads still running; a read older than these is not kept. */
const RECENT_CHANGES = 256;

/** Whether a new post's possible ranks meet the stretch a page after a cursor holds (issue 37). */
function mayHoldNewPost(ranks: RankStretch | undefined, atMs: number): boolean {
  if (!ranks) return true;
  const belowCursor = ranks.aboveMs === null || atMs <= ranks.aboveMs;
  const aboveEnd = !ranks.hasMore || ranks.lowestMs === null || atMs + MAX_RANK_AHEAD_MS >= ranks.lowestMs;
  return belowCursor && aboveEnd;
}

function touches(
  change: FeedChange,
  page: Pick<Page, 'viewerId' | 'postIds' | 'authorIds' | 'ranks'>,
): boolean {
  switch (change.kind) {
    case 'all':
      return true;
    case 'newPost':
      return mayHoldNewPost(page.ranks, change.atMs);
    case 'removedPost':
      // The posts after it move up a place on pages by number; a page after a cursor changes only if it shows it.
      return !page.ranks || page.postIds.has(change.postId);
    case 'posts':
      return change.postIds.some((postId) => page.postIds.has(postId));
    case 'like':
      return page.postIds.has(change.postId);
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
  likesVersions: new Map(contents.postIds.map((postId, i) => [postId, contents.likesVersions?.[i] ?? 0])),
  likes: new Map(),
  ranks: contents.ranks,
});

/** Records a like on a page showing its post, unless the page already shows that count or a newer one. */
function patchLike(page: Page, like: Extract<FeedChange, { kind: 'like' }>): void {
  if (like.likesVersion <= (page.likesVersions.get(like.postId) ?? 0)) return;
  page.likesVersions.set(like.postId, like.likesVersion);
  const patch: LikePatch = { ...page.likes.get(like.postId), likesCount: like.likesCount };
  if (like.userId === page.viewerId) patch.isLiked = like.liked;
  page.likes.set(like.postId, patch);
}

/** The page's JSON with the likes heard since it was written (a parse and a write, not a query). */
function withLikes(page: Page): Buffer {
  if (page.likes.size === 0) return page.json;
  const body = JSON.parse(page.json.toString('utf8')) as { data: LikedPost[] };
  for (const post of body.data) {
    const patch = page.likes.get(post.id);
    if (!patch) continue;
    post.likesCount = patch.likesCount;
    if (patch.isLiked !== undefined) post.isLiked = patch.isLiked;
  }
  page.json = Buffer.from(JSON.stringify(body));
  page.likes.clear();
  return page.json;
}

/**
 * Main-feed pages exactly as one viewer was last served them, as their JSON reply's bytes (sent as
 * they are). Pages follow the data: the services publish domain events on the bus (from any process,
 * through Redis), and each event drops only the pages it changes — an edit drops the pages showing
 * that post; a new or deleted post, or a change of who may see whom, drops them all. A like drops
 * nothing: its post's count is written into the pages showing it at their next read, when its
 * version (`posts.likes_version`) is newer than theirs, so likes heard out of order never show an
 * older count (under real traffic people like what is on page 1, every few milliseconds). Chat, 'mark
 * read', a simulado answer and the like publish nothing here, so they keep every page. The memory is
 * bounded in size and age (`lru-cache`), so an event missed (Redis down a moment) heals by itself.
 * A read that started before an event touching its page is not stored, so it cannot outlive it.
 */
export class FeedCache {
  private readonly pages: LRUCache<string, Page> | undefined;
  /**
   * The keys of the kept pages showing each post, so a like or an edit finds its pages without
   * looking at every page (a scan of a full memory took 0.15 ms of the request thread per like).
   */
  private readonly keysOfPost = new Map<string, Set<string>>();
  private sequence = 0;
  private readonly recent: { sequence: number; change: FeedChange }[] = [];
  private readonly loading = new Map<
    string,
    { ticket: number; promise: Promise<{ json: Buffer; contents: FeedPageContents }> }
  >();

  constructor(options: { maxPages: number; maxAgeMs: number }) {
    this.pages =
      options.maxPages > 0
        ? new LRUCache<string, Page>({
            max: options.maxPages,
            ttl: options.maxAgeMs,
            ttlResolution: 0,
            // Whichever way a page goes (replaced, evicted, expired, deleted, cleared), so does its index.
            dispose: (page, key) => this.unindex(key, page),
          })
        : undefined;
  }

  get(key: string): Buffer | undefined {
    const page = this.pages?.get(key);
    return page && withLikes(page);
  }

  /** Call before reading the database; pass the result to `store` with it. */
  ticket(): number {
    return this.sequence;
  }

  store(ticket: number, key: string, json: Buffer, contents: FeedPageContents): void {
    if (!this.pages) return;
    const page = pageOf(json, contents);
    if (this.changedSince(ticket, page)) return;
    this.pages.set(key, page);
    for (const postId of page.postIds) {
      const keys = this.keysOfPost.get(postId);
      if (keys) keys.add(key);
      else this.keysOfPost.set(postId, new Set([key]));
    }
  }

  private unindex(key: string, page: Page): void {
    for (const postId of page.postIds) {
      const keys = this.keysOfPost.get(postId);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOfPost.delete(postId);
    }
  }

  /** How many posts the index knows: none once every page is gone (tests). */
  get indexedPosts(): number {
    return this.keysOfPost.size;
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
    if (change.kind === 'like' || change.kind === 'posts') {
      // Only the pages showing the posts, from the index.
      const postIds = change.kind === 'like' ? [change.postId] : change.postIds;
      const keys = new Set(postIds.flatMap((postId) => [...(this.keysOfPost.get(postId) ?? [])]));
      for (const key of keys) {
        const page = this.pages.peek(key);
        if (!page) continue;
        if (change.kind === 'like') patchLike(page, change);
        else this.pages.delete(key);
      }
      return;
    }
    for (const [key, page] of this.pages.entries()) if (touches(change, page)) this.pages.delete(key);
  }

  get size(): number {
    return this.pages?.size ?? 0;
  }

  /** Subscribes to the events that change what a feed page shows, and to nothing else. */
  listen(bus: MessageBus): void {
    bus.subscribe('post.created', ({ studyGroupId, at }) => {
      // Group posts are not on the main feed. A new main-feed post moves the pages by number down by
      // one, and lands only in the pages after a cursor whose ranks could hold it (issue 37: a burst
      // of posts no longer empties every page someone scrolled to).
      if (studyGroupId !== null) return;
      const atMs = at ? Date.parse(at) : Number.NaN;
      this.apply(Number.isNaN(atMs) ? { kind: 'all' } : { kind: 'newPost', atMs });
    });
    bus.subscribe('post.deleted', ({ postId }) => this.apply({ kind: 'removedPost', postId }));
    bus.subscribe('post.edited', ({ postId }) => this.apply({ kind: 'posts', postIds: [postId] }));
    // A like keeps the pages showing the post and rewrites its count there (and the liker's heart);
    // the like that makes a question popular drops the pages showing it: its rank rose (decision 034).
    bus.subscribe('post.liked', ({ becamePopular, ...like }) =>
      this.apply(becamePopular ? { kind: 'posts', postIds: [like.postId] } : { kind: 'like', ...like }),
    );
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
