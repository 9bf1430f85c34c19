import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteExtensions } from './pglite-extensions.ts';
import type { PgliteThreadData, PgliteThreadMessage } from './pglite-thread.ts';
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
  /** PGlite only: the whole database as a tarball (tests copy a migrated one). */
  dumpDataDir?: () => Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
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
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
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
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** PostgreSQL through node-postgres; migrations run under an advisory lock so two processes can start at once. */
export async function openPostgres(
  url: string,
  options: { max?: number; onIdleError?: (error: Error) => void } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
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
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * A directory only this user can enter (PGlite trusts any client that reaches its socket): beside a
 * file database (`<dataDir>-socket`, emptied first: a killed server leaves its socket behind, and no
 * two servers share a data directory), else a new one under the system's temporary directory.
 */
function privateSocketDir(dataDir: string | undefined): string {
  const beside = dataDir && `${dataDir}-socket`;
  // A Unix socket's path has at most 107 bytes.
  if (beside && Buffer.byteLength(path.join(beside, '.s.PGSQL.5432')) < 108) {
    fs.rmSync(beside, { recursive: true, force: true });
    fs.mkdirSync(beside, { mode: 0o700 });
    return beside;
  }
  return fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-pglite-'));
}

/**
 * PGlite in a thread of its own (docs/decisions/032), reached through node-postgres on a Unix socket
 * in a private directory: the same driver and code path as PostgreSQL, while a slow query no longer
 * holds the server's event loop. What `npm start` opens without DATABASE_URL.
 */
export async function openPgliteThread(options: {
  dataDir?: string;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const socketDir = privateSocketDir(options.dataDir);
  const data: PgliteThreadData = {
    dataDir: options.dataDir,
    socketPath: path.join(socketDir, '.s.PGSQL.5432'),
  };
  // Node 20 does not hand tsx's loader to a worker: the thread registers it, then loads its module.
  const entry = new URL('./pglite-thread.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: data });
  const removeSocketDir = () => fs.rmSync(socketDir, { recursive: true, force: true });
  const [first] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => [{ type: 'failed', message: String(error) }]),
  ])) as [PgliteThreadMessage];
  if (first.type !== 'ready') {
    await worker.terminate();
    removeSocketDir();
    throw new Error(
      `the embedded database did not start: ${first.type === 'failed' ? first.message : first.type}`,
    );
  }
  // One connection, as PGlite is one session (pglite-thread.ts); requests queue for it as they did in-process.
  const pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  pool.on('connect', nameMarkedStatements);
  const close = async () => {
    await pool.end();
    const closed = once(worker, 'message');
    worker.postMessage({ type: 'close' });
    await Promise.race([closed, once(worker, 'exit')]);
    await worker.terminate();
    removeSocketDir();
  };
  try {
    await migrateWithLock(pool);
  } catch (error) {
    await close();
    throw error;
  }
  guardOutsideTransactions(pool, ['query']);
  return {
    db: markTransactions(drizzlePg({ client: pool, schema, casing: DB_CASING }) as unknown as Db),
    kind: 'pglite',
    ping: async () => void (await pool.query('select 1')),
    query: poolQuery(pool),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close,
  };
}

/** The server's database: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR in its own thread. */
export function openDatabase(
  config: { databaseUrl?: string; dataDir: string },
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { onIdleError })
    : openPgliteThread({ dataDir: path.join(config.dataDir, 'pglite'), onIdleError });
}
