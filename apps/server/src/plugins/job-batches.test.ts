import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/app.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import { Jobs } from './jobs.ts';

// Issue 22: a batch queue (a notification per like) hands many jobs to one handler call.

const quiet = { worker: false, pollMs: 1_000, maintenanceSeconds: 0 };

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  t = await buildTestApp({}, { database: { ...database, close: async () => {} } });
});
afterAll(async () => {
  await t.app.close();
  await database.close();
});

const states = async (ids: string[]) =>
  rowsOf<{ state: string }>(
    await database.db.execute(
      sql`select state from pgboss.job where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) order by state`,
    ),
  ).map((row) => row.state);

describe('batch jobs', () => {
  it('runs up to batchSize queued jobs in one handler call, then the rest, and completes them all', async () => {
    const calls: number[][] = [];
    const jobs = new Jobs(database, quiet, t.app.log);
    jobs.defineBatch(
      'test.batch',
      async (items) => {
        calls.push(items.map((item) => Number(item.n)));
      },
      { batchSize: 3 },
    );
    await jobs.start();
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) ids.push(String(await jobs.send('test.batch', { n })));
    await jobs.drain();
    expect(calls.map((call) => call.length)).toEqual([3, 2]);
    expect(calls.flat().toSorted()).toEqual([1, 2, 3, 4, 5]);
    expect(await states(ids)).toEqual(Array(5).fill('completed'));
    await jobs.stop();
  });

  it('fails every job of a batch whose handler throws, each to be tried again', async () => {
    let tries = 0;
    const jobs = new Jobs(database, quiet, t.app.log);
    jobs.defineBatch(
      'test.batch-fails',
      async () => {
        tries++;
        throw new Error('fora do ar');
      },
      { batchSize: 10, retryLimit: 2, retryDelaySeconds: 60 },
    );
    await jobs.start();
    const ids = [
      String(await jobs.send('test.batch-fails', {})),
      String(await jobs.send('test.batch-fails', {})),
    ];
    await jobs.drain();
    expect(tries).toBe(1);
    expect(await states(ids)).toEqual(['retry', 'retry']);
    expect(jobs.failures.get('test.batch-fails')).toBe(2);
    await jobs.stop();
  });
});
