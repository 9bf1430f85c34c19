import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** The extensions the migrations create: every PGlite the app opens loads them. */
export const pgliteExtensions = { pg_trgm, unaccent };
