import type { InvitePreview } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

// What a group's invite link opens: its landing page (teaching) and the payment screen reached
// through it (payments, which shows the coupon) both read it.

const getGroupInvite = (code: string, signal?: AbortSignal) =>
  api.get<InvitePreview>(`/invites/${encodeURIComponent(code)}`, { signal });

const getGroupInviteQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['invites', code],
    queryFn: ({ signal }) => getGroupInvite(code, signal),
    // A link's uses and coupon change as others use it: read afresh each time it is opened.
    staleTime: 0,
  });

/** 404 unknown, 410 expired, revoked or used up. */
export const useGroupInvite = (code: string, enabled = true) =>
  useQuery({ ...getGroupInviteQueryOptions(code), enabled: enabled && code !== '' });
