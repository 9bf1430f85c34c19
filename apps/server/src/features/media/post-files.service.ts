import { MEDIA_ERROR_CODES, MEDIA_MAX_BYTES, MEDIA_MESSAGES } from '@estudai/contract';
import { allOwnUploads } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { type ImportedImages, uploadKeyOf } from '../../plugins/media.ts';
import { checkPendingImages } from './image-check.service.ts';
import { type ImageClassifier, ImageClassifierThread } from './image-classifier.ts';
import { deleteUploadRows, markKeyRemoved, markUnheldRemoved, removedUploadKeys } from './media.queries.ts';
import { mediaTooLarge, uploadMedia } from './media.service.ts';

// Issue 37: the files of posts. A photo or attachment post takes only files its author uploaded
// (an outside image address let an author log every viewer's IP); a deleted post's files answer
// 404 at once and are deleted from the store (disk or S3) by the `media.remove-files` job.

const PURPOSE = { photo: 'post_image', attachment: 'post_attachment' } as const;

/** The 400 of a post whose media are not all the author's own uploads of that kind. */
export async function requireOwnUploads(
  ctx: AppContext,
  db: Tx,
  authorId: string,
  type: 'photo' | 'attachment',
  urls: string[],
): Promise<void> {
  if (!(await allOwnUploads(db, ctx.config.publicUrl, authorId, urls, PURPOSE[type]))) {
    const message = type === 'photo' ? MEDIA_MESSAGES.photoNotUploaded : MEDIA_MESSAGES.attachmentNotUploaded;
    throw badRequest(message, MEDIA_ERROR_CODES.notUploaded);
  }
}

/**
 * In the transaction that deleted a post (or dropped media from it): its uploads no other post holds
 * are marked removed, so their addresses answer 404 from the commit on; after the commit the removal
 * job is asked to delete the files (its periodic pass picks up any the ask missed).
 */
export async function releasePostFiles(ctx: AppContext, tx: Tx, urls: string[]): Promise<void> {
  const files = urls.flatMap((url) => {
    const key = uploadKeyOf(ctx.config.publicUrl, url);
    return key ? [{ url, key }] : [];
  });
  if ((await markUnheldRemoved(tx, files, ctx.clock())) > 0) queueRemovalAfterCommit(ctx, tx);
}

/**
 * In the transaction that replaced or removed an avatar (`user.avatarDropped`): the old file is marked
 * removed (recorded first if it predates the records), so its address answers 404 from the commit on,
 * and the removal job deletes it after the commit, as a post's files.
 */
export async function releaseAvatarFile(ctx: AppContext, tx: Tx, key: string, userId: string, at: Date) {
  if (await markKeyRemoved(tx, key, userId, 'avatar', at)) queueRemovalAfterCommit(ctx, tx);
}

function queueRemovalAfterCommit(ctx: AppContext, tx: Tx): void {
  ctx.events.afterCommit(tx, () => {
    ctx.jobs.send('media.remove-files', {}).catch((error: unknown) => {
      ctx.log.error({ err: error }, 'media removal not queued (the periodic pass will take it)');
    });
  });
}

/**
 * Issue 42: the images a Moodle question or an Anki card brings, stored as the importer's own
 * uploads through `POST /api/media`'s own checks and limits (and its image check); released like a
 * deleted post's files when the import that made them fails.
 */
export function importedImages(ctx: AppContext): ImportedImages {
  return {
    store: async (uploaderId, purpose, bytes) => {
      if (bytes.length > MEDIA_MAX_BYTES) throw mediaTooLarge();
      return (await uploadMedia(ctx, uploaderId, purpose, bytes)).url;
    },
    release: (tx, urls) => releasePostFiles(ctx, tx, urls),
  };
}

const REMOVAL_BATCH = 100;

/** The removal job: deletes the files of removed uploads from the store, then their rows. */
async function removeReleasedFiles(ctx: AppContext): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await removedUploadKeys(ctx.database.db, REMOVAL_BATCH);
    if (rows.length === 0) return removed;
    for (const row of rows) await ctx.storage.delete(row.key);
    await deleteUploadRows(
      ctx.database.db,
      rows.map((row) => row.key),
    );
    removed += rows.length;
    if (rows.length < REMOVAL_BATCH) return removed;
  }
}

/**
 * The removal job, sent after each deletion and offered every minute on every process; and the
 * image check (issue 43), sent after each image upload and offered every minute too (it picks up
 * what a crash or a failed try left 'pending'). Its classifier's thread starts with the first image.
 * Answers the classifier, for the app to close.
 */
export function registerMediaJobs(
  ctx: AppContext,
  everyMs = 60_000,
  classifier: ImageClassifier = new ImageClassifierThread(),
): ImageClassifier {
  ctx.jobs.every('media.remove-files', everyMs, () => removeReleasedFiles(ctx));
  ctx.jobs.every('media.check-images', everyMs, () => checkPendingImages(ctx, classifier));
  return classifier;
}
