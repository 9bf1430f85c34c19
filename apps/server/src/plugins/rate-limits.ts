import { createRequire } from 'node:module';
import {
  ROOM_MESSAGES,
  ROOM_REACTIONS_PER_WINDOW,
  ROOM_REACTIONS_WINDOW_SECONDS,
  WAITLIST_MESSAGES,
} from '@estudai/contract';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createClient } from 'redis';
import type { Config } from '../config.ts';
import { tooManyRequests } from '../lib/errors.ts';

/** Per account when signed in: a school's students share one address. */
const perAccount = (request: FastifyRequest) => request.user?.id ?? request.ip;

/**
 * Every request limit of the API, by name, in one place (CONVENTIONS, 'Boundaries'). Routes name a
 * strategy (`limitedBy(config, 'writes')`); the numbers tests change live in `config.rateLimits`.
 * Each route counts on its own: two routes under `writes` each allow 30 a minute.
 */
function strategies(limits: Config['rateLimits']) {
  return {
    /** Every API call that names no strategy (the plugin's global limit), per IP. */
    api: { max: limits.globalPerMinute, timeWindow: '1 minute' },
    /** Sign-in, sign-up and the e-mail codes, per IP (the per-account guard is in auth.service.ts). */
    auth: { max: limits.authPerIpPer15Min, timeWindow: '15 minutes' },
    robotChallenges: { max: limits.robotChallengesPerIpPer15Min, timeWindow: '15 minutes' },
    waitlistSignups: {
      max: limits.waitlistPerIpPer15Min,
      timeWindow: '15 minutes',
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(WAITLIST_MESSAGES.tooManySignups, Math.ceil(context.ttl / 1000)),
    },
    /** Things a person writes by hand: a profile, a forum topic or reply, a material. */
    writes: { max: 30, timeWindow: '1 minute' },
    /** Answers in the question bank: quick, but not a script's pace. */
    studyAnswers: { max: 60, timeWindow: '1 minute' },
    /** Photos and PDFs from the device: ten photos of a post in a go, not a script's pace. */
    mediaUploads: { max: 60, timeWindow: '1 minute', keyGenerator: perAccount },
    /** A data export is heavy: a few an hour. */
    dataExports: { max: 5, timeWindow: '1 hour' },
    guardianInvites: { max: 5, timeWindow: '1 hour', keyGenerator: perAccount },
    paymentCreation: { max: 10, timeWindow: '1 minute', keyGenerator: perAccount },
    /** Cheers in a study room (issue 39): 10 in 10 seconds per person, in any room. */
    roomReactions: {
      max: ROOM_REACTIONS_PER_WINDOW,
      timeWindow: ROOM_REACTIONS_WINDOW_SECONDS * 1000,
      keyGenerator: perAccount,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(ROOM_MESSAGES.tooManyReactions, Math.ceil(context.ttl / 1000)),
    },
  } satisfies Record<string, RateLimitOptions>;
}

export type RateLimitStrategy = keyof ReturnType<typeof strategies>;

/** A route's `config` for one named strategy. */
export function limitedBy(config: Config, name: RateLimitStrategy): { rateLimit: RateLimitOptions } {
  return { rateLimit: strategies(config.rateLimits)[name] };
}

/** INCR with the window starting at the first hit; answers the count and the window's time left. */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type RedisClient = ReturnType<typeof createClient>;

/**
 * The counters in Redis, through the node-redis client the app already uses (the plugin's own
 * `redis` option speaks ioredis only): every process counts the same requests once.
 */
class NodeRedisRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.client
      .eval(INCREMENT, { keys: [this.prefix + key], arguments: [String(timeWindow)] })
      .then((reply) => {
        const [current, ttl] = reply as [number, number];
        callback(null, { current, ttl });
      })
      .catch((error: Error) => callback(error));
  }

  /** Each route counts apart; the plugin passes the merged options with the route as `routeInfo`. */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
    return new NodeRedisRateLimitStore(
      this.client,
      `${this.prefix}${String(route?.method ?? '')}${route?.url ?? ''}:`,
    );
  }
}

/** The plugin's own in-memory store (not exported by its index), whose counters sit in `lru`. */
type LocalStore = FastifyRateLimitStore & { lru: { clear(): void } };
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LocalStore;

/** Each app's in-memory counters, so tests that keep one app per file can start each test at zero. */
const countersOf = new WeakMap<FastifyInstance, Set<LocalStore['lru']>>();

/** Forgets every request counted in this process's memory (tests: test/app.ts `resetTestApp`). */
export function clearRateLimitCounters(app: FastifyInstance): void {
  for (const counters of countersOf.get(app) ?? []) counters.clear();
}

type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };

/** The plugin's default store, exactly as it would build it, with its counters remembered for `app`. */
function rememberedLocalStore(app: FastifyInstance): new (options: StoreOptions) => FastifyRateLimitStore {
  const counters = new Set<LocalStore['lru']>();
  countersOf.set(app, counters);
  const remembered = (options: StoreOptions): LocalStore => {
    const store = new LocalStore(
      options.continueExceeding ?? false,
      options.exponentialBackoff ?? false,
      options.cache,
    );
    counters.add(store.lru);
    const child = store.child.bind(store);
    store.child = (routeOptions) => {
      const routeStore = child(routeOptions) as LocalStore;
      counters.add(routeStore.lru);
      return routeStore;
    };
    return store;
  };
  return class {
    constructor(options: StoreOptions) {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin calls `new Store(options)`.
      return remembered(options);
    }
  } as unknown as new (
    options: StoreOptions,
  ) => FastifyRateLimitStore;
}

/**
 * The request limits: the global one on every API call and the named ones routes pick. With
 * `REDIS_URL` the counters are shared by every process; without it each process counts in memory.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  let store: new (options: StoreOptions) => FastifyRateLimitStore = rememberedLocalStore(app);
  if (config.redisUrl) {
    const client: RedisClient = createClient({ url: config.redisUrl });
    client.on('error', (error) => app.log.warn({ err: error }, 'redis connection problem (rate limits)'));
    await client.connect();
    app.addHook('onClose', async () => {
      await client.quit().catch(() => undefined);
    });
    const prefix = `${config.redisKeyPrefix}rl:`;
    store = class extends NodeRedisRateLimitStore {
      constructor() {
        super(client, prefix);
      }
    };
  }
  await app.register(rateLimit, {
    global: true,
    ...strategies(config.rateLimits).api,
    store,
    // Redis out of reach: requests pass uncounted rather than fail (the app itself still answers).
    skipOnError: true,
    // The app's own files (scripts, icons, pages) are not what a flood targets: only the API counts.
    allowList: (request) => !request.url.startsWith('/api/'),
  });
}
