import type { SqlJsStatic } from 'sql.js';

// SQLite through sql.js (WebAssembly, no native build): Anki's collection is an SQLite file. The
// module is loaded once per process, on the first import or export (not at start: issue 41).

let loading: Promise<SqlJsStatic> | undefined;

export function sqlite(): Promise<SqlJsStatic> {
  loading ??= import('sql.js').then(({ default: initSqlJs }) => initSqlJs());
  return loading;
}
