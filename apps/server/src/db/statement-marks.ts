/**
 * Comments that open the text of the app's hot statements, whose text is fixed (db/prepared.ts):
 * `prepared()` ones are named on PostgreSQL; on the embedded database both kinds run on a generic
 * plan once prepared (db/pglite-statements.ts). Apart from prepared.ts so PGlite's thread reads them
 * without loading Drizzle.
 */
export const PREPARED_MARK = '/* prepared */ ';
export const COMPILED_MARK = '/* compiled */ ';
