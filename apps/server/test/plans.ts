import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';

const CALLS = 10;

/** How often each prepared statement like `pattern` was planned each way on this connection so far. */
async function planCounts(tx: Tx, pattern: string) {
  const rows = rowsOf<{ name: string; generic_plans: number; custom_plans: number }>(
    await tx.execute(sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements
      where statement like ${pattern}`),
  );
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Runs `read` ten times on one connection (inside a transaction), then answers how the prepared
 * statements whose text is like `pattern` were planned for those calls (what the connection did
 * before them is subtracted): PostgreSQL plans a named statement for its first five calls, then keeps
 * one generic plan if it costs no more (issue 41). On PostgreSQL an unnamed statement is never in
 * `pg_prepared_statements`; the embedded database prepares every text it sees twice
 * (db/pglite-statements.ts), so there the answer holds whatever the code names.
 */
export function plansOf(database: Database, read: (tx: Tx) => Promise<unknown>, pattern: string) {
  return database.db.transaction(async (tx) => {
    const before = await planCounts(tx, pattern);
    for (let i = 0; i < CALLS; i++) await read(tx);
    const after = await planCounts(tx, pattern);
    return [...after.values()].flatMap((row) => {
      const earlier = before.get(row.name);
      const plans = {
        generic_plans: row.generic_plans - (earlier?.generic_plans ?? 0),
        custom_plans: row.custom_plans - (earlier?.custom_plans ?? 0),
      };
      return plans.generic_plans + plans.custom_plans > 0 ? [plans] : [];
    });
  });
}
