import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import type { Database } from './client.ts';
import { compiled, prepared, runNamed } from './prepared.ts';
import { users } from './schema/index.ts';

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

describe('a Drizzle query run named', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(users).values([
      { email: 'ana@named.test', username: 'ana_named', displayName: 'Ana', userType: 'aluno' },
      { email: 'bia@named.test', username: 'bia_named', displayName: 'Bia', userType: 'aluno' },
    ]);
  });
  afterAll(() => database.close());

  const byEmail = (db: Database['db'], email: string) =>
    db
      .select({ name: users.displayName, createdAt: users.createdAt })
      .from(users)
      .where(sql`${users.email} = ${email}`);

  it('answers as the query itself, its columns decoded', async () => {
    for (const email of ['ana@named.test', 'bia@named.test']) {
      const named = await runNamed(byEmail(database.db, email));
      expect(named).toEqual(await byEmail(database.db, email));
      expect(named[0]?.createdAt).toBeInstanceOf(Date);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'is prepared once per PostgreSQL connection, under a name from its text',
    async () => {
      const preparedHere = await database.db.transaction(async (tx) => {
        for (const email of ['ana@named.test', 'bia@named.test', 'ana@named.test'])
          await runNamed(byEmail(tx, email));
        return rowsOf<{ name: string }>(
          await tx.execute(
            sql`select name from pg_prepared_statements where statement like '%"email" = $1%'`,
          ),
        );
      });
      expect(preparedHere).toEqual([{ name: expect.stringMatching(/^estudai_[0-9a-f]{24}$/) }]);
    },
  );

  // One text per filter: `display_name` alone, with the e-mail, with the username, with both.
  const filtered = (db: Database['db'], filters: { email?: string; username?: string }) =>
    db
      .select({ name: users.displayName })
      .from(users)
      .where(
        and(
          sql`${users.displayName} <> ''`,
          filters.email ? eq(users.email, filters.email) : undefined,
          filters.username ? eq(users.username, filters.username) : undefined,
        ),
      )
      .orderBy(users.displayName);
  const variants = [
    {},
    { email: 'ana@named.test' },
    { username: 'bia_named' },
    { email: 'x', username: 'y' },
  ];

  it("names a family's first texts only, and answers every one as the query itself", async () => {
    const family = { name: 'test-answers', max: 2 };
    for (const filters of variants)
      for (let i = 0; i < 2; i++)
        expect(await runNamed(filtered(database.db, filters), family)).toEqual(
          await filtered(database.db, filters),
        );
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'holds no more than its bound of a family on a PostgreSQL connection',
    async () => {
      const family = { name: 'test-bound', max: 2 };
      const preparedHere = await database.db.transaction(async (tx) => {
        for (const filters of variants) await runNamed(filtered(tx, filters), family);
        return rowsOf<{ statement: string }>(
          await tx.execute(
            sql`select statement from pg_prepared_statements where statement like '%<> ''''%' order by statement`,
          ),
        );
      });
      // The first two texts met: the one without a filter and the one with the e-mail.
      expect(preparedHere).toHaveLength(2);
      expect(preparedHere.map((row) => row.statement.includes('"email" = $'))).toEqual([false, true]);
    },
  );
});
