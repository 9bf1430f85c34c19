import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupMemberships, studyGroups, users } from '../../db/schema/index.ts';

// Renewal reminders (renewal-reminders.service.ts).

/**
 * Claims every active membership of an active paid group ending after `now` and by `soon` that was
 * not reminded of this end (`renewal_reminded_for`): an update only one process wins.
 */
export function claimRenewalReminders(db: Tx, now: Date, soon: Date) {
  const paidGroups = db
    .select({ id: studyGroups.id })
    .from(studyGroups)
    .where(and(eq(studyGroups.isPaid, true), eq(studyGroups.isActive, true)));
  return db
    .update(groupMemberships)
    .set({ renewalRemindedFor: groupMemberships.expiresAt })
    .where(
      and(
        eq(groupMemberships.status, 'active'),
        gt(groupMemberships.expiresAt, now),
        lte(groupMemberships.expiresAt, soon),
        sql`${groupMemberships.renewalRemindedFor} is distinct from ${groupMemberships.expiresAt}`,
        inArray(groupMemberships.studyGroupId, paidGroups),
      ),
    )
    .returning();
}

/** The group's name and the member's e-mail and name, for their reminder. */
export async function findReminderContact(db: Tx, groupId: string, userId: string) {
  const [row] = await db
    .select({ groupName: studyGroups.name, email: users.email, displayName: users.displayName })
    .from(studyGroups)
    .innerJoin(users, eq(users.id, userId))
    .where(eq(studyGroups.id, groupId));
  return row;
}
