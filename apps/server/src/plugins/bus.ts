import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Every message of the app, by name: domain events the services publish after their write commits,
 * and the memories' own notes. A message is delivered to this process's subscribers at once (before
 * `publish` returns) and, with `REDIS_URL`, to every other process's subscribers through Redis a
 * moment later. Payloads are plain JSON; a subscriber takes only the names it cares about.
 */
export interface BusMessages {
  /** Drop a user's (or one session's) copies from the session memory. */
  'sessions.forget': { userId: string } | { sessionId: string };
  /** A post was written (`studyGroupId` null: on the main feed). */
  /** `at`: its `created_at` (ISO), so the feed memory drops only the pages whose ranks could hold it. */
  'post.created': { postId: string; authorId: string; studyGroupId: string | null; at?: string };
  /** A post left (deleted by its author) or was hidden or shown again by a report or a moderator. */
  'post.deleted': { postId: string };
  /** Its author changed its text, links or (while unanswered) its question, poll or quiz. */
  'post.edited': { postId: string };
  /**
   * `userId` liked (or unliked) it: the post's count and its version right after, in the order the
   * database took them (`posts.likes_version`), and whether this like made it popular (decision 034).
   */
  'post.liked': {
    postId: string;
    userId: string;
    liked: boolean;
    likesCount: number;
    likesVersion: number;
    becamePopular: boolean;
  };
  'post.saved': { postId: string; userId: string };
  /** Questions answered for the first time (one post, a quiz, or a simulado's closing). */
  'post.answered': { postIds: string[]; userId: string };
  'post.voted': { postId: string; userId: string };
  /** A comment was added or removed (by its author or a moderator). */
  'post.commentCountChanged': { postId: string };
  /**
   * What a person's posts show changed: name or photo; with `visibility`, who may see them or which
   * of them show (privacy settings, a minor's defaults, a suspension, a moderator hiding or showing
   * their content, an erasure).
   */
  'author.changed': { userId: string; visibility: boolean };
  /** `followerId` follows (or stopped following) `followingId`: a followers-only author's posts. */
  'follow.changed': { followerId: string; followingId: string };
  /** The person chose their goal and subjects (first-run step): their 'Para você' ranks anew. */
  'studyPlan.changed': { userId: string };
  /**
   * `blockerId` blocked (or unblocked) `blockedId` (issue 21): each stops (or starts again) seeing
   * the other's posts and comments; their follows both ways ended with the block.
   */
  'block.changed': { blockerId: string; blockedId: string };
}

export type BusMessageName = keyof BusMessages;
/** Where a delivered message was published: here, or on another process. */
export type BusOrigin = 'local' | 'remote';
type Handler<K extends BusMessageName> = (payload: BusMessages[K], origin: BusOrigin) => void;

interface Envelope {
  from: string;
  name: BusMessageName;
  payload: unknown;
}

/** The app's one channel between features and between processes; transports know no features. */
export class MessageBus {
  private readonly handlers = new Map<BusMessageName, Set<Handler<BusMessageName>>>();
  /** This process, so that it ignores its own messages coming back from Redis. */
  private readonly id = randomUUID();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly remote?: {
      publish(message: string): void;
      ping(): Promise<unknown>;
      close(): Promise<void>;
    },
  ) {}

  subscribe<K extends BusMessageName>(name: K, handler: Handler<K>): () => void {
    const set = this.handlers.get(name) ?? new Set();
    this.handlers.set(name, set);
    set.add(handler as Handler<BusMessageName>);
    return () => set.delete(handler as Handler<BusMessageName>);
  }

  publish<K extends BusMessageName>(name: K, payload: BusMessages[K]): void {
    this.deliver(name, payload, 'local');
    this.remote?.publish(JSON.stringify({ from: this.id, name, payload } satisfies Envelope));
  }

  /** A message from Redis: delivered here unless this process sent it. */
  receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch (error) {
      this.log.warn({ err: error }, 'unreadable bus message');
      return;
    }
    if (envelope.from === this.id) return;
    this.deliver(envelope.name, envelope.payload as BusMessages[BusMessageName], 'remote');
  }

  /** Whether the bus reaches other processes through Redis. */
  get isShared(): boolean {
    return this.remote !== undefined;
  }

  /** Throws when Redis does not answer within `timeoutMs`. */
  async ping(timeoutMs = 2_000): Promise<void> {
    if (!this.remote) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('redis ping timed out')), timeoutMs);
    });
    try {
      await Promise.race([this.remote.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await this.remote?.close();
  }

  private deliver<K extends BusMessageName>(name: K, payload: BusMessages[K], origin: BusOrigin): void {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        handler(payload, origin);
      } catch (error) {
        this.log.error({ err: error, name }, 'bus subscriber failed');
      }
    }
  }
}

/** A bus for this process alone, or joined to the others through Redis when `redisUrl` is set. */
export async function createMessageBus(options: {
  redisUrl?: string;
  /** The Redis namespace: processes with the same one hear each other. */
  keyPrefix: string;
  log: FastifyBaseLogger;
}): Promise<MessageBus> {
  const channel = `${options.keyPrefix}bus`;
  if (!options.redisUrl) return new MessageBus(options.log);
  // Loaded only here: without REDIS_URL the client's modules stay out of memory (docs/performance.md).
  const { createClient } = await import('redis');
  const pub = createClient({ url: options.redisUrl });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on('error', (error) => options.log.warn({ err: error }, 'redis connection problem (bus)'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  const bus: MessageBus = new MessageBus(options.log, {
    publish: (message) => {
      pub.publish(channel, message).catch((error) => options.log.warn({ err: error }, 'bus publish failed'));
    },
    ping: () => pub.ping(),
    close: async () => {
      // Redis away: nothing to say goodbye to, and QUIT would wait for it to come back.
      await Promise.all(
        [sub, pub].map((client) =>
          client.isReady ? client.quit().catch(() => undefined) : client.destroy(),
        ),
      );
    },
  });
  await sub.subscribe(channel, (message) => bus.receive(message));
  return bus;
}
