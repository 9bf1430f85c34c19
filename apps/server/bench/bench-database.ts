import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';

/**
 * The database a bench seeds: a scratch database created on DATABASE_URL's server (dropped by
 * `drop`), else PGlite in memory. `statementMs` lifts the app's statement timeout (1.5 s) for a
 * bench whose seeding statements take longer.
 */
export async function openBenchDatabase(
  prefix: string,
  options: { statementMs?: number } = {},
): Promise<{ database: Database; label: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openPglite({}), label: 'PGlite (in memory)', drop: async () => {} };
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const timeouts = options.statementMs ? { connectMs: 1_000, statementMs: options.statementMs } : undefined;
  const database = await openPostgres(scratch.toString(), { max: 10, timeouts });
  return {
    database,
    label: `PostgreSQL (${scratch.host}, scratch database ${name})`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The app's config for a bench: a scratch data directory (removed by `cleanUp`), quiet, no demo, no rate limit. */
export function benchConfig(): { config: Config; cleanUp: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  config.rateLimits.globalPerMinute = 1_000_000_000;
  return { config, cleanUp: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
