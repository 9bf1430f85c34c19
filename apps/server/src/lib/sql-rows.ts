/** The rows of a raw `db.execute`: node-postgres and PGlite both answer `{ rows }` through drizzle. */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
