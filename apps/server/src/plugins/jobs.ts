import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { Mail } from './mailer.ts';

/**
 * Every background job of the app, by name, with its payload: features define a handler for their
 * own names (`jobs.define`) and queue work with `jobs.send`. Payloads are plain JSON kept in the
 * database until the job is done, so they name rows rather than copy them.
 */
export interface JobPayloads {
  /** One mail, as written (its link may carry a sign-in code: the row is deleted once it is out). */
  'mail.send': Mail;
  /** A password reset asked for this e-mail: the job issues the code and mails it (if there is an account). */
  'auth.password-reset-mail': { email: string };
  /** Live notifications (sockets) and Web Push for rows already committed. */
  'notifications.deliver': { ids: string[] };
  /** New content in a group, told to its members (one statement however big the group). */
  'groups.news': { groupId: string; actorId: string; news: string };
  /** Periodic passes: one per time slot across every process (see `every`). */
  'events.outbox': Record<string, never>;
  'study.daily-reminders': Record<string, never>;
  'simulados.finish-expired': Record<string, never>;
  'simulados.recalibrate': Record<string, never>;
  'privacy.pass': Record<string, never>;
  'teaching.class-reminders': Record<string, never>;
  'teaching.renewal-reminders': Record<string, never>;
  'materials.purge-deleted': Record<string, never>;
  /** Issue 37: the files of deleted posts leave the store; failed sign-ins past their window go. */
  'media.remove-files': Record<string, never>;
  /** Issue 43: the image check's pass over uploads still 'pending' (sent after each upload, and periodic). */
  'media.check-images': Record<string, never>;
  'auth.prune-login-failures': Record<string, never>;
  /** Issue 42: a confirmed import of questions creates its posts. */
  'imports.run': { importId: string };
  /** Monday's 'Liga da semana' celebration (issue 39). */
  'rooms.weekly-league': Record<string, never>;
  /** Issue 38: graders reminded of assignments about to expire (never a minor at 22:00–07:00). */
  'essays.expiring-reminders': Record<string, never>;
  /** Tests' own queues (plugins/jobs.test.ts). */
  [test: `test.${string}`]: Record<string, unknown>;
}

export type JobName = keyof JobPayloads;

export interface JobOptions {
  /** Tries after the first one before the job is left failed (the dead-letter state). Default 4. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled (with jitter) at each one when `retryBackoff`. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A job active longer than this is taken as lost (its process died) and tried again. */
  expireInSeconds?: number;
  /** The payload holds a secret (a sign-in code): the row is deleted once the job is done. */
  deleteWhenDone?: boolean;
}

interface Definition {
  handler: (data: never) => Promise<void>;
  /** A batch job (`defineBatch`): the handler of the payloads of up to `batchSize` jobs at once. */
  batch?: { handler: (data: never[]) => Promise<void>; size: number };
  options: Required<Omit<JobOptions, 'deleteWhenDone'>> & { deleteWhenDone: boolean; singleton: boolean };
}

export interface JobCounts {
  name: string;
  /** Waiting to run: new, or waiting for a retry. */
  queued: number;
  active: number;
  /** Out of tries: the dead-letter state, kept for a week for a person to look at. */
  failed: number;
}

export interface JobsConfig {
  /** false: this process only queues (a web-only node); another process runs the jobs. */
  worker: boolean;
  /** How often an idle worker looks for jobs queued by other processes or due for a retry. */
  pollMs: number;
  /** How often one process (whichever gets there) takes lost active jobs back and archives old ones. */
  maintenanceSeconds: number;
}

/**
 * When a job sent now may start: a second before the database's now (pg-boss adds a string to
 * `now()` as an interval, so no clock but the database's counts). pg-boss fetches the jobs whose
 * `start_after < now()`, and PGlite's clock counts milliseconds: a job fetched in the millisecond it
 * was sent was not seen, so a worker's at-once pass missed it (it ran a poll later) and a batch could
 * split in two.
 */
const ELIGIBLE_NOW = '-1 second';

const DEFAULTS = { retryLimit: 4, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 5 * 60 };
const SCHEMA = 'pgboss';

