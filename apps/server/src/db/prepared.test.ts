import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import type { Database } from './client.ts';
import { compiled, prepared } from './prepared.ts';

describe('a statement marked prepared', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('answers as the same statement unmarked, with its parameters', async () => {
    const statement = (n: number) => sql`select ${n}::int + 1 as next, ${'olá'}::text as word`;
    for (const n of [1, 41]) {
      expect(rowsOf(await database.db.execute(prepared(statement(n))))).toEqual(
        rowsOf(await database.db.execute(statement(n))),
      );
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'is prepared once per PostgreSQL connection, under a name from its text',
    async () => {
      const preparedHere = await database.db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) await tx.execute(prepared(sql`select ${n}::int as n`));
        await tx.execute(sql`select ${4}::int as unmarked`);
        // Only this test's statements: the connection may hold the first test's.
        return rowsOf<{ name: string; statement: string }>(
          await tx.execute(
            sql`select name, statement from pg_prepared_statements where statement like '%as n' or statement like '%unmarked'`,
          ),
        );
      });
      expect(preparedHere).toEqual([
        {
          name: expect.stringMatching(/^estudai_[0-9a-f]{24}$/),
          statement: expect.stringContaining('select $1::int as n'),
        },
      ]);
    },
  );
});

describe('a compiled statement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('is built once and answers each call with its own values, in a transaction too', async () => {
    let builds = 0;
    const next = compiled(() => {
      builds += 1;
      return sql`select ${sql.placeholder('n')}::int + ${1}::int as next, ${sql.placeholder('word')}::text as word`;
    });
    expect(rowsOf(await next(database.db, { n: 1, word: 'olá' }))).toEqual([{ next: 2, word: 'olá' }]);
    expect(rowsOf(await next(database.db, { n: 41, word: 'ação' }))).toEqual([{ next: 42, word: 'ação' }]);
    const inTransaction = await database.db.transaction(async (tx) =>
      rowsOf(await next(tx, { n: 9, word: 'é' })),
    );
    expect(inTransaction).toEqual([{ next: 10, word: 'é' }]);
    expect(builds).toBe(1);
  });
});
