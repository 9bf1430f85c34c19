import initSqlJs, { type SqlJsStatic } from 'sql.js';

// SQLite through sql.js (WebAssembly, no native build): Anki's collection is an SQLite file. The
// module is loaded once per process, on the first import or export.

let loading: Promise<SqlJsStatic> | undefined;

export function sqlite(): Promise<SqlJsStatic> {
  loading ??= initSqlJs();
  return loading;
}
