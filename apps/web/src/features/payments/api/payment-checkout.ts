import type {
  GuardianApprovalPending,
  Membership,
  Payment,
  PaymentMethod,
} from '@estudai/contract/constants';
import { api } from '../../../lib/api.ts';

const groupPath = (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}`;

/**
 * Starts a payment for the group's price; the server decides the amount, never the client (an invite
 * link's coupon included: `inviteCode` only names the link the buyer came through). A supervised teen
 * gets the guardian's approval asked for instead (202, `approvalId`): nothing is charged yet.
 */
export const createPayment = (
  { groupId, method, inviteCode }: { groupId: string; method: PaymentMethod; inviteCode?: string },
  signal?: AbortSignal,
) =>
  api.post<Payment | GuardianApprovalPending>(
    `${groupPath(groupId)}/payments`,
    inviteCode ? { method, inviteCode } : { method },
    {
      signal,
    },
  );

/** Joins a paid group: the server applies the viewer's approved payment (and answers the membership). */
export const joinPaidGroup = (groupId: string, signal?: AbortSignal) =>
  api.post<Membership>(`${groupPath(groupId)}/membership`, { action: 'join' }, { signal });

/** The viewer's membership of the group, or null when there is none. */
export const getMembership = (groupId: string, signal?: AbortSignal) =>
  api.get<Membership | null>(`${groupPath(groupId)}/membership`, { signal });

/** Leaves the app for the provider's checkout page (an object, so tests can watch it). */
export const checkoutRedirect = {
  go: (url: string) => window.location.assign(url),
};
