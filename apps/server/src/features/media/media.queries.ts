import type { ImageScores, MediaSensitivity } from '@estudai/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mediaUploads, posts, users } from '../../db/schema/index.ts';

// The record of each upload (issue 37): who sent it, and whether its post went.

type Purpose = (typeof mediaUploads.$inferInsert)['purpose'];

export async function insertUpload(db: Tx, key: string, uploaderId: string, purpose: Purpose): Promise<void> {
  // A PDF is not an image: nothing for the image check (issue 43) to wait for.
  const sensitivity = purpose === 'post_attachment' ? 'ok' : 'pending';
  await db.insert(mediaUploads).values({ key, uploaderId, purpose, sensitivity });
}

// Issue 43: the image check's backlog, its results and the moderators' decisions.

/** Images still waiting for their check, oldest first (the partial index on sensitivity answers). */
export function pendingImages(db: Tx, limit: number) {
  return db
    .select({ key: mediaUploads.key, uploaderId: mediaUploads.uploaderId })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.sensitivity, 'pending'), isNull(mediaUploads.removedAt)))
    .orderBy(asc(mediaUploads.createdAt), asc(mediaUploads.key))
    .limit(limit);
}

/** The check's result, unless a moderator decided first (their word stands). Answers the row if written. */
export async function recordCheck(
  db: Tx,
  key: string,
  check: { scores: ImageScores | null; sensitivity: MediaSensitivity },
  now: Date,
) {
  const [row] = await db
    .update(mediaUploads)
    .set({ scores: check.scores, sensitivity: check.sensitivity, classifiedAt: now })
    .where(
      and(eq(mediaUploads.key, key), eq(mediaUploads.sensitivity, 'pending'), isNull(mediaUploads.decidedBy)),
    )
    .returning({ key: mediaUploads.key, uploaderId: mediaUploads.uploaderId });
  return row;
}

/** An upload whose file is not in the store any more: removed (its row goes with the removal job). */
export async function markUploadGone(db: Tx, key: string, now: Date): Promise<void> {
  await db.update(mediaUploads).set({ removedAt: now }).where(eq(mediaUploads.key, key));
}

/** The store key of an upload named by its random part (`<32 hex>`, what `/media/posts/<hex>.webp` ends in). */
export async function uploadKeyByName(db: Tx, name: string): Promise<string | undefined> {
  if (!/^[a-f0-9]{32}$/.test(name)) return undefined;
  const [row] = await db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(sql`${mediaUploads.key} like ${`uploads/%/${name}.%`}`)
    .limit(1);
  return row?.key;
}

/** A moderator's decision on an image (by its key): final, the check never overwrites it. */
export async function recordDecision(
  db: Tx,
  key: string,
  sensitivity: MediaSensitivity,
  moderatorId: string,
  now: Date,
) {
  const [row] = await db
    .update(mediaUploads)
    .set({ sensitivity, decidedBy: moderatorId, decidedAt: now })
    .where(
      and(
        eq(mediaUploads.key, key),
        ne(mediaUploads.purpose, 'post_attachment'),
        isNull(mediaUploads.removedAt),
      ),
    )
    .returning();
  return row;
}

const toReview = and(
  inArray(mediaUploads.sensitivity, ['sensitive', 'blocked']),
  isNull(mediaUploads.decidedBy),
  isNull(mediaUploads.removedAt),
);

/** Sensitive and blocked images no moderator decided yet, oldest first; `before`: created before it. */
export function imagesToReview(db: Tx, input: { limit: number; before?: Date }) {
  return db
    .select()
    .from(mediaUploads)
    .where(and(toReview, input.before ? lt(mediaUploads.createdAt, input.before) : undefined))
    .orderBy(asc(mediaUploads.createdAt), asc(mediaUploads.key))
    .limit(input.limit);
}

/** The same images for the moderation queue, with who sent them: one page by offset, one row more. */
export function imageQueueRows(db: Tx, input: { limit: number; offset: number; uploaderId?: string }) {
  return db
    .select({
      upload: mediaUploads,
      uploader: { id: users.id, displayName: users.displayName, username: users.username },
    })
    .from(mediaUploads)
    .innerJoin(users, eq(users.id, mediaUploads.uploaderId))
    .where(and(toReview, input.uploaderId ? eq(mediaUploads.uploaderId, input.uploaderId) : undefined))
    .orderBy(asc(mediaUploads.createdAt), asc(mediaUploads.key))
    .limit(input.limit + 1)
    .offset(input.offset);
}

export async function countImagesToReview(db: Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(mediaUploads)
    .where(toReview);
  return row?.n ?? 0;
}

/** Median seconds from upload to a moderator's word, over the images decided since `since`. */
export async function medianImageDecisionSeconds(db: Tx, since: Date): Promise<number | null> {
  const [row] = await db
    .select({
      median: sql<number | null>`percentile_cont(0.5) within group
        (order by extract(epoch from (${mediaUploads.decidedAt} - ${mediaUploads.createdAt})))`,
    })
    .from(mediaUploads)
    .where(and(isNotNull(mediaUploads.decidedBy), gte(mediaUploads.decidedAt, since)));
  return row?.median == null ? null : Number(row.median);
}

export type ReviewedImageRow = typeof mediaUploads.$inferSelect;

/**
 * Marks removed the uploads at these addresses (with their keys) that no post holds any more (a
 * post's at most ten): from this moment their addresses answer 404. Answers how many.
 */
export async function markUnheldRemoved(db: Tx, files: { url: string; key: string }[], now: Date) {
  let removed = 0;
  for (const file of files) {
    const rows = await db
      .update(mediaUploads)
      .set({ removedAt: now })
      .where(
        and(
          eq(mediaUploads.key, file.key),
          isNull(mediaUploads.removedAt),
          sql`not exists (select 1 from ${posts} where ${posts.mediaUrls} @> array[${file.url}]::text[])`,
        ),
      )
      .returning({ key: mediaUploads.key });
    removed += rows.length;
  }
  return removed;
}

/**
 * Marks removed the upload at `key` (an avatar the profile dropped), recording it first if it was
 * stored before the records: from this moment its address answers 404. Answers whether it was kept.
 */
export async function markKeyRemoved(db: Tx, key: string, uploaderId: string, purpose: Purpose, now: Date) {
  const rows = await db
    .insert(mediaUploads)
    .values({ key, uploaderId, purpose, removedAt: now })
    .onConflictDoUpdate({
      target: mediaUploads.key,
      set: { removedAt: now },
      setWhere: isNull(mediaUploads.removedAt),
    })
    .returning({ key: mediaUploads.key });
  return rows.length > 0;
}

/** Uploads waiting for their file's removal (at most `limit`). */
export function removedUploadKeys(db: Tx, limit: number) {
  return db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(isNotNull(mediaUploads.removedAt))
    .limit(limit);
}

export async function deleteUploadRows(db: Tx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(mediaUploads).where(inArray(mediaUploads.key, keys));
}

/** Every file the person uploaded that is still kept (export and erasure). */
export function uploadKeysOf(db: Tx, uploaderId: string) {
  return db
    .select({ key: mediaUploads.key, purpose: mediaUploads.purpose })
    .from(mediaUploads)
    .where(eq(mediaUploads.uploaderId, uploaderId));
}
