import { type CurrentUser, USER_TYPES, type UserType } from '@estudai/contract/constants';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/** localStorage key of the signed-in user (spec §9), read for a fast first paint. */
export const CURRENT_USER_KEY = 'currentUser';

/**
 * The stored value as a `CurrentUser` (the contract's `currentUserSchema`, checked by hand: this
 * runs before the first paint, and zod loads only with the forms), or null.
 */
function asCurrentUser(value: unknown): CurrentUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, displayName, username, email, emailVerified, userType, avatar } = value as Record<
    string,
    unknown
  >;
  const isText = (field: unknown): field is string => typeof field === 'string';
  if (!isText(id) || !isText(displayName) || !isText(username) || !isText(email)) return null;
  if (typeof emailVerified !== 'boolean' || !(avatar === null || isText(avatar))) return null;
  if (!USER_TYPES.includes(userType as UserType)) return null;
  return { id, displayName, username, email, emailVerified, userType: userType as UserType, avatar };
}

/** The stored user, or null; a value that cannot be read is removed (spec §4). */
export function readStoredUser(): CurrentUser | null {
  try {
    const raw = localStorage.getItem(CURRENT_USER_KEY);
    if (raw === null) return null;
    const user = asCurrentUser(JSON.parse(raw));
    if (user) return user;
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
function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  return api.get<CurrentUser | null>('/auth/session', { signal, on401: 'return-null' });
}

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'],
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
