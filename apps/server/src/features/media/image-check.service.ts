import {
  type DecideImageInput,
  type ImageQueueItem,
  type ImageScores,
  MEDIA_MESSAGES,
  type MediaSensitivity,
  type ModeratedImage,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { MEDIA_PREFIX } from '../../plugins/media.ts';
import { StoredObjectMissing } from '../../plugins/storage.ts';
import { type ImageClassifier, UndecodableImage } from './image-classifier.ts';
import { sensitivityOf } from './image-thresholds.ts';
import {
  countImagesToReview,
  imageQueueRows,
  imagesToReview,
  markUploadGone,
  medianImageDecisionSeconds,
  pendingImages,
  type ReviewedImageRow,
  recordCheck,
  recordDecision,
  uploadKeyByName,
} from './media.queries.ts';

// Issue 43 (decision 051): every uploaded image is checked off the request path. The upload answers
// at once with the image 'pending' (shown blurred); the `media.check-images` job reads the stored
// file, scores it on the classifier's thread and writes 'ok', 'sensitive' or 'blocked'. Sensitive and
// blocked images wait in the moderators' list until one decides.

const CHECK_BATCH = 10;

async function storedBytes(ctx: AppContext, key: string): Promise<Buffer> {
  const { stream } = await ctx.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Pages showing the uploader's posts were kept with the old state of the image: they go. */
function refreshPages(ctx: AppContext, tx: Tx, uploaderId: string): void {
  ctx.events.afterCommit(tx, () =>
    ctx.bus.publish('author.changed', { userId: uploaderId, visibility: false }),
  );
}

/** One pass of the check: every pending image, oldest first. Answers how many were checked. */
export async function checkPendingImages(ctx: AppContext, classifier: ImageClassifier): Promise<number> {
  let checked = 0;
  for (;;) {
    const batch = await pendingImages(ctx.database.db, CHECK_BATCH);
    for (const image of batch) {
      let bytes: Buffer;
      try {
        bytes = await storedBytes(ctx, image.key);
      } catch (error) {
        if (!(error instanceof StoredObjectMissing)) throw error;
        // Its file is gone: nothing to show or check; the removal job takes the row.
        await markUploadGone(ctx.database.db, image.key, ctx.clock());
        continue;
      }
      let scores: ImageScores | null = null;
      try {
        scores = await classifier.classify(bytes);
      } catch (error) {
        // A file no decoder reads cannot be judged by the model: a moderator looks at it instead.
        if (!(error instanceof UndecodableImage)) throw error;
      }
      const sensitivity = scores ? sensitivityOf(scores) : 'sensitive';
      await ctx.events.transaction(async (tx) => {
        const now = ctx.clock();
        const row = await recordCheck(tx, image.key, { scores, sensitivity }, now);
        if (!row) return;
        if (sensitivity !== 'ok') {
          await ctx.events.emit(tx, 'media.classified', {
            key: row.key,
            uploaderId: row.uploaderId,
            sensitivity,
            at: now.toISOString(),
          });
        }
        refreshPages(ctx, tx, row.uploaderId);
      });
      checked++;
    }
    if (batch.length < CHECK_BATCH) return checked;
  }
}

const urlOf = (ctx: AppContext, key: string) =>
  new URL(`${MEDIA_PREFIX}${key.replace(/^uploads\//, '')}`, ctx.config.publicUrl).toString();

function toModeratedImage(ctx: AppContext, row: ReviewedImageRow): ModeratedImage {
  return {
    key: row.key,
    url: urlOf(ctx, row.key),
    uploaderId: row.uploaderId,
    purpose: row.purpose,
    sensitivity: row.sensitivity,
    scores: row.scores ?? null,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `GET /api/admin/images`: sensitive and blocked images no moderator decided yet, oldest first. */
export async function listImagesToReview(
  ctx: AppContext,
  input: { limit: number; before?: Date },
): Promise<ModeratedImage[]> {
  const rows = await imagesToReview(ctx.database.db, input);
  return rows.map((row) => toModeratedImage(ctx, row));
}

/**
 * The moderation queue's 'Imagens' tab (`GET /api/admin/moderation/queue?kind=images`, issue 43):
 * the same images with who sent them, their count and the median time to a moderator's word. The
 * queue (reports) takes it as a port, wired by app.ts.
 */
export function imageModerationQueue(ctx: AppContext) {
  const { db } = ctx.database;
  return {
    /** One page, oldest first: one item more than `limit` when there are more. */
    async list(query: { limit: number; offset: number; userId?: string }): Promise<ImageQueueItem[]> {
      const rows = await imageQueueRows(db, { ...query, uploaderId: query.userId });
      return rows.map((row) => ({ ...toModeratedImage(ctx, row.upload), uploader: row.uploader }));
    },
    count: () => countImagesToReview(db),
    medianSeconds: (since: Date) => medianImageDecisionSeconds(db, since),
  };
}

/**
 * An appeal of a hidden or blurred image reversed by a second moderator (issue 43): the image shows
 * again, as that moderator's final word.
 */
export async function showImageAgain(ctx: AppContext, tx: Tx, key: string, moderatorId: string, at: Date) {
  const row = await recordDecision(tx, key, 'ok', moderatorId, at);
  if (!row) return;
  await ctx.events.emit(tx, 'media.classified', {
    key: row.key,
    uploaderId: row.uploaderId,
    sensitivity: 'ok',
    at: at.toISOString(),
    decidedBy: moderatorId,
  });
  refreshPages(ctx, tx, row.uploaderId);
}

/**
 * The store key of `/api/admin/images/{key-or-id}`: the key (`uploads/posts/<hex>.webp`, URL-encoded),
 * the address, or the id alone (the 32 hex characters of the file's name).
 */
async function keyOf(db: Tx, param: string): Promise<string | undefined> {
  if (/^[a-f0-9]{32}$/.test(param)) return uploadKeyByName(db, param);
  return `uploads/${param.replace(/^.*\/media\//, '').replace(/^uploads\//, '')}`;
}

/** `POST /api/admin/images/{key}/decide`: a moderator's word on an image, final. */
export async function decideImage(
  ctx: AppContext,
  moderatorId: string,
  param: string,
  input: DecideImageInput,
): Promise<ModeratedImage> {
  const sensitivity: MediaSensitivity = input.sensitivity;
  const row = await ctx.events.transaction(async (tx) => {
    const now = ctx.clock();
    const key = await keyOf(tx, param);
    const decided = key && (await recordDecision(tx, key, sensitivity, moderatorId, now));
    if (!decided) return undefined;
    await ctx.events.emit(tx, 'media.classified', {
      key: decided.key,
      uploaderId: decided.uploaderId,
      sensitivity: input.sensitivity,
      at: now.toISOString(),
      decidedBy: moderatorId,
    });
    refreshPages(ctx, tx, decided.uploaderId);
    return decided;
  });
  if (!row) throw notFound(MEDIA_MESSAGES.imageNotFound);
  return toModeratedImage(ctx, row);
}
