// The last searches, kept on this device only (issue 21): newest first, no repeats.

const STORAGE_KEY = 'recentSearches';
const RECENT_SEARCHES_MAX = 8;

export function recentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function store(list: string[]) {
  try {
    if (list.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: the list is simply not kept.
  }
}

export function rememberSearch(query: string): string[] {
  const folded = query.trim().toLocaleLowerCase('pt-BR');
  const list = [
    query.trim(),
    ...recentSearches().filter((item) => item.toLocaleLowerCase('pt-BR') !== folded),
  ]
    .filter(Boolean)
    .slice(0, RECENT_SEARCHES_MAX);
  store(list);
  return list;
}

export function clearRecentSearches(): string[] {
  store([]);
  return [];
}
