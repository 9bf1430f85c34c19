import { and, desc, eq, ne } from 'drizzle-orm';
import { currentMembershipSql } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { groupAnnouncements, groupMemberships, groupTeachers, users } from '../../db/schema/index.ts';

// 'Avisos' (announcements.service.ts), and who is in a group (its audience).

/** The group's current members. */
export function currentMemberIds(db: Tx, groupId: string): Promise<{ userId: string }[]> {
  return db
    .select({ userId: groupMemberships.userId })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.studyGroupId, groupId), currentMembershipSql));
}

/** The group's co-teachers. */
export function teacherIds(db: Tx, groupId: string): Promise<{ userId: string }[]> {
  return db
    .select({ userId: groupTeachers.userId })
    .from(groupTeachers)
    .where(eq(groupTeachers.studyGroupId, groupId));
}

export async function insertAnnouncement(db: Tx, values: typeof groupAnnouncements.$inferInsert) {
  const [inserted] = await db.insert(groupAnnouncements).values(values).returning();
  return inserted;
}

/** The group's newest announcements with text, with their authors. */
export function listAnnouncementRows(db: Tx, groupId: string, limit: number) {
  return db
    .select({ announcement: groupAnnouncements, authorName: users.displayName, authorAvatar: users.avatar })
    .from(groupAnnouncements)
    .innerJoin(users, eq(users.id, groupAnnouncements.authorId))
    .where(and(eq(groupAnnouncements.studyGroupId, groupId), ne(groupAnnouncements.content, '')))
    .orderBy(desc(groupAnnouncements.createdAt), desc(groupAnnouncements.id))
    .limit(limit);
}
