import { MINORS_ERROR_CODES, MINORS_MESSAGES, type Supervision } from '@estudai/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { guardianLinks, users } from '../../db/schema/index.ts';
import { type AgeBand, ageBand, isMinorBand } from '../../lib/ages.ts';
import { forbidden } from '../../lib/errors.ts';

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
  const protectedMode = band !== 'teen' && supervision.status !== 'active';
  return { band, isMinor, supervision, protectedMode };
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

const birthDateNeeded = () =>
  forbidden(MINORS_MESSAGES.birthDateNeeded, MINORS_ERROR_CODES.birthDateRequired);

/**
 * Chat for this person at all: their age known and not in 'modo protegido'. `self` picks the
 * message: one's own protected mode, or the other person's.
 */
export async function requireChatCapable(db: Tx, person: Person, self: boolean): Promise<MinorStatus> {
  const status = await minorStatus(db, person);
  if (status.band === 'unknown' && self) throw birthDateNeeded();
  if (status.protectedMode) {
    throw forbidden(
      self ? MINORS_MESSAGES.protectedChat : MINORS_MESSAGES.partnerProtected,
      MINORS_ERROR_CODES.protectedMode,
    );
  }
  return status;
}

/** Paid groups for this person: age known, not in 'modo protegido'. Answers their status. */
export async function requirePaidCapable(db: Tx, person: Person): Promise<MinorStatus> {
  const status = await minorStatus(db, person);
  if (status.band === 'unknown') throw birthDateNeeded();
  if (status.protectedMode) throw forbidden(MINORS_MESSAGES.protectedPaid, MINORS_ERROR_CODES.protectedMode);
  return status;
}
