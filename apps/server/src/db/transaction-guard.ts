import { AsyncLocalStorage } from 'node:async_hooks';

// Inside `db.transaction(async (tx) => …)`, every query goes through `tx`. A query on the database
// itself from there waits for a second connection while the transaction holds the first: with the
// embedded database's single connection (docs/decisions/032) it waits forever, and on PostgreSQL it
// drains the pool under load. So such a query fails at once, with the place that made it.

const open = new AsyncLocalStorage<{ open: boolean }>();

export class QueryOutsideTransactionError extends Error {
  constructor() {
    super('a query on the database itself inside db.transaction(): use its tx (docs/decisions/032)');
  }
}

/** Throws when called from inside a running `db.transaction` callback. */
export function assertOutsideTransaction(): void {
  if (open.getStore()?.open) throw new QueryOutsideTransactionError();
}

/** Marks what runs inside `db.transaction`'s callback; work it left running is unmarked when it ends. */
export function markTransactions<T extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: T,
): T {
  const transaction = db.transaction.bind(db) as (
    run: (tx: unknown) => Promise<unknown>,
    config?: unknown,
  ) => Promise<unknown>;
  const marked = (run: (tx: unknown) => Promise<unknown>, config?: unknown) => {
    assertOutsideTransaction();
    return transaction((tx) => {
      const store = { open: true };
      return open.run(store, async () => {
        try {
          return await run(tx);
        } finally {
          store.open = false;
        }
      });
    }, config);
  };
  Object.assign(db, { transaction: marked });
  return db;
}
