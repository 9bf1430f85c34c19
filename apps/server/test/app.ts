import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';
import type { Mail, Mailer } from '../src/plugins/mailer.ts';
import { clearRateLimitCounters } from '../src/plugins/rate-limits.ts';
import { withDatabase } from './global-setup.ts';

/** A mailer that keeps what it sends, so tests can open the links like a person would. */
class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  close() {}
  /** The action link of the newest mail to `to`. */
  lastLink(to: string): string {
    const mail = this.sent.filter((m) => m.to === to).at(-1);
    if (!mail?.actionUrl) throw new Error(`no mail with a link was sent to ${to}`);
    return mail.actionUrl;
  }
  lastCode(to: string): string {
    const code = new URL(this.lastLink(to)).searchParams.get('oobCode');
    if (!code) throw new Error('link without oobCode');
    return code;
  }
}

/** PostgreSQL only: a fresh database copied from the migrated template, and a way to drop it. */
export async function createTestPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const postgresTemplate = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (!postgresTemplate || !url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `estudai_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${postgresTemplate}`);
  return {
    url: withDatabase(url, name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const TEST_TIMEOUTS = { connectMs: 10_000, statementMs: 30_000 };
/**
 * Not emptied between tests: the processes' shared secrets (issue 37), which a running app keeps in
 * memory once read, as a real database never loses them.
 */
const KEPT_TABLE = 'app_secrets';

/** A fresh database copied from the migrated template: PGlite, or PostgreSQL with TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<Database> {
  if (inject('postgresTemplate') && process.env.TEST_DATABASE_URL) {
    const fresh = await createTestPostgresDatabase();
    // The app's 1.5 s per statement is a production answer (503 rather than a hung request); here a
    // file's TRUNCATE of every table on a loaded CI machine may take longer, and must not fail a test.
    // plugins/database-unavailable.test.ts opens its own database with the production timeouts.
    const database = await openPostgres(fresh.url, { max: 5, timeouts: TEST_TIMEOUTS });
    return {
      ...database,
      close: async () => {
        await database.close();
        await fresh.drop();
      },
    };
  }
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('global setup did not provide a database template');
  return openPglite({ loadDataDir: new Blob([fs.readFileSync(template)]) });
}

/**
 * The test file's own database: the first app of a worker's first file opens it from the template,
 * every later one finds it emptied (TRUNCATE of every table), which costs a few milliseconds instead
 * of the half second a new PGlite takes (docs/decisions/011; on PostgreSQL, a database per file). An app built while another one still holds
 * it (two "processes" in one test) gets a fresh database of its own, as before.
 */
let fileDatabase: { database: Database; tables: string; inUse: number; schema: string } | undefined;

async function databaseForNextApp(): Promise<Database> {
  if (fileDatabase && fileDatabase.inUse > 0) return openTestDatabase();
  if (fileDatabase) {
    await fileDatabase.database.db.execute(
      sql.raw(`truncate ${fileDatabase.tables} restart identity cascade`),
    );
  } else {
    const database = await openTestDatabase();
    const rows = await database.db.execute<{ name: string }>(
      // The app's tables, and the job queue's jobs (a test's queued mail must not reach the next test).
      sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where (schemaname = 'public' and tablename <> ${KEPT_TABLE})
          or (schemaname = 'pgboss' and tablename in ('job', 'archive'))`,
    );
    fileDatabase = {
      database,
      tables: rowsOf<{ name: string }>(rows)
        .map((row) => row.name)
        .join(', '),
      inUse: 0,
      schema: database.kind === 'pglite' ? await schemaOf(database) : '',
    };
  }
  const shared = fileDatabase;
  shared.inUse++;
  return { ...shared.database, close: async () => void shared.inUse-- };
}

/**
 * After a file's tests (test/setup.ts): PostgreSQL's database is dropped; PGlite's stays open for the
 * worker's next file (a worker's files share its modules, decision 035), whose first app finds it
 * emptied — the half second of a new PGlite once per worker instead of once per file. One an app
 * still holds is closed, as before.
 */
export async function releaseFileDatabase(): Promise<void> {
  const current = fileDatabase;
  if (
    current &&
    current.inUse === 0 &&
    current.database.kind === 'pglite' &&
    (await schemaOf(current.database)) === current.schema
  )
    return;
  fileDatabase = undefined;
  await current?.database.close();
}

/**
 * What a test may have changed beyond rows (a trigger that refuses inserts, a function, a sequence,
 * a column), as one hash: a database whose schema a file changed is not handed to the next file. The
 * job queue's schema is left out: pg-boss adds a table per queue as apps start, as it would in use.
 */
async function schemaOf(database: Database): Promise<string> {
  const [row] = rowsOf<{ schema: string }>(
    await database.db.execute(sql`select md5(concat_ws('|',
      (select string_agg(format('%s.%s:%s', n.nspname, c.relname, c.relkind), ',' order by n.nspname, c.relname)
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public'),
      (select string_agg(format('%s:%s:%s', t.tgrelid::regclass, t.tgname, t.tgenabled), ',' order by t.tgrelid, t.tgname)
        from pg_trigger t where not t.tgisinternal),
      (select string_agg(format('%s:%s', p.proname, md5(p.prosrc)), ',' order by p.proname, md5(p.prosrc))
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'),
      (select string_agg(format('%s.%s:%s:%s:%s', a.attrelid, a.attname, a.atttypid, a.attnotnull, a.atthasdef), ','
          order by a.attrelid, a.attnum)
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped))) as schema`),
  );
  return row?.schema ?? '';
}

export interface TestApp {
  app: App;
  mailer: MemoryMailer;
  config: Config;
}

/**
 * Empties what a test left in an app kept for the whole file (`beforeAll` + `resetTestApp` in
 * `beforeEach`): every table emptied with DELETE (on PGlite several times faster than TRUNCATE, and
 * the app's keys are uuids, so there are no sequences to restart), and the app's memories — request
 * counters, session and feed caches, mail kept, the config and context a test changed — as a new app
 * would have them. See docs/decisions/020.
 */
export async function resetTestApp(t: TestApp): Promise<void> {
  const { app, mailer } = t;
  const initial = initialState.get(t);
  if (!initial) throw new Error('resetTestApp: not an app from buildTestApp');
  // Work a test started in the background (a notification after a like) finishes before the data goes.
  await app.ctx.tasks.drain();
  await app.ctx.database.db.execute(sql.raw(initial.emptying));
  // Files a test stored (uploads, materials, exports) go; what the app made at start (keys) stays.
  for (const entry of filesUnder(initial.dataDir).reverse()) {
    if (!initial.files.has(entry))
      fs.rmSync(path.join(initial.dataDir, entry), { recursive: true, force: true });
  }
  mailer.sent.length = 0;
  clearRateLimitCounters(app);
  app.ctx.sessions.clear();
  app.ctx.feedCache.apply({ kind: 'all' });
  for (const key of Object.keys(t.config) as (keyof Config)[]) {
    if (!(key in initial.config)) delete t.config[key];
  }
  Object.assign(t.config, initial.config);
  Object.assign(app.ctx, initial.ctx);
}

const initialState = new WeakMap<
  TestApp,
  { config: Config; ctx: App['ctx']; emptying: string; dataDir: string; files: Set<string> }
>();

/** Every file and folder under `dir`, as paths relative to it, each folder before what it holds. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/** One statement that deletes every row of the app's tables and of the job queue, foreign keys aside. */
async function emptyingStatement(database: Database): Promise<string> {
  const rows = await database.db.execute<{ name: string }>(
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
      where (schemaname = 'public' and tablename <> ${KEPT_TABLE})
        or (schemaname = 'pgboss' and tablename in ('job', 'archive'))`,
  );
  const deletes = rowsOf<{ name: string }>(rows)
    .map((row) => `delete from ${row.name};`)
    .join(' ');
  // `replica` skips the foreign-key triggers, so the order of the deletes does not matter; `true`
  // keeps the setting to this statement's transaction.
  return `do $$ begin perform set_config('session_replication_role', 'replica', true); ${deletes} end $$`;
}

/** The real app on an empty database, with mail kept in memory and demo data off. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  deps: { database?: Database; fetch?: typeof fetch; clock?: () => Date } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-test-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: dataDir,
      // A test machine running the suite on both cores is busy, not an overloaded server: no 503s.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    }),
    // No job worker: a test runs what is queued with `app.ctx.jobs.drain()`, when it wants to.
    jobs: { worker: false, pollMs: 1_000, maintenanceSeconds: 0 },
    ...overrides,
  };
  const mailer = new MemoryMailer();
  const app = await buildApp(config, {
    database: deps.database ?? (await databaseForNextApp()),
    mailer,
    fetch: deps.fetch,
    clock: deps.clock,
  });
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const t = { app, mailer, config };
  initialState.set(t, {
    config: { ...config },
    ctx: { ...app.ctx },
    emptying: await emptyingStatement(app.ctx.database),
    dataDir,
    files: new Set(filesUnder(dataDir)),
  });
  return t;
}

/**
 * Listens on a free loopback port (for sockets and real HTTP) and makes that the app's public
 * address, so the Origin checks accept clients sent there. Returns the base URL. The app listens
 * there until it closes, so `resetTestApp` keeps that address (a file's app listening from `beforeAll`).
 */
export async function listenOnFreePort(t: TestApp): Promise<string> {
  const { app, config } = t;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = base;
  const initial = initialState.get(t);
  if (initial) initial.config.publicUrl = base;
  return base;
}

/**
 * The tests of the describe this is called in share one app (decision 020), emptied before each
 * test; it closes after them, before the next describe builds its own on the file's database.
 * `use` hands the app to the file's tests.
 */
export function oneAppPerDescribe(build: () => Promise<TestApp>, use: (t: TestApp) => void): void {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await build();
    use(built);
  });
  beforeEach(async () => {
    if (built) await resetTestApp(built);
  });
  afterAll(async () => {
    await built?.app.close();
  });
}
