import type { MediaSensitivity, ShownMedia } from '@estudai/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  deckCards,
  decks,
  essayPrompts,
  essays,
  mediaUploads,
  postAnswers,
  posts,
  questionResolutions,
  users,
} from '../db/schema/index.ts';
import { ageBand, isMinorBand } from '../lib/ages.ts';
import { uploadKeyOf } from '../plugins/media.ts';
import { deckVisibleSql } from './decks.ts';
import { groupAccess } from './groups.ts';
import { postVisibleTo } from './posts.ts';
import { resolutionAccess } from './resolutions.ts';

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

/** Who asks for a file (null: not signed in). */
export type FileViewer = { id: string; userType: string; birthDate: string | null } | null;

/**
 * What every file rule asks of the upload's record (`media_uploads`): whether the viewer sent it,
 * whether it was removed, whether the image rule lets them see it (a file with no record: yes), and
 * whether they are an admin.
 */
async function uploadFactsOf(db: Tx, key: string, viewer: FileViewer, now: Date) {
  const [upload] = await db
    .select({
      uploaderId: mediaUploads.uploaderId,
      removedAt: mediaUploads.removedAt,
      sensitivity: mediaUploads.sensitivity,
    })
    .from(mediaUploads)
    .where(eq(mediaUploads.key, key));
  return {
    upload: upload
      ? { viewerIsUploader: upload.uploaderId === viewer?.id, removed: upload.removedAt !== null }
      : null,
    imageShown: !upload || imageShownTo(upload, imageViewer(viewer, now)),
    viewerIsAdmin: viewer?.userType === 'admin',
  };
}

/**
 * The facts of `postFileServed` for the file at `url` (as `mediaUrls` keeps it), kept under `key`,
 * and a viewer (null: not signed in). The GIN index on `posts.media_urls` answers the containment.
 */
