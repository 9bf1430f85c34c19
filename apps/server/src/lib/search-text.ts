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
