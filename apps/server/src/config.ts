import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAUNCH_AT_DEFAULT, ROOM_PRESENCE_GRACE_MS } from '@estudai/contract';
import { z } from 'zod';
import type { StorageSettings } from './plugins/storage.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())
  .optional();

const boolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl,
  /**
   * PostgreSQL only (issue 37): how long a request waits for a connection, and how long one statement
   * may run, before the request answers 503; together under 2 s, so a stalled database fails fast.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1_500),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Estudaí <nao-responda@estudai.com.br>'),
  LAUNCH_AT: z.iso.datetime({ offset: true }).default(LAUNCH_AT_DEFAULT),
  /** Signs robot-check challenges; unset: generated once under DATA_DIR (set it for several processes). */
  ALTCHA_HMAC_KEY: z.string().min(32).optional(),
  /** Signs the lists' cursors; unset: made once in the database (every node shares it). */
  CURSOR_HMAC_KEY: z.string().min(32).optional(),
  /** Web push (VAPID) keys, both or neither; unset: made once in the database (every node shares them). */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Demo data in an empty database; default: on, except when PUBLIC_URL is https (a public address). */
  SEED_DEMO: boolean.optional(),
  /** The demo accounts' password when demo data is seeded on a public (https) address. */
  DEMO_PASSWORD: z.string().min(12, 'use pelo menos 12 caracteres').optional(),
  TRUST_PROXY: boolean.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** On SIGTERM, how long the server keeps listening and answers new requests 503 (a load balancer moves on). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(1_000),
  /** Above this event-loop delay the server answers 503 until it recovers (0: never). */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(2_000),
  ROOM_PRESENCE_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).default(ROOM_PRESENCE_GRACE_MS),
  /** Turns on GET /api/metrics (Prometheus), answered only with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.string().min(16, 'use pelo menos 16 caracteres').optional())
    .optional(),
  /** Per-IP ceilings: API requests a minute, and sign-in/sign-up attempts per 15 minutes. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(100),
  POST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  COMMENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RESOLUTION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  ESSAY_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** false: this process queues background jobs but does not run them (another process does). */
  JOB_WORKER: boolean.default(true),
  /** How often an idle job worker looks for work queued by other processes or due for a retry. */
  JOB_POLL_MS: z.coerce.number().int().min(100).default(2_000),
  /** How often lost jobs (their process died while running them) are looked for, in seconds. */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Who takes group payments: 'sandbox' (approves at once, test mode) or 'stripe' (Stripe Checkout). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  /** Uploads on an S3-compatible store (set S3_BUCKET); unset: the local disk under DATA_DIR. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
});

type Env = z.infer<typeof envSchema>;

/** PAYMENT_PROVIDER=stripe cannot run without its keys: the boot error names each missing one. */
function requireProviderKeys(env: Env, ctx: z.RefinementCtx) {
  if (env.PAYMENT_PROVIDER !== 'stripe') return;
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!env[key])
      ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória com PAYMENT_PROVIDER=stripe' });
  }
}

/** S3_BUCKET turns the S3 driver on: the boot error names each missing key. */
function requireS3Keys(env: Env, ctx: z.RefinementCtx) {
  if (!env.S3_BUCKET) return;
  for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória com S3_BUCKET' });
  }
}

function toStorage(env: Env): StorageSettings {
  if (!env.S3_BUCKET) return { driver: 'disk' };
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  };
}

function requireVapidPair(env: Env, ctx: z.RefinementCtx) {
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas',
    });
  }
}

const isPublicAddress = (env: Env) => env.PUBLIC_URL?.startsWith('https:') ?? false;

/**
 * Demo accounts share one published password (README): on a public (https) address that would be
 * an open door, so there the demo is off unless asked for, and asked for only with DEMO_PASSWORD.
 */
