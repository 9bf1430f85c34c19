import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

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

export const pgliteExtensions = { pg_trgm, unaccent };

/** PGlite: a file database under `dataDir`, or in memory, or loaded from a dump (tests). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
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
  await migrateWithLock(pool);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    query: async (text, values) => {
      const result = await pool.query(text, values);
      // Several statements answer one result each; the last one is what the caller asked.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
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

export function openDatabase(
  config: { databaseUrl?: string; dataDir: string },
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { onIdleError })
    : openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
