// Domain events through the outbox (issue 35): what follows an answer — its caderno entry, its
// achievement — happens exactly once even when its first try fails, and never for a change that
// rolled back. A process killed between the commit and its subscribers: test/multi-node/outbox-crash.test.ts.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../test/app.ts';
import { as, createPost, createUser } from '../../test/factories.ts';
import { domainEventOutbox, notebookEntries, notifications, postAnswers } from '../db/schema/index.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import { DomainEventBus } from './events.ts';

let t: TestApp;
oneAppPerDescribe(
  () => buildTestApp(),
  (built) => {
    t = built;
  },
);

/** Makes the next insert into `table` fail once (a sequence is not rolled back with the failure). */
async function failNextInsertInto(table: 'notebook_entries' | 'notifications') {
  const { db } = t.app.ctx.database;
  await db.execute(sql.raw('create sequence if not exists fail_once_seq'));
  await db.execute(sql.raw(`select setval('fail_once_seq', 1, false)`));
  await db.execute(
    sql.raw(`create or replace function fail_once() returns trigger language plpgsql as $$
      begin
        if nextval('fail_once_seq') = 1 then raise exception 'a failure on the first try'; end if;
        return new;
      end $$`),
  );
  await db.execute(sql.raw(`drop trigger if exists fail_once on ${table}`));
  await db.execute(
    sql.raw(`create trigger fail_once before insert on ${table} for each row execute function fail_once()`),
  );
}

async function dropFailures() {
  const { db } = t.app.ctx.database;
  for (const table of ['notebook_entries', 'notifications'])
    await db.execute(sql.raw(`drop trigger if exists fail_once on ${table}`));
}

/** Every outbox row made due now, as when its backoff has passed; then a sweep runs them. */
async function sweepAfterBackoff() {
  await t.app.ctx.database.db.update(domainEventOutbox).set({ runAfter: sql`now() - interval '1 second'` });
  return t.app.ctx.events.sweep();
}

const outbox = () => t.app.ctx.database.db.select().from(domainEventOutbox);

describe('the outbox of domain events', () => {
  it("a wrong answer's caderno entry comes once, after its first try failed", async () => {
    const author = await createUser(t.app);
    const ana = await createUser(t.app);
    const question = await createPost(t.app, author, { type: 'question' });
    await failNextInsertInto('notebook_entries');
    // The factory's key is 1: option 0 is wrong.
    const reply = await (await as(t.app, ana)).post(`/api/posts/${question.id}/answer`, { optionIndex: 0 });
    expect(reply.statusCode).toBe(201);
    const entries = () =>
      t.app.ctx.database.db.select().from(notebookEntries).where(eq(notebookEntries.userId, ana.id));
    expect(await entries()).toHaveLength(0);
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ name: 'question.answered', subscriber: 'study.caderno', attempts: 1 });
    expect(waiting?.lastError).toContain('a failure on the first try');
    // Not due yet: the backoff holds it.
    expect(await t.app.ctx.events.sweep()).toBe(0);

    expect(await sweepAfterBackoff()).toBe(1);
    expect(await entries()).toHaveLength(1);
    expect(await outbox()).toHaveLength(0);
    expect(await sweepAfterBackoff()).toBe(0);
    expect(await entries()).toHaveLength(1);
    await dropFailures();
  });

  it("a first correct answer's achievement notification comes once, after its first try failed", async () => {
    const author = await createUser(t.app);
    const ana = await createUser(t.app);
    const question = await createPost(t.app, author, { type: 'question' });
    await failNextInsertInto('notifications');
    const reply = await (await as(t.app, ana)).post(`/api/posts/${question.id}/answer`, { optionIndex: 1 });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.isCorrect).toBe(true);
    const achievements = () =>
      t.app.ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ana.id), eq(notifications.type, 'achievement')));
    expect(await achievements()).toHaveLength(0);
    expect(await sweepAfterBackoff()).toBe(1);
    expect(await achievements()).toHaveLength(1);
    // The answer itself was never repeated.
    const answers = await t.app.ctx.database.db
      .select()
      .from(postAnswers)
      .where(eq(postAnswers.userId, ana.id));
    expect(answers).toHaveLength(1);
    await dropFailures();
  });

  it('runs each subscriber once when two sweeps take the same rows at once', async () => {
    const author = await createUser(t.app);
    const ana = await createUser(t.app);
    const question = await createPost(t.app, author, { type: 'question' });
    await failNextInsertInto('notebook_entries');
    await (await as(t.app, ana)).post(`/api/posts/${question.id}/answer`, { optionIndex: 2 });
    await t.app.ctx.database.db.update(domainEventOutbox).set({ runAfter: sql`now() - interval '1 second'` });
    const ran = await Promise.all([t.app.ctx.events.sweep(), t.app.ctx.events.sweep()]);
    expect(ran[0] + ran[1]).toBe(1);
    const entries = await t.app.ctx.database.db
      .select()
      .from(notebookEntries)
      .where(eq(notebookEntries.userId, ana.id));
    expect(entries).toHaveLength(1);
    await dropFailures();
  });

  it('leaves nothing behind for a change that rolled back', async () => {
    const ana = await createUser(t.app);
    const post = await createPost(t.app, ana, { type: 'question' });
    await expect(
      t.app.ctx.events.transaction(async (tx) => {
        await t.app.ctx.events.emit(tx, 'question.answered', {
          userId: ana.id,
          answers: [{ postId: post.id, questionIndex: 0, isCorrect: false }],
          at: new Date().toISOString(),
          source: 'question',
        });
        throw new Error('the change fails after its event');
      }),
    ).rejects.toThrow('the change fails after its event');
    expect(await outbox()).toHaveLength(0);
    expect(await t.app.ctx.database.db.select().from(notebookEntries)).toHaveLength(0);
  });

  it('refuses an event emitted outside a transaction of events.transaction()', async () => {
    const ana = await createUser(t.app);
    await expect(
      t.app.ctx.database.db.transaction((tx) =>
        t.app.ctx.events.emit(tx, 'question.answered', {
          userId: ana.id,
          answers: [],
          at: new Date().toISOString(),
          source: 'question',
        }),
      ),
    ).rejects.toThrow('not inside events.transaction()');
  });
});

