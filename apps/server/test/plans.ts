import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';

/**
 * Runs `read` eight times on one connection (inside a transaction), then answers how each prepared
 * statement whose text is like `pattern` was planned there: PostgreSQL plans a named statement for
 * its first five calls, then keeps one generic plan if it costs no more (issue 41). On PostgreSQL an
 * unnamed statement is never in `pg_prepared_statements`; the embedded database prepares every text
 * it sees twice (db/pglite-statements.ts), so there the answer holds whatever the code names.
 */
export function plansOf(database: Database, read: (tx: Tx) => Promise<unknown>, pattern: string) {
  return database.db.transaction(async (tx) => {
    for (let i = 0; i < 8; i++) await read(tx);
    return rowsOf<{ generic_plans: number; custom_plans: number }>(
      await tx.execute(sql`select generic_plans::int, custom_plans::int from pg_prepared_statements
        where statement like ${pattern}`),
    );
  });
}
