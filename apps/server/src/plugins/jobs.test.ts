import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import { Jobs } from './jobs.ts';

// Issue 22: durable background jobs on the app's database (pg-boss, on PostgreSQL and on PGlite).

const quiet = { worker: false, pollMs: 1_000, maintenanceSeconds: 0 };

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  // Every app of this file shares the one database, as processes sharing PostgreSQL would.
  t = await buildTestApp({}, { database: { ...database, close: async () => {} } });
});
afterAll(async () => {
  await t.app.close();
  await database.close();
});

const jobsOn = async (
  define: (jobs: Jobs) => void,
  config: { worker: boolean; pollMs: number; maintenanceSeconds: number } = quiet,
) => {
  const jobs = new Jobs(database, config, t.app.log);
  define(jobs);
  await jobs.start();
  return jobs;
};

const jobRow = async (id: string) => {
  const rows = rowsOf<{ state: string; retry_count: number; start_after: Date; now: Date }>(
    await database.db.execute(
      sql`select state, retry_count, start_after, now() as now from pgboss.job where id = ${id}`,
    ),
  );
  return rows[0];
};

describe('retries and the dead-letter state', () => {
  it('tries a failing job again later and later, then leaves it failed after its tries', async () => {
    let tries = 0;
    const jobs = await jobsOn((j) =>
      j.define(
        'test.always-fails',
        async () => {
          tries++;
          throw new Error('servidor de e-mail fora do ar');
        },
        { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true },
      ),
    );
    const id = await jobs.send('test.always-fails', {});
    expect(id).toBeTruthy();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      await jobs.drain();
      expect(tries).toBe(attempt);
      const row = await jobRow(id as string);
      if (attempt < 4) {
        expect(row?.state).toBe('retry');
        waits.push(new Date(row?.start_after as Date).getTime() - new Date(row?.now as Date).getTime());
        // Not due yet: running what is due runs nothing.
        await jobs.drain();
        expect(tries).toBe(attempt);
        // The clock moves on to the retry.
        await database.db.execute(
          sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${id}`,
        );
      } else {
        expect(row?.state).toBe('failed');
      }
    }
    // Exponential back-off with jitter: 10–20 s, then 20–40 s, then 40–80 s.
    expect(waits[0]).toBeGreaterThanOrEqual(9_000);
    expect(waits[0]).toBeLessThanOrEqual(20_500);
    expect(waits[1]).toBeGreaterThanOrEqual(19_000);
    expect(waits[2]).toBeGreaterThanOrEqual(39_000);
    expect(waits[2]).toBeGreaterThan(waits[0] as number);
    // Failed for good: nothing runs it again, and it is counted as a dead letter.
    await jobs.drain();
    expect(tries).toBe(4);
    const counts = await jobs.counts();
    expect(counts.find((c) => c.name === 'test.always-fails')).toEqual({
      name: 'test.always-fails',
      queued: 0,
      active: 0,
      failed: 1,
    });
    expect(jobs.failures.get('test.always-fails')).toBe(4);
    await jobs.stop();
  });

  it('completes a job that succeeds on its second try', async () => {
    let tries = 0;
    const jobs = await jobsOn((j) =>
      j.define(
        'test.flaky',
        async () => {
          tries++;
          if (tries === 1) throw new Error('falhou uma vez');
        },
        { retryLimit: 2, retryDelaySeconds: 1 },
      ),
    );
    const id = (await jobs.send('test.flaky', {})) as string;
    await jobs.drain();
    await database.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${id}`,
    );
    await jobs.drain();
    expect(tries).toBe(2);
    expect((await jobRow(id))?.state).toBe('completed');
    await jobs.stop();
  });
});

describe('a job sent now', () => {
  it("may start at once, even in the millisecond it was sent (PGlite's clock counts milliseconds)", async () => {
    const jobs = await jobsOn((j) => j.define('test.at-once', async () => {}));
    for (let n = 0; n < 5; n++) {
      const id = String(await jobs.send('test.at-once', {}));
      // The very next statement, as a worker's at-once pass is: pg-boss fetches `start_after < now()`.
      const row = await jobRow(id);
      expect(row && row.start_after < row.now).toBe(true);
    }
    await jobs.stop();
  });
});

describe('drain()', () => {
  it('runs a job whose sending nobody awaited (an after-commit send), however slowly the database takes it', async () => {
    let ran = 0;
    const jobs = await jobsOn((j) =>
      j.define('test.sent-unawaited', async () => {
        ran++;
      }),
    );
    // The insert answered late, as a busy pool or a loaded machine answers it.
    const boss = jobs['boss'];
    const send = boss.send.bind(boss);
    const slowSend = (async (...args: Parameters<typeof send>) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return send(...args);
    }) as typeof send;
    boss.send = slowSend;
    void jobs.send('test.sent-unawaited', {});
    await jobs.drain();
    expect(ran).toBe(1);
    await jobs.stop();
  });
});

