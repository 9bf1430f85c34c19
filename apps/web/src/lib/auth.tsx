import type { CurrentUser } from '@estudai/contract/constants';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api, endSession } from './api.ts';
import {
  CURRENT_USER_KEY,
  getCurrentUserQueryOptions,
  readStoredUser,
  writeStoredUser,
} from './current-user.ts';

interface AuthContextValue {
  /** The signed-in user; null when signed out. */
  user: CurrentUser | null;
  /** True until the first answer about the session (spec §2: 'Carregando...'). */
  isLoading: boolean;
  /** True while `user` is the stored copy, shown for a fast first paint, and the server is still asked. */
  isConfirming: boolean;
  /** After a login or sign-up: keep the user the server answered with. */
  setUser(user: CurrentUser | null): void;
  /** Asks the server again (e.g. after the e-mail was confirmed elsewhere). */
  refresh(): Promise<CurrentUser | null>;
  /** Ends the session on the server and forgets the user here and in the other tabs. */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);
const { queryKey } = getCurrentUserQueryOptions();
const queryHash = hashKey(queryKey);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [storedUser] = useState(readStoredUser);
  const query = useQuery({ ...getCurrentUserQueryOptions(), placeholderData: storedUser ?? undefined });

  const setUser = useCallback(
    (next: CurrentUser | null) => {
      const previous = queryClient.getQueryData(queryKey);
      // A session check still in flight must not overwrite what we now know.
      void queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, next);
      if (!next || (previous && previous.id !== next.id)) {
        // Another account's cached data must not show: drop everything but the session itself.
        queryClient.removeQueries({ predicate: (q) => q.queryHash !== queryHash });
      }
    },
    [queryClient],
  );

  const { refetch } = query;
  const refresh = useCallback(async () => (await refetch()).data ?? null, [refetch]);

  const logout = useCallback(async () => {
    try {
      await endSession(
        () => api.post('/auth/logout'),
        () => setUser(null),
      );
    } catch {
      // Unreachable server: this device forgets the user all the same.
      setUser(null);
    }
  }, [setUser]);

  // Keep localStorage in step with what the server confirmed.
  const confirmed = query.isSuccess && !query.isPlaceholderData;
  useEffect(() => {
    if (confirmed) writeStoredUser(query.data ?? null);
  }, [confirmed, query.data]);

  // Another tab signed in or out: follow it.
  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key === CURRENT_USER_KEY || event.key === null) setUser(readStoredUser());
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [setUser]);

  // Without an answer (server down, offline) the stored user keeps the app usable.
  const user = query.data !== undefined ? query.data : query.isError ? storedUser : null;
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading: query.isPending,
      isConfirming: query.isPlaceholderData,
      setUser,
      refresh,
      logout,
    }),
    [user, query.isPending, query.isPlaceholderData, setUser, refresh, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>.');
  return context;
}

/**
 * A guardian's account ('Responsável', issue 36): no study of its own (no timer, study pages nor
 * study plan), its dashboard in their place.
 */
export function isGuardianAccount(user: { userType: string } | null | undefined): boolean {
  return user?.userType === 'responsavel';
}
