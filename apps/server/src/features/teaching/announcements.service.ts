import type { Announcement } from '@estudai/contract';
import { type GroupRow, requireGroupContentAccess, requireGroupManager } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  currentMemberIds,
  insertAnnouncement,
  listAnnouncementRows,
  teacherIds,
} from './announcements.queries.ts';

// 'Avisos' (issue 24): the owner or a co-teacher posts; the newest is pinned on top of the group and
// everyone in it (members, owner, co-teachers but the author) is notified — live on open tabs, and
// by Web Push where the push code allows it (a minor's quiet hours keep it in the app only).

const ANNOUNCEMENTS_SHOWN = 20;

/** Everyone in the group but `exceptId`: current members, the owner and the co-teachers. */
export async function groupAudience(db: Tx, group: GroupRow, exceptId: string): Promise<string[]> {
  const members = await currentMemberIds(db, group.id);
  const teachers = await teacherIds(db, group.id);
  const ids = new Set([group.ownerId, ...members.map((m) => m.userId), ...teachers.map((m) => m.userId)]);
  ids.delete(exceptId);
  return [...ids];
}

export async function createAnnouncement(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  content: string,
): Promise<Announcement> {
  const { db } = ctx.database;
  const { group } = await requireGroupManager(db, groupId, viewer.id);
  const row = await ctx.events.transaction(async (tx) => {
    const inserted = await insertAnnouncement(tx, {
      studyGroupId: group.id,
      authorId: viewer.id,
      content,
      createdAt: ctx.clock(),
    });
    if (!inserted) throw new Error('insert returned no announcement');
    // Everyone in the group hears of it (notifications/subscribers/teaching.ts).
    await ctx.events.emit(tx, 'teaching.announcementPosted', {
      announcementId: inserted.id,
      groupId: group.id,
      groupName: group.name,
      authorId: viewer.id,
      content,
      audience: await groupAudience(tx, group, viewer.id),
    });
    return inserted;
  });
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
  const rows = await listAnnouncementRows(db, group.id, ANNOUNCEMENTS_SHOWN);
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