function bossFor(database: Database, config: JobsConfig): PgBoss {
  return new PgBoss({
    // One code path on PostgreSQL (the app's pool) and PGlite (its one connection).
    db: { executeSql: (text, values) => database.query(text, values) },
    schema: SCHEMA,
    // Cron schedules are not used: the periodic work is sent per time slot (see `every`).
    schedule: false,
    supervise: config.maintenanceSeconds > 0,
    maintenanceIntervalSeconds: Math.max(1, config.maintenanceSeconds),
    // Failed jobs stay a week in the job table (the dead letters /api/metrics counts).
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
  });
}

/** Creates pg-boss's own tables (schema `pgboss`) if missing; tests do it once in their template. */
export async function installJobSchema(database: Database): Promise<void> {
  const boss = bossFor(database, { worker: false, pollMs: 1000, maintenanceSeconds: 0 });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}

/**
 * Durable background jobs on the app's own database through pg-boss: a job is a row, so one queued
 * before a crash runs after the restart, on this process or another. Every try is fetched with
 * `FOR UPDATE SKIP LOCKED`, so two processes never run the same job at once; a failing job is tried
 * again with exponential back-off and, out of tries, stays `failed`. A worker runs a job sent here at
 * once, and looks every `pollMs` for the rest. Tests run no worker: `drain()` runs what is due.
 */
export class Jobs {
  private readonly definitions = new Map<string, Definition>();
  private readonly periodic: { name: JobName; everyMs: number }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly boss: PgBoss;
  private started = false;
  private stopped = false;
  /**
   * One pass at a time in this process. A pass runs the queues asked for (`due`) until none is: a
   * job sent asks for its own queue only, the poll and `drain` for every queue, so a busy queue
   * (a notification per like) does not make every other queue be asked for work on each send.
   */
  private passing: Promise<number> | undefined;
  private readonly due = new Set<string>();
  /** The poll or `drain` asked: which queues have work is asked of the database, in one statement. */
  private lookEverywhere = false;
  /** Sends under way: `drain` waits for them. */
  private readonly sending = new Set<Promise<unknown>>();
  /** Failed tries since start, by job name (for /api/metrics). */
  readonly failures = new Map<string, number>();

  constructor(
    private readonly database: Database,
    private readonly config: JobsConfig,
    private readonly log: FastifyBaseLogger,
    /** In-process work that may queue jobs (a notification's delivery): `drain` waits for it too. */
    private readonly tasks?: { drain(): Promise<void> },
  ) {
    this.boss = bossFor(database, config);
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue maintenance failed'));
  }

  /** The handler of a job name. A throw (or rejection) is a failed try. Before `start`. */
  define<K extends JobName>(
    name: K,
    handler: (data: JobPayloads[K]) => Promise<unknown>,
    options: JobOptions = {},
  ) {
    if (this.started) throw new Error(`job ${name} defined after the queue started`);
    this.definitions.set(name, {
      handler: handler as unknown as Definition['handler'],
      options: { ...DEFAULTS, deleteWhenDone: false, ...options, singleton: false },
    });
  }

  /**
   * A job whose handler takes the payloads of up to `batchSize` queued jobs at once (a
   * notification per like: one query for many). A throw fails every job of the batch, each then
   * tried again on its own schedule. Before `start`.
   */
  defineBatch<K extends JobName>(
    name: K,
    handler: (data: JobPayloads[K][]) => Promise<unknown>,
    options: JobOptions & { batchSize: number },
  ) {
    const { batchSize, ...rest } = options;
    this.define(name, (data) => handler([data]), rest);
    const definition = this.definitions.get(name);
    if (definition)
      definition.batch = { handler: handler as unknown as (data: never[]) => Promise<void>, size: batchSize };
  }

