import {
  CO_TEACHER_TYPES,
  type GroupPermissions,
  type GroupTeacher,
  TEACHING_ERROR_CODES,
  TEACHING_MESSAGES,
} from '@estudai/contract';
import { groupAccess, requireGroupManager, requireGroupOwner } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  deleteTeacher,
  findTeacherCandidate,
  findTeacherUser,
  insertTeacher,
  listTeacherRows,
} from './teachers.queries.ts';

// Co-teachers (issue 24): professors, mentors or tutors the owner adds. They post, upload, moderate
// the forum and see the members (group-access.service `canManage`); price, invite links,
// co-teachers, earnings and refunds stay with the owner.

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
  const owner = await findTeacherUser(db, group.ownerId);
  const rows = await listTeacherRows(db, group.id);
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
  const user = isUuid(userId) ? await findTeacherCandidate(db, userId) : undefined;
  if (!user || user.suspendedAt) throw notFound(TEACHING_MESSAGES.userNotFound);
  if (user.userId === group.ownerId) throw conflict(TEACHING_MESSAGES.teacherIsOwner);
  if (!(CO_TEACHER_TYPES as readonly string[]).includes(user.userType)) {
    throw badRequest(TEACHING_MESSAGES.teacherNotEligible, TEACHING_ERROR_CODES.notATeacher);
  }
  const row = await ctx.events.transaction(async (tx) => {
    const inserted = await insertTeacher(tx, group.id, user.userId);
    if (!inserted) throw conflict(TEACHING_MESSAGES.teacherAlready, TEACHING_ERROR_CODES.alreadyTeacher);
    // The new co-teacher hears of it (notifications/subscribers/teaching.ts).
    await ctx.events.emit(tx, 'teaching.teacherAdded', {
      groupId: group.id,
      groupName: group.name,
      teacherId: user.userId,
      addedBy: viewer.id,
      addedByName: viewer.displayName,
    });
    return inserted;
  });
  const { suspendedAt: _suspended, ...teacher } = user;
  return { ...teacher, isOwner: false, addedAt: row.createdAt.toISOString() };
}

export async function removeTeacher(ctx: AppContext, viewer: SessionUser, groupId: string, userId: string) {
  const { db } = ctx.database;
  const { group } = await requireGroupOwner(db, groupId, viewer.id);
  if (userId === group.ownerId) {
    throw conflict(TEACHING_MESSAGES.ownerNotRemovable, TEACHING_ERROR_CODES.ownerNotRemovable);
  }
  const removed = isUuid(userId) ? await deleteTeacher(db, group.id, userId) : false;
  if (!removed) throw notFound(TEACHING_MESSAGES.teacherNotFound);
}
