import { createRequire } from 'node:module';
import {
  CHAT_MESSAGES,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_SECONDS,
  RATE_LIMIT_MESSAGES,
  ROOM_MESSAGES,
  ROOM_REACTIONS_PER_WINDOW,
  ROOM_REACTIONS_WINDOW_SECONDS,
  WAITLIST_MESSAGES,
} from '@estudai/contract';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { createClient } from 'redis';
import type { Config } from '../config.ts';
import { tooManyRequests } from '../lib/errors.ts';

/** Per account when signed in: a school's students share one address. */
const perAccount = (request: FastifyRequest) => request.user?.id ?? request.ip;

/** A strategy's options, plus whether its counts are shared by every process (through Redis). */
type Strategy = RateLimitOptions & { shared?: boolean };

/** The 429 of a named limit, in the envelope, with the window's time left. */
const refusedWith =
  (message: string): RateLimitOptions['errorResponseBuilder'] =>
  (_request, context) =>
    tooManyRequests(message, Math.ceil(context.ttl / 1000));

/**
 * Every request limit of the API, by name, in one place (docs/conventions.md). Routes name a
 * strategy (`limitedBy(config, 'writes')`); the numbers tests change live in `config.rateLimits`.
 * Each route counts on its own: two routes under `writes` each allow 30 a minute.
 *
 * Only the strategies marked `shared` count in Redis (when `REDIS_URL` is set), the ones that must
 * hold across nodes: sign-in, sign-up and the e-mail codes, posts, comments, chat messages,
 * resolutions and essays,
 * password-reset mails.
 * The others, and the global limit on every API call, count in each process's memory: stopping a
 * flood needs no sharing, and a Redis round trip on every request cost a third of the feed's
 * throughput (issue 41, decision 043).
 */
function strategies(limits: Config['rateLimits']) {
  return {
    /** Every API call that names no strategy (the plugin's global limit), per IP, in each process. */
    api: { max: limits.globalPerMinute, timeWindow: '1 minute' },
    /** Sign-in, sign-up and the e-mail codes, per IP (the per-account guard is in auth.service.ts). */
    auth: { max: limits.authPerIpPer15Min, timeWindow: '15 minutes', shared: true },
    robotChallenges: { max: limits.robotChallengesPerIpPer15Min, timeWindow: '15 minutes' },
    waitlistSignups: {
      max: limits.waitlistPerIpPer15Min,
      timeWindow: '15 minutes',
      errorResponseBuilder: refusedWith(WAITLIST_MESSAGES.tooManySignups),
    },
    /** New posts, per account, on every node together. */
    posts: {
      max: limits.postsPerAccountPerMinute,
      timeWindow: '1 minute',
      keyGenerator: perAccount,
      shared: true,
      errorResponseBuilder: refusedWith(RATE_LIMIT_MESSAGES.posts),
    },
    /** New comments, per account, on every node together. */
    comments: {
      max: limits.commentsPerAccountPerMinute,
      timeWindow: '1 minute',
      keyGenerator: perAccount,
      shared: true,
      errorResponseBuilder: refusedWith(RATE_LIMIT_MESSAGES.comments),
    },
    /**
     * Chat messages, per account, on every node together: 20 in 10 seconds (issue 41: the count
     * query the send ran inside a transaction, on a locked row, became this).
     */
    chatMessages: {
      max: CHAT_RATE_LIMIT,
      timeWindow: CHAT_RATE_WINDOW_SECONDS * 1000,
      keyGenerator: perAccount,
      shared: true,
      errorResponseBuilder: refusedWith(CHAT_MESSAGES.tooFast),
    },
    /** New resolutions of questions (issue 40), per account, on every node. */
    resolutions: {
      max: limits.resolutionsPerAccountPerMinute,
      timeWindow: '1 minute',
      keyGenerator: perAccount,
      shared: true,
      errorResponseBuilder: refusedWith(RATE_LIMIT_MESSAGES.resolutions),
    },
    /** New essays (redação), per account, on every node: each may take a teacher's time. */
    essays: {
      max: limits.essaysPerAccountPerHour,
      timeWindow: '1 hour',
      keyGenerator: perAccount,
      shared: true,
      errorResponseBuilder: refusedWith(RATE_LIMIT_MESSAGES.essays),
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
    /** Cheers in a study room (issue 39): 10 in 10 seconds per person, in any room (one process's count). */
    roomReactions: {
      max: ROOM_REACTIONS_PER_WINDOW,
      timeWindow: ROOM_REACTIONS_WINDOW_SECONDS * 1000,
      keyGenerator: perAccount,
      errorResponseBuilder: refusedWith(ROOM_MESSAGES.tooManyReactions),
    },
  } satisfies Record<string, Strategy>;
}

export type RateLimitStrategy = keyof ReturnType<typeof strategies>;

/** A route's `config` for one named strategy. */
export function limitedBy(config: Config, name: RateLimitStrategy): { rateLimit: RateLimitOptions } {
  return { rateLimit: strategies(config.rateLimits)[name] };
}

/** Named strategies counted per account whichever way the person acts (a route or a socket event), with their 429's words. */
const accountStrategies = { chatMessages: CHAT_MESSAGES.tooFast };

/**
 * One per-account count of a named strategy for a route and a socket event together (chat messages
 * sent over HTTP or over the socket, decision 066): `onRequest` for the route (after the session is
 * read), `count(userId)` for the event. Past the ceiling both throw the strategy's 429. Shared through
 * Redis as the strategy says. Needs the plugin (registerRateLimits) on `app`.
 */
export function accountLimit(app: FastifyInstance, config: Config, name: keyof typeof accountStrategies) {
  const { errorResponseBuilder: _answeredBelow, ...strategy } = strategies(config.rateLimits)[name];
  const check = app.createRateLimit({
    ...strategy,
    groupId: name,
    // The global allow list reads the request's address; a socket event has none, and is API.
    allowList: undefined,
  } as Strategy);
  const count = async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded)
      throw tooManyRequests(accountStrategies[name], result.ttlInSeconds);
  };
  return {
    onRequest: count,
    /** Counts one action of `userId` outside HTTP (a socket event). */
    count: (userId: string) =>
      count({ user: { id: userId }, ip: '', routeOptions: { config: {} } } as unknown as FastifyRequest),
  };
}

