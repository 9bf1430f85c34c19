// Issue 21 search: one box, four kinds of result.

export const SEARCH_TYPES = ['people', 'posts', 'groups', 'questions'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The tabs of /busca, in order. */
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  people: 'Pessoas',
  posts: 'Posts',
  groups: 'Grupos',
  questions: 'Questões',
};

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE = 20;

/** A hashtag is letters, digits and '_', at most this long (issue 21). */
export const HASHTAG_MAX = 100;
/** The right column's 'Em alta': the tags most used on the main feed over these last days. */
export const TRENDING_TAGS_DAYS = 7;
export const TRENDING_TAGS_LIMIT = 10;

export const SEARCH_MESSAGES = {
  hashtagTooLong: `A hashtag deve ter no máximo ${HASHTAG_MAX} caracteres.`,
  queryEmpty: 'Digite o que você procura.',
  queryTooLong: `A busca deve ter no máximo ${SEARCH_QUERY_MAX} caracteres.`,
  typeInvalid: 'Escolha o que buscar: people, posts, groups ou questions.',
  cursorInvalid: 'O cursor da busca é inválido. Busque de novo.',
  groupInvalid: 'Grupo inválido.',
  /** What /busca shows when a tab finds nothing. */
  nothingFound: (query: string) => `Nada encontrado para “${query}”.`,
} as const;
