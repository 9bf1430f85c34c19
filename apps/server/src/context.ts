import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { DomainEventBus } from './events/events.ts';
import type { SessionStore } from './features/auth/session-cache.ts';
import type { FeedCache } from './features/posts/feed-cache.ts';
import type { BackgroundTasks } from './lib/background.ts';
import type { MessageBus } from './plugins/bus.ts';
import type { Jobs } from './plugins/jobs.ts';
import type { Mailer } from './plugins/mailer.ts';
import type { Realtime } from './plugins/realtime.ts';
import type { RobotCheck } from './plugins/robot-check.ts';
import type { ObjectStore } from './plugins/storage.ts';

/** What services need from the app, passed explicitly so they stay testable and HTTP-free. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  tasks: BackgroundTasks;
  /** Durable background jobs (plugins/jobs.ts): mail, push, fan-out and the periodic passes. */
  jobs: Jobs;
  realtime: Realtime;
  /** Session lookups; services call `forgetUser` after changing a user row or ending sessions. */
  sessions: SessionStore;
  /** Main-feed pages served again until any write (see feed-cache.ts). */
  feedCache: FeedCache;
  /** Messages between features and between processes (plugins/bus.ts). */
  bus: MessageBus;
  /** Domain events between features, in the change's transaction or through the outbox (events/). */
  events: DomainEventBus;
  /** Uploaded and generated files: the disk under DATA_DIR, or S3 (plugins/storage.ts). */
  storage: ObjectStore;
  /** The ALTCHA proof of work: the waiting list, and sign-ins to an account under attack. */
  robotCheck: RobotCheck;
  log: FastifyBaseLogger;
  /** The server's clock. Tests pass their own, so windows and timers are tested without waiting. */
  clock: () => Date;
}
