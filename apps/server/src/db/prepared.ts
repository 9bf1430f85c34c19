import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';

// A hot statement (a like, under load) spent about a third of PostgreSQL's time on it planning
// itself again on every call: Drizzle sends each statement unnamed. A statement wrapped in
// `prepared()` is named after its text, so each connection parses it once and PostgreSQL may keep
// its plan (issue 22). Only for statements whose text is one of a few fixed variants: each
// distinct text stays prepared on every connection for the connection's life.

const MARK = '/* prepared */ ';

/** The statement, run as a named prepared statement on PostgreSQL (a comment on PGlite). */
export const prepared = (statement: SQL): SQL => sql`${sql.raw(MARK)}${statement}`;

const names = new Map<string, string>();

/** Gives marked statements a name from their text on every query of `client` (node-postgres). */
export function nameMarkedStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const [config] = args;
      if (config && typeof config === 'object' && 'text' in config) {
        const statement = config as { text: unknown; name?: string };
        if (
          statement.name === undefined &&
          typeof statement.text === 'string' &&
          statement.text.startsWith(MARK)
        ) {
          let name = names.get(statement.text);
          if (!name) {
            name = `estudai_${createHash('sha1').update(statement.text).digest('hex').slice(0, 24)}`;
            names.set(statement.text, name);
          }
          statement.name = name;
        }
      }
      return query(...args);
    },
  });
}
