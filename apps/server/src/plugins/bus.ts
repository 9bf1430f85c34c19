import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/**
 * Every message the app's processes tell each other, by name. A message is delivered to this
 * process's subscribers at once (before `publish` returns) and, with `REDIS_URL`, to every other
 * process's subscribers through Redis a moment later.
 */
export interface BusMessages {
  /** Drop a user's (or one session's) copies from the session memory. */
  'sessions.forget': { userId: string } | { sessionId: string };
  /** Something the main feed shows may have been written: drop the cached feed pages. */
  'feed.changed': Record<string, never>;
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

const CHANNEL = 'estudai:bus';

/** The app's one channel between features and between processes; transports know no features. */
export class MessageBus {
  private readonly handlers = new Map<BusMessageName, Set<Handler<BusMessageName>>>();
  /** This process, so that it ignores its own messages coming back from Redis. */
  private readonly id = randomUUID();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly remote?: { publish(message: string): void; close(): Promise<void> },
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
  log: FastifyBaseLogger;
}): Promise<MessageBus> {
  if (!options.redisUrl) return new MessageBus(options.log);
  const pub = createClient({ url: options.redisUrl });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on('error', (error) => options.log.warn({ err: error }, 'redis connection problem (bus)'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  const bus: MessageBus = new MessageBus(options.log, {
    publish: (message) => {
      pub.publish(CHANNEL, message).catch((error) => options.log.warn({ err: error }, 'bus publish failed'));
    },
    close: async () => {
      await Promise.all([sub.quit(), pub.quit()].map((quit) => quit.catch(() => undefined)));
    },
  });
  await sub.subscribe(CHANNEL, (message) => bus.receive(message));
  return bus;
}
