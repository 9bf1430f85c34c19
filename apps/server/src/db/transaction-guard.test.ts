import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import type { Database } from './client.ts';
import { QueryOutsideTransactionError } from './transaction-guard.ts';

// With one connection (the embedded database in its own thread, decision 032) a query on the
// database itself inside db.transaction waits forever for the connection the transaction holds.
describe('a query outside the transaction it runs in', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('fails at once with a clear message instead of waiting for a second connection', async () => {
    const { db } = database;
    await expect(
      db.transaction(async () => {
        await db.execute(sql`select 1`);
      }),
      // Drizzle reports it as the failed query's cause.
    ).rejects.toMatchObject({ cause: expect.any(QueryOutsideTransactionError) });
    await expect(db.transaction(() => db.transaction(async () => {}))).rejects.toBeInstanceOf(
      QueryOutsideTransactionError,
    );
    await expect(db.transaction(() => database.query('select 1'))).rejects.toBeInstanceOf(
      QueryOutsideTransactionError,
    );
  });

  it('lets the transaction use its tx, and the database be used again once it ended', async () => {
    const { db } = database;
    let later: Promise<unknown> | undefined;
    const inside = await db.transaction(async (tx) => {
      // Work started inside and left running is not part of the transaction once it ends.
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => db.execute(sql`select 2 as two`));
      return rowsOf(await tx.execute(sql`select 1 as one`));
    });
    expect(inside).toEqual([{ one: 1 }]);
    await expect(later).resolves.toBeDefined();
    await expect(db.execute(sql`select 3`)).resolves.toBeDefined();
  });
});