/**
 * Limits counted by a key the route reads from the request (an e-mail address in the body), on top
 * of the route's own strategy: a request passes both. Shared through Redis as the named ones are.
 */
function keyedLimits(limits: Config['rateLimits']) {
  return {
    /** Password-reset mails per address, however many IPs ask (a mailbox is not flooded). */
    passwordResetMails: {
      max: limits.passwordResetMailsPerAddressPerHour,
      timeWindow: '1 hour',
      message: RATE_LIMIT_MESSAGES.passwordResetMails,
    },
  };
}

export type KeyedLimit = keyof ReturnType<typeof keyedLimits>;

/**
 * A route's `preHandler` counting `name` by `keyOf(request)` (the body is parsed by then); past the
 * ceiling it answers the limit's 429. Needs the plugin (registerRateLimits) on `app`.
 */
export function limitedPer(
  app: FastifyInstance,
  config: Config,
  name: KeyedLimit,
  keyOf: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  const { message, ...options } = keyedLimits(config.rateLimits)[name];
  const check = app.createRateLimit({
    ...options,
    shared: true,
    groupId: name,
    keyGenerator: keyOf,
  } as Strategy);
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(message, result.ttlInSeconds);
  };
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
 * Redis for the shared counters, failing fast: while the connection is down a command fails at once
 * (no offline queue), a command that gets no answer fails after `timeoutMs`, and after any failure
 * Redis is left alone for `restMs` (the client reconnects meanwhile). So an outage costs a request at
 * most one short timeout, and most requests none.
 */
class SharedCounters {
  #restingUntil = 0;

  constructor(
    private readonly client: RedisClient,
    private readonly timeoutMs: number,
    private readonly restMs: number,
    private readonly onFailure: (error: Error) => void,
  ) {}

  /** Whether a command may be tried now. */
  get available(): boolean {
    return this.client.isReady && performance.now() >= this.#restingUntil;
  }