export async function loadPostFileFacts(
  db: Tx,
  viewer: FileViewer,
  file: { url: string; key: string },
  now: Date,
): Promise<PostFileFacts> {
  const [rows, upload] = await Promise.all([
    db
      .select({ visible: sql<boolean>`${postVisibleTo(viewer?.id ?? NOBODY)}` })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(sql`${posts.mediaUrls} @> array[${file.url}]::text[]`)
      .limit(20),
    uploadFactsOf(db, file.key, viewer, now),
  ]);
  return { ...upload, heldByPost: rows.length > 0, postVisible: rows.some((row) => row.visible) };
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

/**
 * A cover's or an avatar's file (`/media/covers/…`, `/media/avatars/…`): served unless it was removed
 * (a replaced avatar, issue 37) or the image rule keeps it from this viewer (none recorded: served).
 */
export async function storedImageServed(
  db: Tx,
  viewer: FileViewer,
  key: string,
  now: Date,
): Promise<boolean> {
  const [upload] = await db
    .select({
      uploaderId: mediaUploads.uploaderId,
      sensitivity: mediaUploads.sensitivity,
      removedAt: mediaUploads.removedAt,
    })
    .from(mediaUploads)
    .where(eq(mediaUploads.key, key));
  if (upload?.removedAt) return false;
  return !upload || imageShownTo(upload, imageViewer(viewer, now));
}

type UploadPurpose = (typeof mediaUploads.$inferInsert)['purpose'];

/**
 * Issue 37 (posts) and 38 (essays): whether every address is a file `uploaderId` sent through
 * `POST /api/media` for `purpose` and still kept — what a post or an essay may hold. An outside
 * address (which would let its owner log every reader's IP) or someone else's upload is not.
 */
export async function allOwnUploads(
  db: Tx,
  publicUrl: string,
  uploaderId: string,
  urls: string[],
  purpose: UploadPurpose,
): Promise<boolean> {
  const keys = urls.map((url) => uploadKeyOf(publicUrl, url));
  if (keys.some((key) => key === null)) return false;
  const wanted = [...new Set(keys as string[])];
  if (wanted.length === 0) return true;
  const rows = await db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(
      and(
        inArray(mediaUploads.key, wanted),
        eq(mediaUploads.uploaderId, uploaderId),
        eq(mediaUploads.purpose, purpose),
        isNull(mediaUploads.removedAt),
      ),
    );
  return rows.length === wanted.length;
}

/**
 * Issue 43: these images (addresses as a reply holds them) as this viewer gets them. An address
 * with no upload record (the demo's, or from before the records) is 'ok'; a removed upload has no
 * entry (the reply leaves it out).
 */
export async function shownImagesOf(
  db: Tx,
  publicUrl: string,
  viewer: ImageViewer,
  urls: string[],
): Promise<Map<string, ShownMedia>> {
  const keyOf = new Map(urls.map((url) => [url, uploadKeyOf(publicUrl, url)]));
  const keys = [...keyOf.values()].filter((key): key is string => key !== null);
  const rows = keys.length
    ? await db
        .select({
          key: mediaUploads.key,
          uploaderId: mediaUploads.uploaderId,
          sensitivity: mediaUploads.sensitivity,
          removedAt: mediaUploads.removedAt,
        })
        .from(mediaUploads)
        .where(inArray(mediaUploads.key, keys))
    : [];
  const upload = new Map(rows.map((row) => [row.key, row]));
  const shown = new Map<string, ShownMedia>();
  for (const [url, key] of keyOf) {
    const row = key ? upload.get(key) : undefined;
    if (!row) shown.set(url, { url, sensitivity: 'ok' });
    else if (!row.removedAt) shown.set(url, shownImage({ url, ...row }, viewer));
  }
  return shown;
}

// Issue 38: the images of essays (`/media/essays/…`): the photos of handwritten pages and the
// proposals' motivating images. A page is read by who may read its essay (the author, the teachers
// of the group it was sent to, admins) and by its graders; a motivating image by who may read its
// proposal (everyone signed in, or the proposal's group). Each through the image rule too.

/** What the essay file rule needs to know about one stored essay image and one viewer. */
export interface EssayFileFacts {
  /** The upload's record; null when there is none (every essay image has one). */
  upload: { viewerIsUploader: boolean; removed: boolean } | null;
  /** `imageShownTo` for this viewer. */
  imageShown: boolean;
  viewerIsAdmin: boolean;
  /** An essay holding it is the viewer's, or was sent to a group they teach, or is assigned to them. */
  essayReadable: boolean;
  /** A proposal holding it as a motivating image is one the viewer may read. */
  promptReadable: boolean;
}

export function essayFileServed(facts: EssayFileFacts): boolean {
  if (!facts.upload || facts.upload.removed || !facts.imageShown) return false;
  return facts.upload.viewerIsUploader || facts.viewerIsAdmin || facts.essayReadable || facts.promptReadable;
}

/** The facts of `essayFileServed` for the essay image at `url`, kept under `key` (a signed-out viewer reads none). */
export async function loadEssayFileFacts(
  db: Tx,
  viewer: FileViewer,
  file: { url: string; key: string },
  now: Date,
): Promise<EssayFileFacts> {
  const viewerId = viewer?.id ?? NOBODY;
  const [upload, holders, prompts] = await Promise.all([
    uploadFactsOf(db, file.key, viewer, now),
    db
      .select({
        authorId: essays.authorId,
        groupId: essays.groupId,
        // Written out: inside a select's expression drizzle names columns without their table.
        graded: sql<boolean>`exists (select 1 from essay_reviews r where r.essay_id = "essays"."id" and r.grader_id = ${viewerId})`,
      })
      .from(essays)
      .where(sql`${essays.mediaUrls} @> array[${file.url}]::text[]`)
      .limit(5),
    db
      .select({ groupId: essayPrompts.groupId })
      .from(essayPrompts)
      .where(sql`${essayPrompts.motivatingTexts} @> ${JSON.stringify([{ mediaUrl: file.url }])}::jsonb`)
      .limit(5),
  ]);
  const manages = async (groupId: string | null) =>
    groupId !== null && viewer !== null && (await groupAccess(db, groupId, viewer.id, now)).canManage;
  const reads = async (groupId: string | null) =>
    groupId === null || (viewer !== null && (await groupAccess(db, groupId, viewer.id, now)).canAccess);
  let essayReadable = false;
  for (const essay of holders) {
    if (essay.authorId === viewerId || essay.graded || (await manages(essay.groupId))) {
      essayReadable = true;
      break;
    }
  }
  let promptReadable = false;
  if (viewer) {
    for (const prompt of prompts) {
      if (await reads(prompt.groupId)) {
        promptReadable = true;
        break;
      }
    }
  }
  return { ...upload, essayReadable, promptReadable };
}

// Issue 40: the images of resolutions (`/media/resolutions/…`), read by who may read the resolution
// that holds them: its question visible to the viewer and answered by them (or theirs), as the list
// of resolutions is (`resolutionAccess`); a resolution never hands out the key before an answer.

/** What the resolution file rule needs to know about one stored resolution image and one viewer. */
export interface ResolutionFileFacts {
  /** The upload's record; null when there is none (every resolution image has one). */
  upload: { viewerIsUploader: boolean; removed: boolean } | null;
  imageShown: boolean;
  viewerIsAdmin: boolean;
  /** A resolution holding it is one whose list the viewer may read (`resolutionAccess` 'ok'). */
  resolutionReadable: boolean;
}

export function resolutionFileServed(facts: ResolutionFileFacts): boolean {
  if (!facts.upload || facts.upload.removed || !facts.imageShown) return false;
  return facts.upload.viewerIsUploader || facts.viewerIsAdmin || facts.resolutionReadable;
}

/** The facts of `resolutionFileServed` for the image at `url`, kept under `key` (a signed-out viewer reads none). */
export async function loadResolutionFileFacts(
  db: Tx,
  viewer: FileViewer,
  file: { url: string; key: string },
  now: Date,
): Promise<ResolutionFileFacts> {
  const viewerId = viewer?.id ?? NOBODY;
  const [upload, holders] = await Promise.all([
    uploadFactsOf(db, file.key, viewer, now),
    db
      .select({
        questionVisible: sql<boolean>`${postVisibleTo(viewerId)}`,
        isQuestionAuthor: sql<boolean>`${posts.authorId} = ${viewerId}`,
        answered: sql<boolean>`exists (select 1 from ${postAnswers} where ${postAnswers.postId} = ${questionResolutions.postId}
          and ${postAnswers.questionIndex} = ${questionResolutions.questionIndex} and ${postAnswers.userId} = ${viewerId})`,
      })
      .from(questionResolutions)
      .innerJoin(posts, eq(posts.id, questionResolutions.postId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(sql`${questionResolutions.mediaUrls} @> array[${file.url}]::text[]`)
      .limit(5),
  ]);
  return {
    ...upload,
    resolutionReadable: viewer !== null && holders.some((holder) => resolutionAccess(holder) === 'ok'),
  };
}

/**
 * Issue 42: the images of these questions (an import's, kept in `imageUrl`) as this viewer gets
 * them, by address: the question shows `image` from here, so a minor gets no sensitive URL.
 */
export function questionImagesOf(
  db: Tx,
  publicUrl: string,
  viewer: ImageViewer,
  questions: { imageUrl?: string | undefined }[],
): Promise<Map<string, ShownMedia>> {
  const urls = [...new Set(questions.flatMap((question) => (question.imageUrl ? [question.imageUrl] : [])))];
  return urls.length === 0 ? Promise.resolve(new Map()) : shownImagesOf(db, publicUrl, viewer, urls);
}

// Issue 42: the images of flashcards (`/media/cards/…`), an imported Anki card's: read by who sees a
// deck holding them (its owner, who uploaded them; the people of the group it is shared with), and
// admins, through the image rule too. A card image is never a post's, so the posts' rule never serves it.

/** What the card file rule needs to know about one stored card image and one viewer. */
export interface CardFileFacts {
  /** The upload's record; null when there is none (every card image has one). */
  upload: { viewerIsUploader: boolean; removed: boolean } | null;
  imageShown: boolean;
  viewerIsAdmin: boolean;
  /** A card holding it is in a deck the viewer sees (`deckVisibleSql`). */
  deckVisible: boolean;
}

export function cardFileServed(facts: CardFileFacts): boolean {
  if (!facts.upload || facts.upload.removed || !facts.imageShown) return false;
  return facts.upload.viewerIsUploader || facts.viewerIsAdmin || facts.deckVisible;
}

/** The facts of `cardFileServed` for the card image at `url`, kept under `key` (a signed-out viewer sees no deck). */
export async function loadCardFileFacts(
  db: Tx,
  viewer: FileViewer,
  file: { url: string; key: string },
  now: Date,
): Promise<CardFileFacts> {
  const [upload, holders] = await Promise.all([
    uploadFactsOf(db, file.key, viewer, now),
    viewer
      ? db
          .select({ id: deckCards.id })
          .from(deckCards)
          .innerJoin(decks, eq(decks.id, deckCards.deckId))
          .where(
            and(
              // The uploader's decks only (decks_owner_idx): a card image is its importer's upload.
              sql`${decks.ownerId} = (select ${mediaUploads.uploaderId} from ${mediaUploads} where ${mediaUploads.key} = ${file.key})`,
              sql`(${deckCards.frontImages} @> array[${file.url}]::text[] or ${deckCards.backImages} @> array[${file.url}]::text[])`,
              deckVisibleSql(viewer.id),
            ),
          )
          .limit(1)
      : Promise.resolve([]),
  ]);
  return { ...upload, deckVisible: holders.length > 0 };
}
