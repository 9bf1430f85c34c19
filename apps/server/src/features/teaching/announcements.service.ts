import { type Announcement, TEACHING_MESSAGES } from '@estudai/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  currentMembershipSql,
  type GroupRow,
  requireGroupContentAccess,
  requireGroupManager,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { groupAnnouncements, groupMemberships, groupTeachers, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deliver, type NotifyInput, notify } from '../notifications/index.ts';

// 'Avisos' (issue 24): the owner or a co-teacher posts; the newest is pinned on top of the group and
// everyone in it (members, owner, co-teachers but the author) is notified — live on open tabs, and
// by Web Push where the push code allows it (a minor's quiet hours keep it in the app only).

const ANNOUNCEMENTS_SHOWN = 20;

/** Everyone in the group but `exceptId`: current members, the owner and the co-teachers. */
export async function groupAudience(db: Tx, group: GroupRow, exceptId: string): Promise<string[]> {
  const members = await db
    .select({ userId: groupMemberships.userId })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.studyGroupId, group.id), currentMembershipSql));
  const teachers = await db
    .select({ userId: groupTeachers.userId })
    .from(groupTeachers)
    .where(eq(groupTeachers.studyGroupId, group.id));
  const ids = new Set([group.ownerId, ...members.map((m) => m.userId), ...teachers.map((m) => m.userId)]);
  ids.delete(exceptId);
  return [...ids];
}

/** One notification per person of the group, recorded in the caller's transaction. */
export async function notifyGroup(
  tx: Tx,
  group: GroupRow,
  actorId: string,
  input: Omit<NotifyInput, 'userId' | 'actorId'>,
) {
  const audience = await groupAudience(tx, group, actorId);
  const rows = [];
  for (const userId of audience) rows.push(await notify(tx, { ...input, userId, actorId }));
  return rows;
}

export async function createAnnouncement(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  content: string,
): Promise<Announcement> {
  const { db } = ctx.database;
  const { group } = await requireGroupManager(db, groupId, viewer.id);
  const { row, notifications } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(groupAnnouncements)
      .values({ studyGroupId: group.id, authorId: viewer.id, content, createdAt: ctx.clock() })
      .returning();
    if (!inserted) throw new Error('insert returned no announcement');
    const told = await notifyGroup(tx, group, viewer.id, {
      type: 'study_group',
      title: TEACHING_MESSAGES.announcementNotificationTitle(group.name),
      message: content.length > 140 ? `${content.slice(0, 139)}…` : content,
      actionUrl: `/study-groups/${group.id}`,
      dedupeKey: `announcement:${inserted.id}`,
    });
    return { row: inserted, notifications: told };
  });
  deliver(ctx, notifications);
  return {
    id: row.id,
    studyGroupId: row.studyGroupId,
    authorId: viewer.id,
    authorName: viewer.displayName,
    authorAvatar: viewer.avatar ?? null,
    content: row.content,
    isPinned: true,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAnnouncements(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
): Promise<Announcement[]> {
  const { db } = ctx.database;
  const { group } = await requireGroupContentAccess(db, groupId, viewer.id);
  const rows = await db
    .select({ announcement: groupAnnouncements, authorName: users.displayName, authorAvatar: users.avatar })
    .from(groupAnnouncements)
    .innerJoin(users, eq(users.id, groupAnnouncements.authorId))
    .where(and(eq(groupAnnouncements.studyGroupId, group.id), ne(groupAnnouncements.content, '')))
    .orderBy(desc(groupAnnouncements.createdAt), desc(groupAnnouncements.id))
    .limit(ANNOUNCEMENTS_SHOWN);
  return rows.map(({ announcement, authorName, authorAvatar }, index) => ({
    id: announcement.id,
    studyGroupId: announcement.studyGroupId,
    authorId: announcement.authorId,
    authorName,
    authorAvatar,
    content: announcement.content,
    isPinned: index === 0,
    createdAt: announcement.createdAt.toISOString(),
  }));
}
