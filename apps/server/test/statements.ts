import { vi } from 'vitest';
import type { Tx } from '../src/db/client.ts';

/** Statements the database's client is sent while `work` runs (PGlite's client or PostgreSQL's pool). */
export async function statementsDuring(db: Tx, work: () => Promise<unknown>): Promise<number> {
  const { client } = (db as unknown as { _: { session: { client: object } } })._.session;
  const spy = vi.spyOn(client as { query: () => unknown }, 'query');
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
