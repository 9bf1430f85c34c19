import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestPostgresDatabase, oneAppPerDescribe, type TestApp } from '../../test/app.ts';
import { as, createUser } from '../../test/factories.ts';
import { openPostgres } from '../db/client.ts';

// Issue 37, dependencies that fail fast and closed: a database that refuses (a standby in recovery,
// too many connections, shutting down, a lost connection, a statement cancelled by its timeout)
// answers 503 in pt-BR with Retry-After through the real error handler, never 500. The refusal
// comes from the database itself: a trigger raising that SQLSTATE on the insert of a post.

const UNAVAILABLE = {
  error: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  code: 'UNAVAILABLE',
};

/** Every insert of a post fails in the database with `sqlstate`. */
async function refusePosts(t: TestApp, sqlstate: string) {
  const { db } = t.app.ctx.database;
  await db.execute(
    sql.raw(`create or replace function refuse_posts() returns trigger language plpgsql as $$
      begin raise exception 'recusado pelo banco' using errcode = '${sqlstate}'; end $$`),
  );
  await db.execute(sql.raw('drop trigger if exists refuse_posts on posts'));
  await db.execute(
    sql.raw(
      'create trigger refuse_posts before insert on posts for each row execute function refuse_posts()',
    ),
  );
}

const newPost = async (t: TestApp) =>
  (await as(t.app, await createUser(t.app))).post('/api/posts', {
    type: 'text',
    content: 'Revisão de óptica',
  });

describe('a database that refuses', () => {
  let t: TestApp;
  oneAppPerDescribe(buildTestApp, (built) => {
    t = built;
  });

  it.each([
    ['55000', 'object not in prerequisite state (a standby in recovery)'],
    ['53300', 'too many connections'],
    ['53100', 'disk full'],
    ['57P01', 'admin shutdown'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'cannot connect now'],
    ['08006', 'connection failure'],
    ['08001', 'unable to connect'],
    ['08P01', 'protocol violation'],
    ['57014', 'statement cancelled by statement_timeout'],
    ['55P03', 'lock not granted within lock_timeout'],
  ])('answers 503 with Retry-After for %s (%s), never 500', async (sqlstate) => {
    await refusePosts(t, sqlstate);
    const res = await newPost(t);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(UNAVAILABLE);
  });

  it('still answers 500 (details hidden) for a fault that is no refusal', async () => {
    await refusePosts(t, 'P0001');
    const res = await newPost(t);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('recusado');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a stalled PostgreSQL', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  afterAll(async () => {
    await t?.app.close();
    await drop?.();
  });

  it('answers 503 within 2 s when a statement hangs past its timeout', async () => {
    const fresh = await createTestPostgresDatabase();
    drop = fresh.drop;
    const database = await openPostgres(fresh.url, {
      max: 3,
      timeouts: { connectMs: 1_000, statementMs: 1_500 },
    });
    t = await buildTestApp({}, { database });
    await database.query(`create or replace function stall_posts() returns trigger language plpgsql as $$
      begin perform pg_sleep(30); return new; end $$`);
    await database.query(
      'create trigger stall_posts before insert on posts for each row execute function stall_posts()',
    );
    const started = performance.now();
    const res = await newPost(t);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
