import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUserQueryOptions } from '../../../lib/current-user.ts';

const sessionKey = getCurrentUserQueryOptions().queryKey;

/** Follows changed: every cached profile and follow list is asked again (not the session). */
export const refreshProfiles = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === sessionKey[0] && queryKey[1] !== sessionKey[1],
  });
