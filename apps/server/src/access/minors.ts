import { MINORS_ERROR_CODES, MINORS_MESSAGES, type Supervision } from '@estudai/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { guardianLinks, users } from '../db/schema/index.ts';
import { type AgeBand, ageBand, isMinorBand } from '../lib/ages.ts';
import { AppError, forbidden, notFound } from '../lib/errors.ts';
import { sha256 } from '../lib/tokens.ts';

// Who is a minor, who is supervised and who is in 'modo protegido': the one place the protective
// rules of issue 25 ask (docs/decisions/016). Chat, payments, groups and profiles call these.

interface Person {
  id: string;
  birthDate: string | null;
}

export interface MinorStatus {
  band: AgeBand;
  isMinor: boolean;
  supervision: Supervision;
  /** Under 16 without a confirmed guardian: no chat, no paid groups. */
  protectedMode: boolean;
}

/** The teen's active link, else their pending invitation, with the guardian's name once active. */
async function currentLink(db: Tx, teenId: string) {
  const [row] = await db
    .select({ link: guardianLinks, guardianName: users.displayName })
    .from(guardianLinks)
    .leftJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(and(eq(guardianLinks.teenId, teenId), inArray(guardianLinks.status, ['pending', 'active'])))
    .orderBy(sql`${guardianLinks.status} = 'active' desc`, desc(guardianLinks.createdAt))
    .limit(1);
  return row;
}

/**
 * The protective rule, as a table: only minors have guardian links; under 16 without an active
 * guardian is 'modo protegido' (no chat, no paid groups); teens of 16–17 are never in it.
 */
export function protectedModeFor(band: AgeBand, supervision: Supervision['status']): boolean {
  return isMinorBand(band) && band !== 'teen' && supervision !== 'active';
}

/** Adults (and unknown ages) cost no query: only minors have guardian links. */
export async function minorStatus(db: Tx, person: Person, now = new Date()): Promise<MinorStatus> {
  const band = ageBand(person.birthDate, now);
  const isMinor = isMinorBand(band);
  if (!isMinor) return { band, isMinor, supervision: { status: 'none' }, protectedMode: false };
  const row = await currentLink(db, person.id);
  const supervision: Supervision = !row
    ? { status: 'none' }
    : row.link.status === 'active'
      ? {
          status: 'active',
          guardianName: row.guardianName ?? undefined,
          linkId: row.link.id,
          canEnd: band === 'teen',
        }
      : { status: 'pending', invitedEmail: row.link.invitedEmail, linkId: row.link.id };
  return { band, isMinor, supervision, protectedMode: protectedModeFor(band, supervision.status) };
}

/** The active guardian of a teen, if any. */
export async function activeGuardianId(db: Tx, teenId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ guardianId: guardianLinks.guardianId })
    .from(guardianLinks)
    .where(and(eq(guardianLinks.teenId, teenId), eq(guardianLinks.status, 'active')))
    .limit(1);
  return row?.guardianId ?? undefined;
}

/** Whether `guardianId` is the active guardian of `teenId`. */
export async function isGuardianOf(db: Tx, guardianId: string, teenId: string): Promise<boolean> {
  return (await activeGuardianId(db, teenId)) === guardianId;
}

/**
 * The teen's invitation behind a guardian's mail link while it can still be confirmed: pending and
 * not expired (issue 36). A guardian account is created only from one, and its page names the teen.
 * Unknown: 404; used or revoked: 410; replaced or expired: 410, in the words `acceptGuardianLink` uses.
 */
export async function openGuardianInvite(db: Tx, token: string, now: Date) {
  const [row] = await db
    .select({
      status: guardianLinks.status,
      expiresAt: guardianLinks.expiresAt,
      teenName: users.displayName,
      teenAvatar: users.avatar,
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.teenId))
    .where(eq(guardianLinks.tokenHash, sha256(token)))
    .limit(1);
  if (!row) throw notFound(MINORS_MESSAGES.inviteNotFound);
  const problem = guardianInviteClosed(row, now);
  if (problem) throw problem;
  return { teenName: row.teenName, teenAvatar: row.teenAvatar, expiresAt: row.expiresAt };
}

/** Why an invitation can no longer be confirmed (410): used or revoked, replaced or expired. */
export function guardianInviteClosed(
  link: { status: string; expiresAt: Date },
  now: Date,
): AppError | undefined {
  const gone = (message: string) => new AppError(410, MINORS_ERROR_CODES.inviteGone, message);
  if (link.status === 'active' || link.status === 'revoked') return gone(MINORS_MESSAGES.inviteUsed);
  if (link.status !== 'pending' || link.expiresAt <= now) return gone(MINORS_MESSAGES.inviteExpired);
  return undefined;
}

/** What a person may do on their own, by their status: chat and paid groups. */
export type MinorAction = 'chat' | 'chatWith' | 'joinPaid';

/**
 * The refusal (message and code) of an action for a person of this status, or null: an unknown age
 * must give a birth date first (for their own chat and for paid groups); 'modo protegido' refuses
 * both, naming whose protected mode it is.
 */
export function minorRefusal(
  status: Pick<MinorStatus, 'band' | 'protectedMode'>,
  action: MinorAction,
): { message: string; code: string } | null {
  if (status.band === 'unknown' && action !== 'chatWith')
    return { message: MINORS_MESSAGES.birthDateNeeded, code: MINORS_ERROR_CODES.birthDateRequired };
  if (!status.protectedMode) return null;
  const message =
    action === 'chat'
      ? MINORS_MESSAGES.protectedChat
      : action === 'chatWith'
        ? MINORS_MESSAGES.partnerProtected
        : MINORS_MESSAGES.protectedPaid;
  return { message, code: MINORS_ERROR_CODES.protectedMode };
}

async function requireMinorAllows(db: Tx, person: Person, action: MinorAction): Promise<MinorStatus> {
  const status = await minorStatus(db, person);
  const refusal = minorRefusal(status, action);
  if (refusal) throw forbidden(refusal.message, refusal.code);
  return status;
}

/** Paid groups for this person: age known, not in 'modo protegido'. Answers their status. */
export function requirePaidCapable(db: Tx, person: Person): Promise<MinorStatus> {
  return requireMinorAllows(db, person, 'joinPaid');
}
