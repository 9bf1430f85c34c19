import {
  type CreateVideoValues,
  type GroupVideo,
  type PageQuery,
  type UpdateVideoValues,
  VIDEO_MESSAGES,
  type VideoListItem,
} from '@estudai/contract';
import { type GroupAccess, groupAccess, requireGroupContentAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { pgErrorCode } from '../../lib/pg-errors.ts';
import { foldForSearch } from '../../lib/search-text.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { toGroupVideo, toVideoListItem } from './videos.present.ts';
import {
  bumpViews,
  deleteVideoRow,
  findVideo,
  groupCard,
  insertVideo,
  type LibraryQuery,
  listGroupVideoRows,
  listLibraryRows,
  recordView,
  updateVideoRow,
} from './videos.queries.ts';

export interface Page<T> {
  data: T[];
  hasMore: boolean;
}

const toPage = <R, T>(rows: R[], limit: number, present: (row: R) => T): Page<T> => ({
  data: rows.slice(0, limit).map(present),
  hasMore: rows.length > limit,
});

/**
 * Who may watch a group's videos (see the link and the advertiser links): its owner and current
 * members, in free and paid groups alike (docs/decisions/013); others see the card and the way in.
 */
const canWatch = ({ canAccess }: GroupAccess) => canAccess;

/** An inactive group keeps its videos for its owner and members, and shows them to nobody else. */
const canSeeGroupVideos = ({ group, canAccess }: GroupAccess) => group.isActive || canAccess;

const videoNotFound = () => notFound(VIDEO_MESSAGES.notFound);

/** The group, which must exist (404), and the caller, who must own it (403). */
async function requireOwner(db: Tx, groupId: string, viewer: SessionUser): Promise<GroupAccess> {
  const access = await groupAccess(db, groupId, viewer.id);
  if (!access.canManage) throw forbidden(VIDEO_MESSAGES.editForbidden);
  return access;
}

/**
 * `GET /api/videos`: the visible videos of active groups, newest first, matching the search
 * (accent- and case-insensitive, over title and description) and the category ('all': any).
 */
export async function listLibrary(
  ctx: AppContext,
  viewer: SessionUser,
  query: LibraryQuery,
): Promise<Page<VideoListItem>> {
  const rows = await listLibraryRows(ctx.database.db, viewer.id, query);
  return toPage(rows, query.limit, toVideoListItem);
}

/** `GET /api/study-groups/{groupId}/videos`: the group page's tab, for members; hidden videos only for the owner. */
export async function listGroupVideos(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  query: PageQuery,
): Promise<Page<GroupVideo>> {
  const { db } = ctx.database;
  // The tab is members-only content like the rest (decision 013): outsiders get 403, not cards.
  const access = await requireGroupContentAccess(db, groupId, viewer.id);
  const rows = await listGroupVideoRows(db, access.group.id, access.canManage, query);
  const card = await groupCard(db, access.group);
  const watch = canWatch(access);
  return toPage(rows, query.limit, (video) => toGroupVideo(video, card, watch));
}

/**
 * Counts `userId`'s view of a video once per Brasília day: the view row and the counter move
 * together in one transaction, and a second view the same day inserts nothing and counts nothing.
 * Answers the new count, or null when this view was already counted.
 */
function countView(db: Tx, videoId: string, userId: string, now: Date): Promise<number | null> {
  return db.transaction(async (tx) =>
    (await recordView(tx, videoId, userId, now)) ? bumpViews(tx, videoId) : null,
  );
}

/**
 * `GET /api/study-groups/{groupId}/videos/{videoId}`: the video for the video page. A viewer who
 * may watch it adds a view, once a day; the owner checking their own page is no audience, and
 * neither is a non-member who only sees the card.
 */
export async function getVideo(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  videoId: string,
): Promise<GroupVideo> {
  const { db } = ctx.database;
  const access = await groupAccess(db, groupId, viewer.id);
  const video = canSeeGroupVideos(access) ? await findVideo(db, access.group.id, videoId) : null;
  if (!video || (!video.isVisible && !access.canManage)) throw videoNotFound();
  const watch = canWatch(access);
  let views = video.views;
  if (watch && !access.canManage) {
    try {
      views = (await countView(db, video.id, viewer.id, ctx.clock())) ?? views;
    } catch (error) {
      // The video was deleted while we looked at it.
      if (pgErrorCode(error) === '23503') throw videoNotFound();
      throw error;
    }
  }
  return toGroupVideo({ ...video, views }, await groupCard(db, access.group), watch);
}

/** Owner only: a new video, visible unless said otherwise. */
export async function createVideo(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  input: CreateVideoValues,
): Promise<GroupVideo> {
  const { db } = ctx.database;
  const access = await requireOwner(db, groupId, viewer);
  const video = await ctx.events.transaction(async (tx) => {
    const inserted = await insertVideo(tx, {
      ...input,
      studyGroupId: access.group.id,
      uploadedBy: viewer.id,
      searchText: foldForSearch(input.title, input.description),
    });
    if (!inserted) throw new Error('the new video could not be read back');
    // The group's members hear of a video they can see (notifications/subscribers/groups.ts).
    if (inserted.isVisible)
      await ctx.events.emit(tx, 'group.contentAdded', {
        groupId: access.group.id,
        actorId: viewer.id,
        news: 'video',
      });
    return inserted;
  });
  return toGroupVideo(video, await groupCard(db, access.group), true);
}

/** Owner only: any field; `isVisible: false` hides the video from everyone else. */
export async function updateVideo(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  videoId: string,
  input: UpdateVideoValues,
): Promise<GroupVideo> {
  const { db } = ctx.database;
  const access = await requireOwner(db, groupId, viewer);
  const existing = await findVideo(db, access.group.id, videoId);
  if (!existing) throw videoNotFound();
  const video = await updateVideoRow(db, existing.id, {
    ...input,
    searchText: foldForSearch(input.title ?? existing.title, input.description ?? existing.description),
    updatedAt: ctx.clock(),
  });
  if (!video) throw videoNotFound();
  return toGroupVideo(video, await groupCard(db, access.group), true);
}

/** Owner only: the video and its views go. */
export async function deleteVideo(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  videoId: string,
): Promise<void> {
  const { db } = ctx.database;
  const access = await requireOwner(db, groupId, viewer);
  if (!isUuid(videoId)) throw videoNotFound();
  if (!(await deleteVideoRow(db, access.group.id, videoId))) throw videoNotFound();
}
