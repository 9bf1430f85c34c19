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

export const SEARCH_MESSAGES = {
  queryEmpty: 'Digite o que você procura.',
  queryTooLong: `A busca deve ter no máximo ${SEARCH_QUERY_MAX} caracteres.`,
  typeInvalid: 'Escolha o que buscar: people, posts, groups ou questions.',
  cursorInvalid: 'O cursor da busca é inválido. Busque de novo.',
  /** What /busca shows when a tab finds nothing. */
  nothingFound: (query: string) => `Nada encontrado para “${query}”.`,
} as const;