describe("subscribers in the emitter's statement (decision 067)", () => {
  const bus = () => new DomainEventBus(t.app.ctx.database, t.app.ctx.log, () => new Date());
  const liked = {
    postId: sql`s.post`,
    authorId: sql`s.author`,
    actorId: sql`s.actor`,
    actorName: sql`s.name`,
  };

  it('writes what they write in the same statement, and hands each its ids once it committed', async () => {
    const { db } = t.app.ctx.database;
    await db.execute(sql`create table if not exists statement_events (
      id uuid primary key default gen_random_uuid(), post_id uuid not null, actor_name text not null)`);
    await db.execute(sql`delete from statement_events`);
    const events = bus();
    const handed: string[][] = [];
    events.onStatement('post.liked', {
      write: ({ from, columns }) => sql`insert into statement_events (post_id, actor_name)
        select ${columns.postId}, ${columns.actorName} from ${from} returning id`,
      after: (ids) => handed.push(ids),
    });
    const { ctes, done } = events.inStatement('post.liked', liked, sql`s`);
    // Built once: a subscriber coming later would be missing from it.
    expect(() => events.onStatement('post.liked', { write: () => sql`select 1`, after: () => {} })).toThrow(
      'post.liked: its statement is built; subscribe before',
    );
    const [post, ana] = [await createUser(t.app), await createUser(t.app)];
    const run = async (happened: boolean) => {
      const [row] = rowsOf<{ done: unknown }>(
        await db.execute(sql`with s as (select ${post.id}::uuid as post, ${post.id}::uuid as author,
            ${ana.id}::uuid as actor, 'Ana'::text as name where ${happened}),
          ${sql.join(ctes, sql`, `)}
          select ${done} as done`),
      );
      events.statementDone('post.liked', row?.done);
    };
    await run(false);
    expect(handed).toEqual([]);
    expect(rowsOf(await db.execute(sql`select * from statement_events`))).toHaveLength(0);
    await run(true);
    const written = rowsOf<{ id: string; post_id: string; actor_name: string }>(
      await db.execute(sql`select * from statement_events`),
    );
    expect(written).toEqual([{ id: expect.any(String), post_id: post.id, actor_name: 'Ana' }]);
    expect(handed).toEqual([[written[0]?.id]]);
  });

  it('keeps an event either in its statement or in a transaction, never both', async () => {
    const inTransaction = bus();
    inTransaction.on('post.liked', async () => {});
    expect(() => inTransaction.inStatement('post.liked', liked, sql`s`)).toThrow(
      'post.liked has subscribers outside the statement',
    );
    const inStatement = bus();
    inStatement.onStatement('post.liked', { write: () => sql`select 1`, after: () => {} });
    const ana = await createUser(t.app);
    await expect(
      inStatement.transaction((tx) =>
        inStatement.emit(tx, 'post.liked', {
          postId: ana.id,
          authorId: ana.id,
          actorId: ana.id,
          actorName: 'Ana',
        }),
      ),
    ).rejects.toThrow('post.liked: its subscribers are in its statement');
  });
});