  /**
   * Periodic work: every process's timer offers the job every `everyMs`, but the queue takes one per
   * time slot (pg-boss's throttle: a unique index on the slot), and a singleton queue runs one at a
   * time, so however many processes there are the pass runs once per slot. 0: never.
   */
  every<K extends JobName>(name: K, everyMs: number, handler: (data: JobPayloads[K]) => Promise<unknown>) {
    if (everyMs <= 0) return;
    this.define(name, handler, {
      retryLimit: 0,
      expireInSeconds: Math.max(60, Math.ceil(everyMs / 1000) * 2),
    });
    const definition = this.definitions.get(name);
    if (definition) definition.options.singleton = true;
    this.periodic.push({ name, everyMs });
  }

  async start(): Promise<void> {
    await this.boss.start();
    const existing = new Map((await this.boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const [name, { options }] of this.definitions) {
      const queue: PgBoss.Queue = {
        name,
        policy: options.singleton ? 'singleton' : 'standard',
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: options.retryBackoff,
        expireInSeconds: options.expireInSeconds,
      };
      const current = existing.get(name);
      if (!current) await this.boss.createQueue(name, queue);
      else if (
        current.policy !== queue.policy ||
        current.retryLimit !== queue.retryLimit ||
        current.retryDelay !== queue.retryDelay ||
        current.retryBackoff !== queue.retryBackoff ||
        current.expireInSeconds !== queue.expireInSeconds
      )
        await this.boss.updateQueue(name, queue);
    }
    this.started = true;
    if (!this.config.worker) return;
    const poll = setInterval(() => this.kick(), this.config.pollMs);
    poll.unref();
    this.timers.push(poll);
    for (const { name, everyMs } of this.periodic) {
      const timer = setInterval(() => void this.offerPeriodic(name, everyMs), everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Queues a job (after the caller's transaction has committed); a worker here starts it at once. */
  async send<K extends JobName>(name: K, data: JobPayloads[K], options: { singletonKey?: string } = {}) {
    if (!this.definitions.has(name)) throw new Error(`no handler for job ${name}`);
    const sent = this.boss.send(name, data, { ...options, startAfter: ELIGIBLE_NOW });
    this.sending.add(sent);
    try {
      const id = await sent;
      if (this.config.worker) this.kick(name);
      return id;
    } finally {
      this.sending.delete(sent);
    }
  }

  /** Offers the periodic job of the current time slot (what each process's timer does). */
  async offerPeriodic(name: JobName, everyMs: number): Promise<string | null> {
    try {
      const id = await this.boss.sendThrottled(
        name,
        {},
        { startAfter: ELIGIBLE_NOW },
        Math.max(1, Math.round(everyMs / 1000)),
      );
      if (id && this.config.worker) this.kick(name);
      return id;
    } catch (error) {
      this.log.error({ err: error, job: name }, 'periodic job not queued');
      return null;
    }
  }

  /** Offers every periodic job of its current slot (tests: what the timers would do). */
  async offerAllPeriodic(): Promise<void> {
    for (const { name, everyMs } of this.periodic) await this.offerPeriodic(name, everyMs);
  }

  /** Runs what is due until nothing is left, in-process work and sends under way first (tests; a worker needs no call). */
  async drain(): Promise<void> {
    for (;;) {
      await this.tasks?.drain();
      // A job still being sent (after a commit, by work nobody awaits) is already queued for `drain`.
      while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
      if ((await this.pass()) === 0) return;
    }
  }

  /** Jobs by state, per name: the queue depth and the dead letters. */
  async counts(): Promise<JobCounts[]> {
    const { rows } = await this.database.query(
      `select name, state, count(*)::int as n from ${SCHEMA}.job where state <> 'completed' and state <> 'cancelled' group by name, state`,
    );
    const byName = new Map<string, JobCounts>(
      [...this.definitions.keys()].map((name) => [name, { name, queued: 0, active: 0, failed: 0 }]),
    );
    for (const row of rows) {
      const name = String(row.name);
      const counts = byName.get(name) ?? { name, queued: 0, active: 0, failed: 0 };
      const n = Number(row.n);
      if (row.state === 'created' || row.state === 'retry') counts.queued += n;
      else if (row.state === 'active') counts.active += n;
      else if (row.state === 'failed') counts.failed += n;
      byName.set(name, counts);
    }
    return [...byName.values()];
  }

  /** Stops looking for work and waits for the pass under way; queued jobs stay for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.passing?.catch(() => 0);
    if (this.started) await this.boss.stop({ graceful: false, wait: true, close: false });
  }

  private kick(name?: string): void {
    if (this.stopped) return;
    void this.pass(name).catch((error) => this.log.error({ err: error }, 'job pass failed'));
  }

  /**
   * A pass over one queue, or every queue with work due; answers how many jobs it ran. Every queue
   * is looked at in one statement, not one fetch each: an idle worker's poll is one statement
   * however many queues there are, and does not hold the embedded database's one connection (or
   * the pool) for a burst of fetches every `pollMs`.
   */
  private pass(name?: string): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (name) this.due.add(name);
    else this.lookEverywhere = true;
    if (this.passing) return this.passing;
    const run = async () => {
      let total = 0;
      try {
        while ((this.lookEverywhere || this.due.size > 0) && !this.stopped) {
          if (this.lookEverywhere) {
            this.lookEverywhere = false;
            for (const queue of await this.queuesWithWork()) this.due.add(queue);
          }
          const queues = [...this.due];
          this.due.clear();
          const counts = await Promise.all(queues.map((queue) => this.runQueue(queue)));
          total += counts.reduce((a, b) => a + b, 0);
        }
      } finally {
        // In the same turn as the last look at `due`: a queue asked for after it starts a new pass.
        this.passing = undefined;
      }
      return total;
    };
    this.passing = run();
    return this.passing;
  }

  /** The queues of this process with a job that pg-boss's fetch would take now (its own condition). */
  private async queuesWithWork(): Promise<string[]> {
    const { rows } = await this.database.query(
      `select distinct name from ${SCHEMA}.job where name = any($1::text[]) and state < 'active' and start_after < now()`,
      [[...this.definitions.keys()]],
    );
    return rows.map((row) => String(row.name));
  }

  private async runQueue(name: string): Promise<number> {
    const definition = this.definitions.get(name);
    if (!definition || this.stopped) return 0;
    if (definition.batch) return this.runBatches(name, definition, definition.batch);
    let ran = 0;
    for (;;) {
      if (this.stopped) return ran;
      const [job] = await this.boss.fetch<never>(name, { batchSize: 1 });
      if (!job) return ran;
      ran++;
      try {
        await definition.handler(job.data);
      } catch (error) {
        this.failures.set(name, (this.failures.get(name) ?? 0) + 1);
        this.log.warn(
          { err: error, job: name, id: job.id },
          'job failed; it will be tried again if it has tries left',
        );
        await this.boss.fail(name, job.id, {
          message: error instanceof Error ? error.message : String(error),
        });
        continue;
      }
      if (definition.options.deleteWhenDone) await this.boss.deleteJob(name, job.id);
      else await this.boss.complete(name, job.id);
    }
  }

  /**
   * A batch queue: fetch up to `size` jobs, one handler call for them all, complete them together.
   * A short batch means the queue was empty: a job sent since then asks for the queue again (`due`).
   */
  private async runBatches(
    name: string,
    definition: Definition,
    batch: NonNullable<Definition['batch']>,
  ): Promise<number> {
    let ran = 0;
    for (;;) {
      if (this.stopped) return ran;
      const jobs = await this.boss.fetch<never>(name, { batchSize: batch.size });
      if (jobs.length === 0) return ran;
      ran += jobs.length;
      const ids = jobs.map((job) => job.id);
      let failed = false;
      try {
        await batch.handler(jobs.map((job) => job.data));
      } catch (error) {
        failed = true;
        this.failures.set(name, (this.failures.get(name) ?? 0) + jobs.length);
        this.log.warn(
          { err: error, job: name, ids },
          'job batch failed; its jobs will be tried again if they have tries left',
        );
        const message = error instanceof Error ? error.message : String(error);
        for (const id of ids) await this.boss.fail(name, id, { message });
      }
      if (!failed) {
        if (definition.options.deleteWhenDone) await this.boss.deleteJob(name, ids);
        else await this.boss.complete(name, ids);
      }
      if (jobs.length < batch.size) return ran;
    }
  }
}
