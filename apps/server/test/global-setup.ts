import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateWithLock, openPglite, openPostgres } from '../src/db/client.ts';
import { installJobSchema } from '../src/plugins/jobs.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated database that each test file loads. */
    pgliteTemplate?: string;
    /** PostgreSQL: a migrated template database each test file copies. */
    postgresTemplate?: string;
  }
}

/** Migrates once per run; every test file then starts from a copy, not from scratch. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `estudai_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const pool = new pg.Pool({ connectionString: withDatabase(url, template), max: 1 });
    await migrateWithLock(pool);
    await pool.end();
    // The job queue's tables too (plugins/jobs.ts), so no test file creates them.
    const database = await openPostgres(withDatabase(url, template), { max: 1 });
    await installJobSchema(database);
    await database.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const database = await openPglite({});
  await installJobSchema(database);
  const blob = await database.dumpDataDir!();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-template-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
