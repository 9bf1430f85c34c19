import { createHash } from 'node:crypto';
import { type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { COMPILED_MARK, PREPARED_MARK } from './statement-marks.ts';

// A hot statement (a like, under load) spent about a third of PostgreSQL's time on it planning
// itself again on every call: Drizzle sends each statement unnamed. A statement wrapped in
// `prepared()` is named after its text, so each connection parses it once and PostgreSQL may keep
// its plan (issue 22). Only for statements whose text is one of a few fixed variants: each
// distinct text stays prepared on every connection for the connection's life.

const MARK = PREPARED_MARK;

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

/** How the app's databases name columns (client.ts opens every one with it). */
export const DB_CASING = 'snake_case';
const dialect = new PgDialect({ casing: DB_CASING });

/**
 * A statement whose text is built once, with `sql.placeholder(…)` where its values go, then run with
 * the values of each call. Drizzle otherwise turns a large statement into text on every call, on the
 * request thread: 0.4 ms for the 'Para você' ranking (issue 22). It stays unnamed: PostgreSQL plans
 * it for each call's values, as it did. On the embedded database, where planning the ranking took
 * ten times as long as running it, it runs prepared on one generic plan (pglite-statements.ts).
 */
export function compiled(build: () => SQL) {
  let query: Query | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: any database or transaction of the app's (client.ts `Tx`).
  return (db: { _: { session: PgSession<any, any, any> } }, values: Record<string, unknown>) => {
    if (!query) {
      const built = dialect.sqlToQuery(build());
      // Marked (a comment) so the embedded database keeps one plan for it (pglite-statements.ts).
      query = built.sql.startsWith(MARK) ? built : { ...built, sql: `${COMPILED_MARK}${built.sql}` };
    }
    return db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
  };
}

/**
 * A Drizzle query run as a named prepared statement, named after its text: on PostgreSQL each
 * connection parses and plans it once, then may keep one generic plan — for a statement whose
 * planning costs more than its run (the essays' pool lock: 3.4 ms to plan, 1.5 to run). Its text
 * must be one of a few fixed variants, values as parameters, as with `prepared()`. Drizzle builds
 * the text twice, once to name it: about a millisecond of the request thread for the pool lock,
 * against the 3.4 ms of planning it saves PostgreSQL on every call.
 *
 * A query whose filters make many texts (the question bank's) names its `family`'s first `max`
 * texts only and runs the others unnamed, so no connection ever holds more than `max` of them,
 * whatever combinations of filters people (or a script) ask for.
 */
export function runNamed<R>(
  query: {
    toSQL(): { sql: string };
    prepare(name: string): { execute(): Promise<R> };
    execute(): Promise<R>;
  },
  family?: { name: string; max: number },
): Promise<R> {
  const text = query.toSQL().sql;
  if (family && !admitted(family, text)) return query.execute();
  let name = names.get(text);
  if (!name) {
    name = `estudai_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return query.prepare(name).execute();
}

/** Per family, the texts it names (the first `max` this process met). */
const familyTexts = new Map<string, Set<string>>();

function admitted(family: { name: string; max: number }, text: string): boolean {
  let texts = familyTexts.get(family.name);
  if (!texts) {
    texts = new Set();
    familyTexts.set(family.name, texts);
  }
  if (texts.has(text)) return true;
  if (texts.size >= family.max) return false;
  texts.add(text);
  return true;
}

/**
 * A CTE (`async_commit`) that turns `synchronous_commit` off for the statement's own transaction; the
 * statement's final select must read it, so it runs (decision 062). For writes whose loss in a crash of
 * the database server costs little: the chat's messages and read marks, practice's views. A commit
 * that waits for the disk took 2.5–3.3 ms on this project's machine, 0.25–0.45 ms without.
 */
export const ASYNC_COMMIT = sql`async_commit as (select set_config('synchronous_commit', 'off', true))`;
