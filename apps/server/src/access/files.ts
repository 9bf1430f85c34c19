import type { MediaSensitivity, ShownMedia } from '@estudai/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { mediaUploads, posts, users } from '../db/schema/index.ts';
import { ageBand, isMinorBand } from '../lib/ages.ts';
import { postVisibleTo } from './posts.ts';

// Issue 37: the files of posts (photos, PDFs) are read through the rule of the posts that hold them,
// on every request: a members-only group's file only by its current members, a followers-only
// author's only by their followers, never across a block. A removed member, or anyone handed the
// address, gets a 404. (Group materials and exports have routes of their own that check first.)

/** What the file rule needs to know about one stored post file and one viewer. */
export interface PostFileFacts {
  /** Some post holds this file. */
  heldByPost: boolean;
  /** One of those posts is visible to the viewer (`postVisibleTo`). */
  postVisible: boolean;
  /** Admins see what moderation asks them to judge, hidden posts too. */
  viewerIsAdmin: boolean;
  /**
   * The upload's record (`media_uploads`): whether the viewer sent it, and whether its post was
   * deleted (the file waits for the removal job). Null for a file uploaded before the records.
   */
  upload: { viewerIsUploader: boolean; removed: boolean } | null;
  /** Issue 43: the image check's result and whether the rule of `imageShownTo` lets this viewer see it. */
  imageShown: boolean;
}

/**
 * Whether a post's file is served to this viewer: never once its post was deleted; a posted one
 * only to who may read one of its posts, or to an admin; a fresh upload no post holds yet only to
 * its uploader (the composer shows it).
 */
export function postFileServed(facts: PostFileFacts): boolean {
  if (facts.upload?.removed || !facts.imageShown) return false;
  if (facts.heldByPost) return facts.postVisible || facts.viewerIsAdmin;
  return facts.upload === null || facts.upload.viewerIsUploader || facts.viewerIsAdmin;
}

/** No account has this id: what an anonymous request is asked as. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * The facts of `postFileServed` for the file at `url` (as `mediaUrls` keeps it), kept under `key`,
 * and a viewer (null: not signed in). The GIN index on `posts.media_urls` answers the containment.
 */
export async function loadPostFileFacts(
  db: Tx,
  viewer: { id: string; userType: string; birthDate: string | null } | null,
  file: { url: string; key: string },
  now: Date,
): Promise<PostFileFacts> {
  const [rows, [upload]] = await Promise.all([
    db
      .select({ visible: sql<boolean>`${postVisibleTo(viewer?.id ?? NOBODY)}` })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(sql`${posts.mediaUrls} @> array[${file.url}]::text[]`)
      .limit(20),
    db
      .select({
        uploaderId: mediaUploads.uploaderId,
        removedAt: mediaUploads.removedAt,
        sensitivity: mediaUploads.sensitivity,
      })
      .from(mediaUploads)
      .where(eq(mediaUploads.key, file.key)),
  ]);
  return {
    heldByPost: rows.length > 0,
    postVisible: rows.some((row) => row.visible),
    viewerIsAdmin: viewer?.userType === 'admin',
    upload: upload
      ? { viewerIsUploader: upload.uploaderId === viewer?.id, removed: upload.removedAt !== null }
      : null,
    imageShown: !upload || imageShownTo(upload, imageViewer(viewer, now)),
  };
}

// Issue 43 (decision 051): what the image check said of an upload decides who gets its address.
// An adult gets a sensitive image's URL (the client blurs it behind 'Conteúdo sensível — toque
// para ver'); a minor never does, nor a signed-out visitor (whose age nobody knows); a blocked one
// is for its uploader alone until a moderator decides; admins see everything they must judge.

/** Who looks at an image, as far as the image rule asks. */
export interface ImageViewer {
  id: string;
  isMinor: boolean;
  isAdmin: boolean;
}

/** The viewer of the image rule for a signed-in person (null: a signed-out visitor, taken as a minor). */
export function imageViewer(
  user: { id: string; birthDate: string | null; userType: string } | null,
  now: Date,
): ImageViewer {
  if (!user) return { id: NOBODY, isMinor: true, isAdmin: false };
  return {
    id: user.id,
    isMinor: isMinorBand(ageBand(user.birthDate, now)),
    isAdmin: user.userType === 'admin',
  };
}

/** Whether an image with this check result, sent by `uploaderId`, reaches this viewer (its URL, its file). */
export function imageShownTo(
  image: { sensitivity: MediaSensitivity; uploaderId: string | null },
  viewer: ImageViewer,
): boolean {
  if (viewer.isAdmin || (image.uploaderId !== null && image.uploaderId === viewer.id)) return true;
  if (image.sensitivity === 'blocked') return false;
  if (image.sensitivity === 'sensitive') return !viewer.isMinor;
  return true;
}

/** One image of a reply as this viewer gets it: the URL only when `imageShownTo`, its check result always. */
export function shownImage(
  image: { url: string; sensitivity: MediaSensitivity; uploaderId: string | null },
  viewer: ImageViewer,
): ShownMedia {
  return { url: imageShownTo(image, viewer) ? image.url : null, sensitivity: image.sensitivity };
}

/** A cover's or an avatar's file (`/media/covers/…`, `/media/avatars/…`): served unless the image rule keeps it from this viewer (none recorded: served). */
export async function storedImageServed(
  db: Tx,
  viewer: { id: string; userType: string; birthDate: string | null } | null,
  key: string,
  now: Date,
): Promise<boolean> {
  const [upload] = await db
    .select({ uploaderId: mediaUploads.uploaderId, sensitivity: mediaUploads.sensitivity })
    .from(mediaUploads)
    .where(eq(mediaUploads.key, key));
  return !upload || imageShownTo(upload, imageViewer(viewer, now));
}