function requireDemoPassword(env: Env, ctx: z.RefinementCtx) {
  if (env.SEED_DEMO && isPublicAddress(env) && !env.DEMO_PASSWORD) {
    ctx.addIssue({
      code: 'custom',
      path: ['SEED_DEMO'],
      message:
        'SEED_DEMO=true com PUBLIC_URL https exige DEMO_PASSWORD: as contas de demonstração não podem usar a senha pública do README num endereço público',
    });
  }
}

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: publicUrl.origin,
    secureCookies: publicUrl.protocol === 'https:',
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    /** PostgreSQL pool limits (db/client.ts): a stalled or refusing database answers 503 within 2 s. */
    databaseTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    /** Where uploads and exports are kept (plugins/storage.ts): the disk under DATA_DIR, or S3. */
    storage: toStorage(env),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    launchAt: new Date(env.LAUNCH_AT),
    altchaHmacKey: env.ALTCHA_HMAC_KEY,
    cursorHmacKey: env.CURSOR_HMAC_KEY,
    vapidKeys:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    /** Proof of work of the robot check: the solver tries counters up to a random one in this range. */
    robotCheck: { counterMin: 10_000, counterMax: 60_000 },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    webDist: path.resolve(env.WEB_DIST),
    seedDemo: env.SEED_DEMO ?? !isPublicAddress(env),
    /** Unset: the README's public demo password (seed.ts). */
    demoPassword: env.DEMO_PASSWORD,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    /** How long a study room waits for a lost connection to come back before showing the leave (rooms.live.ts). */
    roomPresenceGraceMs: env.ROOM_PRESENCE_GRACE_MS,
    /** How long a live session and its user are served from memory before a fresh read. */
    sessionCacheMs: 30_000,
    /** Main-feed pages kept for re-reading until an event changes them (0: none; feed-cache.ts). */
    feedCachePages: 1_000,
    /** The longest a kept page is served, should an event have been missed (Redis down a moment). */
    feedCacheMaxAgeMs: 60_000,
    /** The durable job queue (plugins/jobs.ts); tests run no worker and call `jobs.drain()`. */
    jobs: {
      worker: env.JOB_WORKER,
      pollMs: env.JOB_POLL_MS,
      maintenanceSeconds: env.JOB_MAINTENANCE_SECONDS,
    },
    /** How often the daily review reminders are looked for (0: never; notifications/study-reminders). */
    reviewReminderIntervalMs: 5 * 60_000,
    /** How often simulado attempts whose time ran out are closed (0: never; features/simulados). */
    simuladoSweepIntervalMs: 15_000,
    /** How often the question recalibration is looked at; it runs once per UTC hour across processes. */
    recalibrationIntervalMs: 10 * 60_000,
    /** How often the privacy jobs run: data exports, account erasures (0: never; features/privacy). */
    privacyJobIntervalMs: 15_000,
    /** How often domain events left in the outbox (a crash, a failed try) are run again (events/). */
    outboxSweepIntervalMs: 15_000,
    /** Namespace of the keys the app writes in Redis (tests give each app its own). */
    redisKeyPrefix: 'estudai:',
    /** Per-IP ceilings; tests lower or raise them to exercise the limits (plugins/rate-limits.ts). */
    rateLimits: {
      globalPerMinute: env.RATE_LIMIT_PER_MINUTE,
      authPerIpPer15Min: env.AUTH_RATE_LIMIT_PER_15_MIN,
      /** Wrong passwords for one account from one IP: past this, that IP waits (429). */
      accountFailuresPerIpPer15Min: 10,
      /** Wrong passwords for one account from anywhere: past this, a sign-in needs the robot check. */
      accountFailuresBeforeRobotCheck: 3,
      waitlistPerIpPer15Min: 10,
      robotChallengesPerIpPer15Min: 60,
      /** Per account, counted on every node together (Redis when set). */
      postsPerAccountPerMinute: env.POST_RATE_LIMIT_PER_MINUTE,
      commentsPerAccountPerMinute: env.COMMENT_RATE_LIMIT_PER_MINUTE,
      resolutionsPerAccountPerMinute: env.RESOLUTION_RATE_LIMIT_PER_MINUTE,
      essaysPerAccountPerHour: env.ESSAY_RATE_LIMIT_PER_HOUR,
      /** Password-reset mails to one address, however many IPs ask. */
      passwordResetMailsPerAddressPerHour: 3,
    },
    /** A rate-limit count in Redis waits at most this long before it counts in memory instead. */
    redisCommandTimeoutMs: 250,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
          : undefined,
    },
  };
}

/** Parses the environment once; a bad variable stops the boot with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .superRefine(requireProviderKeys)
    .superRefine(requireS3Keys)
    .superRefine(requireDemoPassword)
    .superRefine(requireVapidPair)
    .safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuração inválida:\n${problems.join('\n')}`);
  }
  return toConfig(parsed.data);
}
