import { and, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// Accent-insensitive Portuguese search without unaccent() in an index (it is not immutable): the
// app stores each searchable row's text already folded, and folds each query the same way.

/** Lower-case, without accents or cedilla, single spaces: 'Física Ação' → 'fisica acao'. */
export function foldForSearch(...parts: (string | readonly string[] | null | undefined)[]): string {
  return parts
    .flat()
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A folded query as a LIKE pattern, with LIKE's own wildcards escaped. */
export function likePattern(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** At most this many words of a query are matched (each one is a trigram index lookup). */
const MAX_WORDS = 8;

/**
 * Rows whose folded text holds every word of the folded query, in any order: 'revisao genetica'
 * finds 'Revisão de genética'. Each word is a LIKE the column's trigram index answers.
 */
export function matchesEveryWord(column: SQLWrapper, folded: string): SQL {
  const words = [...new Set(folded.split(' ').filter(Boolean))].slice(0, MAX_WORDS);
  return and(...words.map((word) => sql`${column} like ${likePattern(word)}`)) ?? sql`true`;
}
