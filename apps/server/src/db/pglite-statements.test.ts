import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteStatements } from './pglite-statements.ts';
import { COMPILED_MARK, PREPARED_MARK } from './statement-marks.ts';

// The embedded database's statement cache (issue 41): a statement seen again runs prepared by name,
// with the same rows, types and errors as PGlite's own `query`.
describe('PGlite statements prepared by name', () => {
  let db: PGlite;
  let statements: PgliteStatements;
  const prepared = async () =>
    (await statements.original<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
      .rows[0]?.n;

  beforeAll(async () => {
    db = await PGlite.create();
    statements = PgliteStatements.install(db, 3);
    await db.exec(`create table notes (id uuid primary key, body text not null, tags text[], doc jsonb,
      at timestamptz, n int8)`);
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers the same rows and types the first time and every time after, prepared from the second', async () => {
    const insert =
      'insert into notes (id, body, tags, doc, at, n) values ($1, $2, $3, $4, $5, $6) returning *';
    const at = new Date('2026-11-29T12:00:00Z');
    const rows = [];
    for (const [i, id] of [
      '0b9b3c9e-5b1a-4d1e-9d7e-000000000001',
      '0b9b3c9e-5b1a-4d1e-9d7e-000000000002',
    ].entries())
      rows.push((await db.query(insert, [id, `nota ${i}`, ['a', 'b'], { x: i }, at, 10n ** 12n])).rows[0]);
    expect(rows[1]).toEqual({
      id: '0b9b3c9e-5b1a-4d1e-9d7e-000000000002',
      body: 'nota 1',
      tags: ['a', 'b'],
      doc: { x: 1 },
      at,
      n: 1_000_000_000_000,
    });
    expect(statements.size).toBe(1);
    // Read back: the first time through PGlite's own query (the reference), then prepared.
    const byId = 'select * from notes where id = $1';
    const reads = [];
    for (let i = 0; i < 3; i++) reads.push(await db.query(byId, ['0b9b3c9e-5b1a-4d1e-9d7e-000000000002']));
    expect(reads[1]).toEqual(reads[0]);
    expect(reads[2]).toEqual(reads[0]);
    const select = 'select id, body from notes where body = $1';
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await db.query(select, ['nota 0'], { rowMode: 'array' }));
    expect(answers.map((answer) => answer.rows)).toEqual([
      [['0b9b3c9e-5b1a-4d1e-9d7e-000000000001', 'nota 0']],
      [['0b9b3c9e-5b1a-4d1e-9d7e-000000000001', 'nota 0']],
      [['0b9b3c9e-5b1a-4d1e-9d7e-000000000001', 'nota 0']],
    ]);
    expect(answers[2]?.fields.map((field) => field.name)).toEqual(['id', 'body']);
    // A statement without rows answers its count.
    const update = 'update notes set body = body where id = $1';
    for (let i = 0; i < 2; i++)
      expect((await db.query(update, ['0b9b3c9e-5b1a-4d1e-9d7e-000000000001'])).affectedRows).toBe(1);
  });

  it("reads a prepared statement's rows from PostgreSQL's bytes, as PGlite's parser does", async () => {
    const row = `select $1::int as n, true as yes, null::text as nothing, 'Ação 🎓 çñ' as text,
      2.5::float8 as ratio, 12.30::numeric as price, 9007199254740993::int8 as big,
      '{"a":[1,"é"]}'::jsonb as doc, array['x','y,z']::text[] as tags, '\\x00ff'::bytea as raw,
      '2026-12-01'::date as day, '2026-12-01T03:00:00Z'::timestamptz as at, '1 day 2 hours'::interval as span,
      1 as twice, 2 as twice`;
    // Drizzle keeps dates and intervals as PostgreSQL's text (client.ts).
    const asText = (value: string) => value;
    const drizzle = { parsers: { 1082: asText, 1184: asText, 1186: asText } };
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'array' as const, ...drizzle },
    ]) {
      const [first, second, third] = [
        await db.query(row, [7], options),
        await db.query(row, [7], options),
        await db.query(row, [7], options),
      ];
      // The first answer is PGlite's own (a text seen once is not prepared): the reference.
      expect(second).toEqual(first);
      expect(third).toEqual(first);
    }
    const select = 'select id, body from notes where body = $1';
    for (let i = 0; i < 2; i++) await db.query(select, ['não há']);
    expect((await db.query(select, ['não há'])).rows).toEqual([]);
    expect(statements.readByPglite).toBe(0);
  });

  it("hands an answer with a notice to PGlite's parser, and the notice to onNotice", async () => {
    await db.exec(`create function warned(x int) returns int language plpgsql as
      $$ begin raise notice 'aviso %', x; return x; end $$`);
    const notices: string[] = [];
    const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '');
    const before = statements.readByPglite;
    for (let i = 1; i <= 3; i++)
      expect((await db.query('select warned($1) as w', [i], { onNotice })).rows).toEqual([{ w: i }]);
    expect(notices).toEqual(['aviso 1', 'aviso 2', 'aviso 3']);
    // The first call is PGlite's own query; the two prepared ones went through its parser.
    expect(statements.readByPglite - before).toBe(2);
  });

  it('keeps at most its bound, closing the statement used least recently', async () => {
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 6; i++) await db.query(`select ${i}::int as n, $1::text as t`, ['x']);
    expect(statements.size).toBe(3);
    // The evicted ones are closed with the next statement prepared.
    await db.query('select 42 as n', []);
    await db.query('select 42 as n', []);
    expect(await prepared()).toBeLessThanOrEqual(4);
  });

  it('fails as PGlite does, and the statement runs again afterwards', async () => {
    const insert = 'insert into notes (id, body) values ($1, $2)';
    const id = '0b9b3c9e-5b1a-4d1e-9d7e-000000000009';
    await db.query(insert, [id, 'primeira']);
    const duplicate = await db.query(insert, [id, 'de novo']).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'notes_pkey', query: insert });
    const badUuid = await db.query(insert, ['não é uuid', 'x']).catch((error: unknown) => error);
    expect(badUuid).toMatchObject({ code: '22P02' });
    await db.query(insert, ['0b9b3c9e-5b1a-4d1e-9d7e-00000000000a', 'depois']);
    for (let i = 0; i < 2; i++)
      await expect(db.query('select nothing from nowhere where x = $1', [1])).rejects.toMatchObject({
        code: '42P01',
      });
  });

  it('prepares a statement again when the table it reads changed', async () => {
    const select = 'select * from notes where body = $1';
    for (let i = 0; i < 2; i++) await db.query(select, ['depois']);
    await db.exec('alter table notes add column extra text');
    const after = await db.query<Record<string, unknown>>(select, ['depois']);
    expect(after.rows[0]).toHaveProperty('extra', null);
  });

  it('runs inside a transaction, whose rollback undoes its statements', async () => {
    const insert = 'insert into notes (id, body) values ($1, $2)';
    const ids = ['0b9b3c9e-5b1a-4d1e-9d7e-0000000000b1', '0b9b3c9e-5b1a-4d1e-9d7e-0000000000b2'];
    const count = 'select count(*)::int as n from notes where id = any($1::uuid[])';
    await db.transaction(async (tx) => {
      for (const id of ids) await tx.query(insert, [id, 'na transação']);
      expect((await tx.query<{ n: number }>(count, [ids])).rows[0]?.n).toBe(2);
      await tx.rollback();
    });
    expect((await db.query<{ n: number }>(count, [ids])).rows[0]?.n).toBe(0);
    // A failed statement aborts the transaction, which then rolls back, as with PGlite's own query.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [ids[0], 'um']);
        await tx.query(insert, [ids[0], 'dois']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query<{ n: number }>(count, [ids])).rows[0]?.n).toBe(0);
  });
});