  async incr(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const reply = await Promise.race([
        this.client.eval(INCREMENT, { keys: [key], arguments: [String(timeWindow)] }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('redis rate-limit command timed out')), this.timeoutMs);
        }),
      ]);
      const [current, ttl] = reply as [number, number];
      return { current, ttl };
    } catch (error) {
      this.#restingUntil = performance.now() + this.restMs;
      this.onFailure(error as Error);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * A shared strategy's counters: in Redis while it answers, else in this process's memory (never
 * open: a request is counted somewhere, and refused past the ceiling of the place it was counted).
 */
class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: SharedCounters,
    private readonly local: FastifyRateLimitStore,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    const locally = () => this.local.incr(key, callback, timeWindow, max);
    if (this.redis.available)
      this.redis.incr(this.prefix + key, timeWindow).then((result) => callback(null, result), locally);
    else locally();
  }

  child(): FastifyRateLimitStore {
    throw new Error('a shared store is made per route by SwitchingStore.child');
  }
}

/** The route's name in Redis keys: each route counts apart, as the in-memory store does. */
function routeKey(options: Parameters<FastifyRateLimitStore['child']>[0]): string {
  const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
  return `${String(route?.method ?? '')}${route?.url ?? ''}:`;
}

/** The plugin's own in-memory store (not exported by its index), whose counters sit in `lru`. */
type LocalStore = FastifyRateLimitStore & { lru: { clear(): void } };
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LocalStore;

/**
 * The plugin's in-memory store answers its counter object itself, and the plugin reads `current`
 * from it only after an await: requests arriving together all read the last one's count, so a burst
 * of 60 sends against a limit of 20 refused all 60 (issue 41, the chat test caught it). A copy of the
 * counter, taken when counted, is what each request is answered.
 */
function answeringCopies(store: LocalStore): LocalStore {
  const incr = store.incr.bind(store);
  store.incr = (key, callback, timeWindow, max) =>
    incr(key, (error, result) => callback(error, result && { ...result }), timeWindow, max);
  return store;
}

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
    const store = answeringCopies(
      new LocalStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, options.cache),
    );
    counters.add(store.lru);
    const child = store.child.bind(store);
    store.child = (routeOptions) => {
      const routeStore = answeringCopies(child(routeOptions) as LocalStore);
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
 * The request limits: the global one on every API call and the named ones routes pick. Every count
 * is in this process's memory except the shared strategies', which go to Redis when `REDIS_URL` is
 * set (and come back to memory while Redis is away).
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const Local = rememberedLocalStore(app);
  let shared: SharedCounters | undefined;
  if (config.redisUrl) {
    // Loaded only here: without REDIS_URL the client's modules stay out of memory (docs/performance.md).
    const { createClient } = await import('redis');
    const client: RedisClient = createClient({
      url: config.redisUrl,
      // A command while the connection is down fails at once instead of waiting for it.
      disableOfflineQueue: true,
      socket: { connectTimeout: config.redisCommandTimeoutMs * 4 },
    });
    client.on('error', (error) => app.log.warn({ err: error }, 'redis connection problem (rate limits)'));
    await client.connect();
    app.addHook('onClose', async () => {
      if (client.isReady) await client.quit().catch(() => undefined);
      else client.destroy();
    });
    shared = new SharedCounters(client, config.redisCommandTimeoutMs, 5_000, (error) =>
      app.log.warn({ err: error }, 'redis rate-limit count failed: counting in memory'),
    );
  }
  const prefix = `${config.redisKeyPrefix}rl:`;
  const counters = shared;
  /** The root store counts the global limit in memory; each route's store is shared if its strategy says so. */
  const Store = class {
    constructor(options: StoreOptions) {
      const root = new Local(options);
      const child = root.child.bind(root);
      root.child = (routeOptions) => {
        const local = child(routeOptions);
        if (!counters || !(routeOptions as Strategy).shared) return local;
        const group = (routeOptions as { groupId?: string }).groupId;
        return new SharedOrLocalStore(
          counters,
          local,
          `${prefix}${group ? `${group}:` : routeKey(routeOptions)}`,
        );
      };
      // biome-ignore lint/correctness/noConstructorReturn: the plugin calls `new Store(options)`.
      return root;
    }
  } as unknown as new (
    options: StoreOptions,
  ) => FastifyRateLimitStore;
  await app.register(rateLimit, {
    global: true,
    ...strategies(config.rateLimits).api,
    store: Store,
    // The app's own files (scripts, icons, pages) are not what a flood targets: only the API counts.
    allowList: (request) => !request.url.startsWith('/api/'),
  });
}
