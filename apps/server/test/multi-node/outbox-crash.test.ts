import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.ts';
import { domainEventOutbox, notebookEntries, notifications, postAnswers } from '../../src/db/schema/index.ts';
import { buildTestApp, createTestPostgresDatabase, type TestApp } from '../app.ts';
import { createPost, createUser, signedInAs } from '../factories.ts';
import { type ServerNode, startNode } from './cluster.ts';

// Issue 35: 'a test kills the process between an answer's commit and its side effects, and the
// caderno entry and the notification still appear exactly once'. A real server process (src/main.ts)
// takes two answers on PostgreSQL; each answer commits with its events in the outbox, and the
// process is killed with SIGKILL while the subscribers are inside their own transactions (held by a
// trigger that sleeps). Another process then sweeps the outbox. PostgreSQL only (TEST_DATABASE_URL).

const enabled = Boolean(process.env.TEST_DATABASE_URL);
let database: Awaited<ReturnType<typeof createTestPostgresDatabase>> | undefined;
let t: TestApp | undefined;
let node: ServerNode | undefined;

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestPostgresDatabase();
  // The surviving "process": an app of this test on the same database.
  t = await buildTestApp({}, { database: await openPostgres(database.url, { max: 3 }) });
});
afterAll(async () => {
  await node?.stop('SIGKILL');
  await t?.app.close();
  await database?.drop();
});

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${node?.output() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it.skipIf(!enabled)(
  "runs an answer's caderno entry and achievement once, after the process that took it was killed",
  async () => {
    if (!t || !database) throw new Error('no app');
    const { db } = t.app.ctx.database;
    const author = await createUser(t.app);
    const ana = await createUser(t.app);
    // The factory's question has the key 1.
    const wrongOne = await createPost(t.app, author, { type: 'question' });
    const rightOne = await createPost(t.app, author, { type: 'question' });
    const cookie = await signedInAs(t.app, ana);

    node = await startNode(0, { DATABASE_URL: database.url, JOB_WORKER: 'false' });
    // The subscribers' writes wait here, inside their transactions, until the test ends them.
    await db.execute(
      sql.raw(`create or replace function hold_subscriber() returns trigger language plpgsql as $$
        begin perform pg_sleep(120); return new; end $$`),
    );
    for (const table of ['notebook_entries', 'notifications'])
      await db.execute(
        sql.raw(
          `create trigger hold_subscriber before insert on ${table} for each row execute function hold_subscriber()`,
        ),
      );

    const answer = (postId: string, optionIndex: number) =>
      fetch(`${node?.url}/api/posts/${postId}/answer`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: node?.url ?? '' },
        body: JSON.stringify({ optionIndex }),
      }).catch(() => null);
    // Neither reply comes: each node request waits for its subscribers, held by the trigger.
    const replies = [answer(wrongOne.id, 0), answer(rightOne.id, 1)];

    const held = async () => {
      const { rows } = await t!.app.ctx.database.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep' and pid <> pg_backend_pid()`,
      );
      return Number(rows[0]?.n) === 2;
    };
    await waitFor('both subscribers inside their transactions', held);
    // Both answers committed, with their events in the outbox.
    expect(await db.select().from(postAnswers).where(eq(postAnswers.userId, ana.id))).toHaveLength(2);

    await node.stop('SIGKILL');
    await Promise.all(replies);
    // The database ends what the dead process left open: its subscribers' transactions roll back.
    await t.app.ctx.database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep' and pid <> pg_backend_pid()`,
    );
    for (const table of ['notebook_entries', 'notifications'])
      await db.execute(sql.raw(`drop trigger hold_subscriber on ${table}`));
    await waitFor('the killed transactions to end', async () => !(await held()));

    const left = await db.select().from(domainEventOutbox);
    expect(left.length).toBeGreaterThanOrEqual(2);
    await t.app.ctx.events.sweep();
    await t.app.ctx.events.sweep();

    expect(await db.select().from(domainEventOutbox)).toHaveLength(0);
    const entries = await db.select().from(notebookEntries).where(eq(notebookEntries.userId, ana.id));
    expect(entries.map((entry) => entry.postId)).toEqual([wrongOne.id]);
    const achievements = await db.select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(achievements.map((row) => row.type)).toEqual(['achievement']);
  },
  240_000,
);
