import { type CurrentUser, currentUserSchema } from '@estudai/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/** localStorage key of the signed-in user (spec §9), read for a fast first paint. */
export const CURRENT_USER_KEY = 'currentUser';

/** The stored user, or null; a value that cannot be read is removed (spec §4). */
export function readStoredUser(): CurrentUser | null {
  try {
    const raw = localStorage.getItem(CURRENT_USER_KEY);
    if (raw === null) return null;
    const parsed = currentUserSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Unparseable JSON or storage refused: treated like a damaged value below.
  }
  try {
    localStorage.removeItem(CURRENT_USER_KEY);
  } catch {
    // Nothing more to do when storage itself is unavailable.
  }
  return null;
}

export function writeStoredUser(user: CurrentUser | null) {
  try {
    if (user) localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(CURRENT_USER_KEY);
  } catch {
    // Storage refused: the session cookie still holds the sign-in; only the fast first paint is lost.
  }
}

/** Who is signed in, asked of the server; null when nobody is (the call answers 200 either way). */
export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  return api.get<CurrentUser | null>('/auth/session', { signal, on401: 'return-null' });
}

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'],
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
