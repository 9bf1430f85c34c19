import type { PageQuery, VideoCategoryFilter } from '@estudai/contract';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { currentMembershipSql, type GroupRow } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { groupMemberships, groupVideos, groupVideoViews, studyGroups, users } from '../../db/schema/index.ts';
import { foldForSearch, matchesEveryWord } from '../../lib/search-text.ts';
import { studyDay } from '../../lib/study-days.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { VideoGroupCard, VideoListRow, VideoRow } from './videos.present.ts';

/** Page `page` of a newest-first list: one row more than asked tells whether more remain. */
const pageWindow = ({ page, limit }: PageQuery) => ({ offset: (page - 1) * limit, take: limit + 1 });

export interface LibraryQuery extends PageQuery {
  search: string;
  category: VideoCategoryFilter;
}

/**
 * The library's rows: visible videos of active groups (whose owner is not suspended), newest first,
 * each with whether `viewerId` may watch it (owner or current member: docs/decisions/013).
 */
export async function listLibraryRows(
  db: Tx,
  viewerId: string,
  query: LibraryQuery,
): Promise<VideoListRow[]> {
  const conditions: SQL[] = [eq(groupVideos.isVisible, true)];
  if (query.category !== 'all') conditions.push(eq(groupVideos.category, query.category));
  const folded = foldForSearch(query.search);
  // search_text is folded the same way on every write; its trigram index serves this LIKE.
  if (folded) conditions.push(matchesEveryWord(groupVideos.searchText, folded));
  const { offset, take } = pageWindow(query);
  return db
    .select({
      video: {
        id: groupVideos.id,
        title: groupVideos.title,
        description: groupVideos.description,
        category: groupVideos.category,
        thumbnail: groupVideos.thumbnail,
        videoUrl: groupVideos.videoUrl,
        duration: groupVideos.duration,
        views: groupVideos.views,
        createdAt: groupVideos.createdAt,
      },
      group: { id: studyGroups.id, name: studyGroups.name },
      advertiser: { displayName: users.displayName, avatar: users.avatar },
      canWatch: sql<boolean>`(${studyGroups.ownerId} = ${viewerId} or exists (
        select 1 from ${groupMemberships}
        where ${groupMemberships.studyGroupId} = ${studyGroups.id} and ${groupMemberships.userId} = ${viewerId}
          and ${currentMembershipSql}))`,
    })
    .from(groupVideos)
    .innerJoin(studyGroups, and(eq(studyGroups.id, groupVideos.studyGroupId), eq(studyGroups.isActive, true)))
    .innerJoin(users, and(eq(users.id, studyGroups.ownerId), isNull(users.suspendedAt)))
    .where(and(...conditions))
    .orderBy(desc(groupVideos.createdAt), desc(groupVideos.id))
    .limit(take)
    .offset(offset);
}

/** One group's videos, newest first; hidden ones too when `withHidden`. */
export function listGroupVideoRows(
  db: Tx,
  groupId: string,
  withHidden: boolean,
  query: PageQuery,
): Promise<VideoRow[]> {
  const { offset, take } = pageWindow(query);
  return db
    .select()
    .from(groupVideos)
    .where(
      and(eq(groupVideos.studyGroupId, groupId), withHidden ? undefined : eq(groupVideos.isVisible, true)),
    )
    .orderBy(desc(groupVideos.createdAt), desc(groupVideos.id))
    .limit(take)
    .offset(offset);
}

/** A video of this group; null for an unknown or malformed id. */
export async function findVideo(db: Tx, groupId: string, videoId: string): Promise<VideoRow | null> {
  if (!isUuid(videoId)) return null;
  const [video] = await db
    .select()
    .from(groupVideos)
    .where(and(eq(groupVideos.id, videoId), eq(groupVideos.studyGroupId, groupId)))
    .limit(1);
  return video ?? null;
}

/** The group as a video shows it: name, price and its owner as the advertiser. */
export async function groupCard(db: Tx, group: GroupRow): Promise<VideoGroupCard> {
  const [owner] = await db
    .select({ displayName: users.displayName, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, group.ownerId))
    .limit(1);
  return {
    id: group.id,
    name: group.name,
    isPaid: group.isPaid,
    price: group.price,
    advertiser: { displayName: owner?.displayName ?? '', avatar: owner?.avatar ?? null },
  };
}

/** `userId`'s view of a video on `now`'s Brasília day: false when that day's view was recorded already. */
export async function recordView(tx: Tx, videoId: string, userId: string, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(groupVideoViews)
    .values({ videoId, userId, day: studyDay(now) })
    .onConflictDoNothing()
    .returning({ videoId: groupVideoViews.videoId });
  return inserted.length > 0;
}

/** One more view on the video's counter: the new count, or null if the video is gone. */
export async function bumpViews(tx: Tx, videoId: string): Promise<number | null> {
  const [video] = await tx
    .update(groupVideos)
    .set({ views: sql`${groupVideos.views} + 1` })
    .where(eq(groupVideos.id, videoId))
    .returning({ views: groupVideos.views });
  return video?.views ?? null;
}

export async function insertVideo(
  db: Tx,
  values: typeof groupVideos.$inferInsert,
): Promise<VideoRow | undefined> {
  const [video] = await db.insert(groupVideos).values(values).returning();
  return video;
}

export async function updateVideoRow(
  db: Tx,
  videoId: string,
  changes: Partial<typeof groupVideos.$inferInsert>,
): Promise<VideoRow | undefined> {
  const [video] = await db.update(groupVideos).set(changes).where(eq(groupVideos.id, videoId)).returning();
  return video;
}

/** Deletes a video of this group (its views go with it): false when there was none. */
export async function deleteVideoRow(db: Tx, groupId: string, videoId: string): Promise<boolean> {
  const deleted = await db
    .delete(groupVideos)
    .where(and(eq(groupVideos.id, videoId), eq(groupVideos.studyGroupId, groupId)))
    .returning({ id: groupVideos.id });
  return deleted.length > 0;
}
