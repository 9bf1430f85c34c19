import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mediaUploads, posts } from '../../db/schema/index.ts';

// The record of each upload (issue 37): who sent it, and whether its post went.

type Purpose = (typeof mediaUploads.$inferInsert)['purpose'];

export async function insertUpload(db: Tx, key: string, uploaderId: string, purpose: Purpose): Promise<void> {
  await db.insert(mediaUploads).values({ key, uploaderId, purpose });
}

/** The keys among these that `uploaderId` sent for `purpose` and that are still there. */
export async function ownUploadKeys(db: Tx, uploaderId: string, keys: string[], purpose: Purpose) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(
      and(
        inArray(mediaUploads.key, keys),
        eq(mediaUploads.uploaderId, uploaderId),
        eq(mediaUploads.purpose, purpose),
        isNull(mediaUploads.removedAt),
      ),
    );
  return new Set(rows.map((row) => row.key));
}

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
