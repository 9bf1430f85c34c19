import {
  CO_TEACHER_TYPES,
  type GroupPermissions,
  type GroupTeacher,
  TEACHING_ERROR_CODES,
  TEACHING_MESSAGES,
} from '@estudai/contract';
import { and, asc, eq } from 'drizzle-orm';
import { groupAccess, requireGroupManager, requireGroupOwner } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { groupTeachers, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deliver, notify } from '../notifications/index.ts';

// Co-teachers (issue 24): professors, mentors or tutors the owner adds. They post, upload, moderate
// the forum and see the members (group-access.service `canManage`); price, invite links,
// co-teachers, earnings and refunds stay with the owner.

const teacherColumns = {
  userId: users.id,
  username: users.username,
  displayName: users.displayName,
  avatar: users.avatar,
  userType: users.userType,
};

export async function getPermissions(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
): Promise<GroupPermissions> {
  const access = await groupAccess(ctx.database.db, groupId, viewer.id);
  return {
    isOwner: access.isOwner,
    isTeacher: access.isTeacher,
    canManage: access.canManage,
    canAdminister: access.isOwner,
  };
}

export async function listTeachers(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
): Promise<GroupTeacher[]> {
  const { db } = ctx.database;
  const { group } = await requireGroupManager(db, groupId, viewer.id);
  const [owner] = await db.select(teacherColumns).from(users).where(eq(users.id, group.ownerId));
  const rows = await db
    .select({ ...teacherColumns, addedAt: groupTeachers.createdAt })
    .from(groupTeachers)
    .innerJoin(users, eq(users.id, groupTeachers.userId))
    .where(eq(groupTeachers.studyGroupId, group.id))
    .orderBy(asc(groupTeachers.createdAt), asc(users.id));
  return [
    ...(owner ? [{ ...owner, isOwner: true, addedAt: group.createdAt.toISOString() }] : []),
    ...rows.map((row) => ({ ...row, isOwner: false, addedAt: row.addedAt.toISOString() })),
  ];
}

export async function addTeacher(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  userId: string,
): Promise<GroupTeacher> {
  const { db } = ctx.database;
  const { group } = await requireGroupOwner(db, groupId, viewer.id);
  const [user] = isUuid(userId)
    ? await db
        .select({ ...teacherColumns, suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  if (!user || user.suspendedAt) throw notFound(TEACHING_MESSAGES.userNotFound);
  if (user.userId === group.ownerId) throw conflict(TEACHING_MESSAGES.teacherIsOwner);
  if (!(CO_TEACHER_TYPES as readonly string[]).includes(user.userType)) {
    throw badRequest(TEACHING_MESSAGES.teacherNotEligible, TEACHING_ERROR_CODES.notATeacher);
  }
  const { row, notification } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(groupTeachers)
      .values({ studyGroupId: group.id, userId: user.userId })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw conflict(TEACHING_MESSAGES.teacherAlready, TEACHING_ERROR_CODES.alreadyTeacher);
    const told = await notify(tx, {
      userId: user.userId,
      actorId: viewer.id,
      type: 'study_group',
      title: TEACHING_MESSAGES.teacherAddedNotificationTitle,
      message: TEACHING_MESSAGES.teacherAddedNotification(viewer.displayName, group.name),
      actionUrl: `/study-groups/${group.id}`,
    });
    return { row: inserted, notification: told };
  });
  deliver(ctx, [notification]);
  const { suspendedAt: _suspended, ...teacher } = user;
  return { ...teacher, isOwner: false, addedAt: row.createdAt.toISOString() };
}

export async function removeTeacher(ctx: AppContext, viewer: SessionUser, groupId: string, userId: string) {
  const { db } = ctx.database;
  const { group } = await requireGroupOwner(db, groupId, viewer.id);
  if (userId === group.ownerId) {
    throw conflict(TEACHING_MESSAGES.ownerNotRemovable, TEACHING_ERROR_CODES.ownerNotRemovable);
  }
  const removed = isUuid(userId)
    ? await db
        .delete(groupTeachers)
        .where(and(eq(groupTeachers.studyGroupId, group.id), eq(groupTeachers.userId, userId)))
        .returning()
    : [];
  if (removed.length === 0) throw notFound(TEACHING_MESSAGES.teacherNotFound);
}
