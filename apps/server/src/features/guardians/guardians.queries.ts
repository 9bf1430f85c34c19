import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { guardianApprovals, guardianLinks, studyGroups, users } from '../../db/schema/index.ts';

/** A new invitation of the teen's, replacing (at `now`) one still pending. */
export async function replacePendingInvitation(
  tx: Tx,
  invitation: { teenId: string; invitedEmail: string; tokenHash: string; expiresAt: Date },
  now: Date,
) {
  await tx
    .update(guardianLinks)
    .set({ status: 'replaced', endedAt: now })
    .where(and(eq(guardianLinks.teenId, invitation.teenId), eq(guardianLinks.status, 'pending')));
  const [row] = await tx
    .insert(guardianLinks)
    .values({ ...invitation, status: 'pending' })
    .returning();
  if (!row) throw new Error('guardian link insert returned no row');
  return row;
}

export async function findLinkByTokenHash(db: Tx, tokenHash: string) {
  const [link] = await db.select().from(guardianLinks).where(eq(guardianLinks.tokenHash, tokenHash)).limit(1);
  return link;
}

/** The pending link becomes active with its guardian (undefined: it was not pending any more). */
export async function activateLink(tx: Tx, linkId: string, guardianId: string, now: Date) {
  const [row] = await tx
    .update(guardianLinks)
    .set({ status: 'active', guardianId, acceptedAt: now })
    .where(and(eq(guardianLinks.id, linkId), eq(guardianLinks.status, 'pending')))
    .returning();
  return row;
}

export async function findPerson(tx: Tx, userId: string) {
  const [person] = await tx
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, userId));
  return person;
}

/** A link that is pending or active. */
export async function findOpenLink(db: Tx, linkId: string) {
  const [link] = await db
    .select()
    .from(guardianLinks)
    .where(and(eq(guardianLinks.id, linkId), inArray(guardianLinks.status, ['pending', 'active'])))
    .limit(1);
  return link;
}

export async function revokeLink(db: Tx, linkId: string, now: Date): Promise<void> {
  await db.update(guardianLinks).set({ status: 'revoked', endedAt: now }).where(eq(guardianLinks.id, linkId));
}

/** The teen behind an active link of this guardian. */
export async function findLinkedTeen(db: Tx, guardianId: string, teenId: string) {
  const [row] = await db
    .select({ teen: users })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.teenId))
    .where(
      and(
        eq(guardianLinks.teenId, teenId),
        eq(guardianLinks.guardianId, guardianId),
        eq(guardianLinks.status, 'active'),
      ),
    )
    .limit(1);
  return row?.teen;
}

/** The teen's paid-group asks waiting for the guardian, oldest first, with their groups. */
export function pendingApprovalRows(db: Tx, teenId: string) {
  return db
    .select({ approval: guardianApprovals, group: studyGroups })
    .from(guardianApprovals)
    .innerJoin(studyGroups, eq(studyGroups.id, guardianApprovals.studyGroupId))
    .where(and(eq(guardianApprovals.teenId, teenId), eq(guardianApprovals.status, 'pending')))
    .orderBy(asc(guardianApprovals.createdAt));
}

/** The guardian's active links with their teens, oldest first. */
export function activeLinksOf(db: Tx, guardianId: string) {
  return db
    .select({ link: guardianLinks, teen: users })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.teenId))
    .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.status, 'active')))
    .orderBy(asc(guardianLinks.acceptedAt));
}

export async function findApproval(db: Tx, approvalId: string) {
  const [approval] = await db
    .select()
    .from(guardianApprovals)
    .where(eq(guardianApprovals.id, approvalId))
    .limit(1);
  return approval;
}

/** The guardian's decision on a pending ask (undefined: it was answered already). */
export async function decidePendingApproval(
  tx: Tx,
  approvalId: string,
  decision: { status: 'approved' | 'refused'; decidedAt: Date; decidedBy: string },
) {
  const [row] = await tx
    .update(guardianApprovals)
    .set(decision)
    .where(and(eq(guardianApprovals.id, approvalId), eq(guardianApprovals.status, 'pending')))
    .returning();
  return row;
}

export async function groupNameOf(tx: Tx, groupId: string) {
  const [group] = await tx
    .select({ name: studyGroups.name })
    .from(studyGroups)
    .where(eq(studyGroups.id, groupId));
  return group?.name;
}
