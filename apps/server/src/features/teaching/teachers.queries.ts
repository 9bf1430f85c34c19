import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupTeachers, users } from '../../db/schema/index.ts';

// Co-teachers (teachers.service.ts).

const teacherColumns = {
  userId: users.id,
  username: users.username,
  displayName: users.displayName,
  avatar: users.avatar,
  userType: users.userType,
};

/** A user as the teachers' list shows them, or undefined. */
export async function findTeacherUser(db: Tx, userId: string) {
  const [user] = await db.select(teacherColumns).from(users).where(eq(users.id, userId));
  return user;
}

/** A user who may be added as a co-teacher, with whether they are suspended, or undefined. */
export async function findTeacherCandidate(db: Tx, userId: string) {
  const [user] = await db
    .select({ ...teacherColumns, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** The group's co-teachers, the first added first. */
export function listTeacherRows(db: Tx, groupId: string) {
  return db
    .select({ ...teacherColumns, addedAt: groupTeachers.createdAt })
    .from(groupTeachers)
    .innerJoin(users, eq(users.id, groupTeachers.userId))
    .where(eq(groupTeachers.studyGroupId, groupId))
    .orderBy(asc(groupTeachers.createdAt), asc(users.id));
}

/** A new co-teacher, or undefined when they are one already. */
export async function insertTeacher(tx: Tx, groupId: string, userId: string) {
  const [inserted] = await tx
    .insert(groupTeachers)
    .values({ studyGroupId: groupId, userId })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

/** Removes a co-teacher: false when they were not one. */
export async function deleteTeacher(db: Tx, groupId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(groupTeachers)
    .where(and(eq(groupTeachers.studyGroupId, groupId), eq(groupTeachers.userId, userId)))
    .returning();
  return removed.length > 0;
}