describe("the app's hot statements on the embedded database", () => {
  it('run on a generic plan, with the mode back to auto afterwards, also after an error', async () => {
    const db = await PGlite.create();
    PgliteStatements.install(db);
    try {
      await db.exec('create table t (id int primary key, v text)');
      await db.exec("insert into t select i, 'v' || i from generate_series(1, 100) i");
      const hot = `${COMPILED_MARK}select v from t where id = $1`;
      const mode = async () =>
        (await db.query<{ m: string }>("select current_setting('plan_cache_mode') as m")).rows[0]?.m;
      for (let i = 1; i <= 3; i++) expect((await db.query(hot, [i])).rows).toEqual([{ v: `v${i}` }]);
      expect(await mode()).toBe('auto');
      const plans = await db.query<{ generic_plans: number }>(
        'select generic_plans::int from pg_prepared_statements where statement = $1',
        [hot],
      );
      expect(plans.rows[0]?.generic_plans).toBeGreaterThanOrEqual(2);
      const failing = `${PREPARED_MARK}insert into t (id, v) values ($1, $2)`;
      for (let i = 0; i < 3; i++)
        await expect(db.query(failing, [1, 'x'])).rejects.toMatchObject({ code: '23505' });
      expect(await mode()).toBe('auto');
      await db.transaction(async (tx) => {
        expect((await tx.query(hot, [2])).rows).toEqual([{ v: 'v2' }]);
        expect(
          (await tx.query<{ m: string }>("select current_setting('plan_cache_mode') as m")).rows[0]?.m,
        ).toBe('auto');
      });
    } finally {
      await db.close();
    }
  });
});
