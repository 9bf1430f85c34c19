import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteExtensions } from './pglite-extensions.ts';
import { PgliteStatements } from './pglite-statements.ts';
import { PgliteThreadClient } from './pglite-thread-client.ts';
import { DB_CASING, nameMarkedStatements } from './prepared.ts';
import * as schema from './schema/index.ts';
import { assertOutsideTransaction, markTransactions } from './transaction-guard.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database does; used by /api/ready. */
  ping(): Promise<void>;
  /** PostgreSQL only: the connection pool's counts, for /api/metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * Plain SQL for what works beside Drizzle (the job queue, plugins/jobs.ts): `$1` parameters; a
   * text of several statements (BEGIN; …; COMMIT;) only without parameters, run as one unit.
   */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * The embedded database in its own thread only: a turn of the event loop, awaited between the long
   * steps of an uncached page (presenting its rows, compressing them), so requests that arrived
   * meanwhile are answered in between. Where the request thread shares the machine's two cores with
   * PGlite computing, that keeps `/api/health` p99 within 3× (decision 037); on PostgreSQL the same
   * turns only lengthen the page's own wait (the feed bench's mixed run), so there it is absent.
   */
  betweenSteps?: () => Promise<void>;
  /** PGlite only: the whole database as a tarball (tests copy a migrated one). */
  dumpDataDir?: () => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant; every process that migrates takes the same advisory lock first. */
const MIGRATION_LOCK_KEY = 746_153_201;

/** PGlite in this thread: a file database under `dataDir`, or in memory, or loaded from a dump (tests). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  // As in the thread of its own: statements seen again run prepared by name (pglite-statements.ts).
  PgliteStatements.install(client);
  return pgliteDatabase(client, {
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  });
}

/** A PGlite client (in this thread or the proxy of its own thread), migrated, as the app's database. */
async function pgliteDatabase(
  client: PGlite,
  rest: Pick<Database, 'close' | 'dumpDataDir'>,
): Promise<Database> {
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  } catch (error) {
    await rest.close();
    throw error;
  }
  guardOutsideTransactions(client, ['query', 'exec', 'transaction']);
  const db = markTransactions(drizzlePglite({ client, schema, casing: DB_CASING }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    // PGlite is one connection: a call holds it until done, so BEGIN…COMMIT in one exec is atomic.
    query: async (text, values) => {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    ...rest,
  };
}

/** How long a request may wait on PostgreSQL: for a connection, and for one statement (issue 37). */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
}

/** The server's defaults (config.ts): together under 2 s, so a stalled database answers 503 fast. */
const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 1_000, statementMs: 1_500 };
/** The client gives up on a silent server (a frozen host: no statement timeout ever comes) a bit later. */
const CLIENT_TIMEOUT_MARGIN_MS = 300;

/**
 * PostgreSQL through node-postgres; migrations run under an advisory lock so two processes can start
 * at once. A connection is waited for at most `connectMs` (from the pool too, when every one is busy),
 * and each statement runs at most `statementMs` on the server (`statement_timeout`, SQLSTATE 57014)
 * and is given up by the client soon after; each of these answers 503 through plugins/errors.ts.
 */
export async function openPostgres(
  url: string,
  options: { max?: number; onIdleError?: (error: Error) => void; timeouts?: DatabaseTimeouts } = {},
): Promise<Database> {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + CLIENT_TIMEOUT_MARGIN_MS,
  });
  // An idle client losing its connection (server restart, failover) must not crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  pool.on('connect', nameMarkedStatements);
  await migrateWithLock(pool);
  guardOutsideTransactions(pool, ['query']);
  const db = markTransactions(drizzlePg({ client: pool, schema, casing: DB_CASING }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    query: poolQuery(pool),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** The client's own query methods refuse to run inside a `db.transaction` callback (transaction-guard.ts). */
function guardOutsideTransactions<T extends object>(client: T, methods: (keyof T & string)[]): void {
  for (const name of methods) {
    const method = (client[name] as (...args: unknown[]) => unknown).bind(client);
    Object.assign(client, {
      [name]: (...args: unknown[]) => {
        assertOutsideTransaction();
        return method(...args);
      },
    });
  }
}

/** `Database.query` on a node-postgres pool. */
function poolQuery(pool: pg.Pool): Database['query'] {
  return async (text, values) => {
    const result = await pool.query(text, values);
    // Several statements answer one result each; the last one is what the caller asked.
    const last = Array.isArray(result) ? result.at(-1) : result;
    return { rows: last?.rows ?? [] };
  };
}

export async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // Migrations (and waiting for another process's) may take longer than a request's statement.
    await client.query('set statement_timeout = 0; set lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await client.query('reset statement_timeout; reset lock_timeout');
    }
  } finally {
    client.release();
  }
}

/**
 * PGlite in a thread of its own (docs/decisions/032 and 037): the same Drizzle driver and migrations as
 * `openPglite`, while the queries compute, and their rows are parsed, off the thread answering
 * requests. What `npm start` opens without DATABASE_URL.
 */
export async function openPgliteThread(options: {
  dataDir?: string;
  /** False: no statement prepared by name (benches measure the difference). */
  preparedStatements?: boolean;
}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PgliteThreadClient.start(options);
  const database = await pgliteDatabase(client.asPglite(), { close: () => client.close() });
  return { ...database, betweenSteps: () => nextTurn() };
}

/** Whether the server would open the embedded database and make it on this start (no data directory yet). */
export function isNewEmbeddedDatabase(config: { databaseUrl?: string; dataDir: string }): boolean {
  return !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'));
}

/** The server's database: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR in its own thread. */
export function openDatabase(
  config: { databaseUrl?: string; dataDir: string; databaseTimeouts?: DatabaseTimeouts },
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { onIdleError, timeouts: config.databaseTimeouts })
    : openPgliteThread({ dataDir: path.join(config.dataDir, 'pglite') });
}