describe('looking for work', () => {
  it('asks the database once which queues have work, and fetches only from those', async () => {
    const statements: string[] = [];
    const counted: Database = {
      ...database,
      query: (text, values) => {
        statements.push(text);
        return database.query(text, values);
      },
    };
    const ran: string[] = [];
    const jobs = new Jobs(counted, quiet, t.app.log);
    for (const n of [1, 2, 3, 4, 5, 6])
      jobs.define(`test.look-${n}`, async (data) => {
        ran.push(`${n}:${String(data.n)}`);
      });
    await jobs.start();
    await jobs.send('test.look-3', { n: 1 });
    await jobs.send('test.look-3', { n: 2 });
    await jobs.send('test.look-5', { n: 3 });
    statements.length = 0;
    await jobs.drain();
    expect(ran.sort()).toEqual(['3:1', '3:2', '5:3']);
    const fetches = statements.filter((text) => text.includes('FOR UPDATE SKIP LOCKED'));
    // Queue 3: two jobs and the look that finds it empty; queue 5: one and the look. None elsewhere.
    expect(fetches).toHaveLength(5);
    // An idle look: one statement, whatever the number of queues.
    statements.length = 0;
    await jobs.drain();
    expect(statements).toHaveLength(1);
    await jobs.stop();
  });
});

describe('two processes on one database', () => {
  it('runs each of many jobs once when two workers drain at the same time', async () => {
    const seen: string[] = [];
    const define = (j: Jobs) =>
      j.define('test.each-once', async (data) => {
        seen.push(String(data.n));
      });
    const one = await jobsOn(define);
    const two = await jobsOn(define);
    for (let n = 0; n < 20; n++) await (n % 2 ? one : two).send('test.each-once', { n });
    await Promise.all([one.drain(), two.drain()]);
    expect(seen.sort()).toEqual(Array.from({ length: 20 }, (_, n) => String(n)).sort());
    await Promise.all([one.stop(), two.stop()]);
  });

  it('runs a periodic job once per slot however many processes offer it', async () => {
    let runs = 0;
    const define = (j: Jobs) =>
      j.every('test.periodic', 60 * 60_000, async () => {
        runs++;
      });
    const one = await jobsOn(define);
    const two = await jobsOn(define);
    await Promise.all([one.offerAllPeriodic(), two.offerAllPeriodic(), one.offerAllPeriodic()]);
    await Promise.all([one.drain(), two.drain()]);
    await two.offerAllPeriodic();
    await Promise.all([one.drain(), two.drain()]);
    expect(runs).toBe(1);
    await Promise.all([one.stop(), two.stop()]);
  });

  it('offers the app periodic passes once per slot across two apps', async () => {
    const other = await buildTestApp({}, { database: { ...database, close: async () => {} } });
    await Promise.all([t.app.ctx.jobs.offerAllPeriodic(), other.app.ctx.jobs.offerAllPeriodic()]);
    const rows = rowsOf<{ name: string; n: number }>(
      await database.db.execute(
        sql`select name, count(*)::int as n from pgboss.job where name in ('privacy.pass', 'simulados.finish-expired', 'study.daily-reminders', 'teaching.class-reminders') group by name order by name`,
      ),
    );
    expect(rows).toEqual([
      { name: 'privacy.pass', n: 1 },
      { name: 'simulados.finish-expired', n: 1 },
      { name: 'study.daily-reminders', n: 1 },
      { name: 'teaching.class-reminders', n: 1 },
    ]);
    await Promise.all([t.app.ctx.jobs.drain(), other.app.ctx.jobs.drain()]);
    const left = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'privacy.pass' and state <> 'completed'`,
      ),
    );
    expect(left[0]?.n).toBe(0);
    await other.app.close();
  });
});

describe('a job queued before a restart', () => {
  it('is delivered once by the next app on the same database', async () => {
    const first = await buildTestApp({}, { database: { ...database, close: async () => {} } });
    const user = await createUser(first.app);
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    // Closed without running it: the mail is not out, and the job is in the database.
    await first.app.close();
    expect(first.mailer.sent).toEqual([]);

    const second = await buildTestApp({}, { database: { ...database, close: async () => {} } });
    await second.app.ctx.jobs.drain();
    await second.app.ctx.jobs.drain();
    expect(second.mailer.sent.map((mail) => mail.to)).toEqual([user.email]);
    expect(second.mailer.lastLink(user.email)).toContain('mode=resetPassword');
    // The mail's row (its link carries a code) is gone once sent.
    const rows = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mail.send'`),
    );
    expect(rows[0]?.n).toBe(0);
    await second.app.close();
  });
});
