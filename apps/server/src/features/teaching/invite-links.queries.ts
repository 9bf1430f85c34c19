import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupInviteLinks, groupInviteUses, users } from '../../db/schema/index.ts';
import type { InviteLinkRow } from '../payments/index.ts';

// Invite links (invite-links.service.ts); their coupons are the payments' (payments/coupons).

export async function insertInviteLink(
  db: Tx,
  values: typeof groupInviteLinks.$inferInsert,
): Promise<InviteLinkRow | undefined> {
  const [row] = await db.insert(groupInviteLinks).values(values).returning();
  return row;
}

/** The group's links, the newest first. */
export function listInviteLinkRows(db: Tx, groupId: string): Promise<InviteLinkRow[]> {
  return db
    .select()
    .from(groupInviteLinks)
    .where(eq(groupInviteLinks.studyGroupId, groupId))
    .orderBy(desc(groupInviteLinks.createdAt), desc(groupInviteLinks.id));
}

export async function setLinkRevokedAt(
  db: Tx,
  linkId: string,
  revokedAt: Date,
): Promise<InviteLinkRow | undefined> {
  const [row] = await db
    .update(groupInviteLinks)
    .set({ revokedAt })
    .where(eq(groupInviteLinks.id, linkId))
    .returning();
  return row;
}

export async function findDisplayName(db: Tx, userId: string): Promise<string | undefined> {
  const [owner] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, userId));
  return owner?.name;
}

/** The user's use of the link, once: false when they used it before. */
export async function insertLinkUse(tx: Tx, linkId: string, userId: string): Promise<boolean> {
  const [fresh] = await tx
    .insert(groupInviteUses)
    .values({ linkId, userId })
    .onConflictDoNothing()
    .returning();
  return Boolean(fresh);
}

/** One more use of the link, unless it has none left: false then. */
export async function countLinkUse(tx: Tx, linkId: string): Promise<boolean> {
  const [counted] = await tx
    .update(groupInviteLinks)
    .set({ usesCount: sql`${groupInviteLinks.usesCount} + 1` })
    .where(
      and(
        eq(groupInviteLinks.id, linkId),
        sql`(${groupInviteLinks.maxUses} is null or ${groupInviteLinks.usesCount} < ${groupInviteLinks.maxUses})`,
      ),
    )
    .returning({ id: groupInviteLinks.id });
  return Boolean(counted);
}
