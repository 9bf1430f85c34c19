import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import type { Database } from './client.ts';
import { prepared } from './prepared.ts';

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
