import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { dataExports, groupMaterials, users } from '../../db/schema/index.ts';

type ExportRow = typeof dataExports.$inferSelect;

/** A new export of `subjectId`'s data; fails on the unique index while one is pending or running. */
export async function insertExport(db: Tx, subjectId: string, requesterId: string) {
  const [row] = await db
    .insert(dataExports)
    .values({ userId: subjectId, requestedBy: requesterId, status: 'pending' })
    .returning();
  return row;
}

/** The export of the person that is pending or running. */
export async function findRunningExport(db: Tx, subjectId: string) {
  const [running] = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.userId, subjectId), inArray(dataExports.status, ['pending', 'running'])));
  return running;
}

/** An export `requesterId` asked for. */
export async function findRequestedExport(db: Tx, requesterId: string, exportId: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.requestedBy, requesterId)))
    .limit(1);
  return row;
}

/** The person's avatar address and the group materials they uploaded. */
export async function uploadedFileRows(db: Tx, userId: string) {
  const [user] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  const materials = await db
    .select({ storageKey: groupMaterials.storageKey, fileName: groupMaterials.fileName })
    .from(groupMaterials)
    .where(eq(groupMaterials.uploadedBy, userId));
  return { avatar: user?.avatar, materials };
}

/** The export built: ready from `now`, until `expiresAt`. */
export async function markExportReady(
  tx: Tx,
  exportId: string,
  ready: { now: Date; expiresAt: Date; fileName: string; sizeBytes: number },
): Promise<void> {
  await tx
    .update(dataExports)
    .set({
      status: 'ready',
      finishedAt: ready.now,
      expiresAt: ready.expiresAt,
      fileName: ready.fileName,
      sizeBytes: ready.sizeBytes,
      lastError: null,
      leaseUntil: null,
    })
    .where(eq(dataExports.id, exportId));
}

export async function findUser(db: Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/**
 * Claims the oldest export waiting (or one whose builder died: its lease ran out), so several
 * processes and a restart never build one twice at once nor lose one.
 */
export async function claimExport(db: Tx, now: Date, leaseMs: number): Promise<ExportRow | undefined> {
  const waiting = db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      or(
        eq(dataExports.status, 'pending'),
        and(eq(dataExports.status, 'running'), lt(dataExports.leaseUntil, now)),
      ),
    )
    .orderBy(asc(dataExports.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(dataExports)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${dataExports.startedAt}, ${now.toISOString()}::timestamptz)`,
      leaseUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${dataExports.attempts} + 1`,
    })
    .where(inArray(dataExports.id, waiting))
    .returning();
  return row;
}

/** A build that failed (`lastError`: why): for good (`failed`, at `now`), or waiting for another try. */
export async function releaseFailedExport(
  db: Tx,
  exportId: string,
  failed: boolean,
  now: Date,
  lastError: 'storage' | 'failed',
) {
  await db
    .update(dataExports)
    .set(
      failed
        ? { status: 'failed', finishedAt: now, leaseUntil: null, lastError }
        : { status: 'pending', leaseUntil: null, lastError },
    )
    .where(eq(dataExports.id, exportId));
}

/** Ready exports past their end at `now` become 'expired'; answers their files. */
export function expireReadyExports(db: Tx, now: Date) {
  return db
    .update(dataExports)
    .set({ status: 'expired' })
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)))
    .returning({ fileName: dataExports.fileName });
}

/** The files of every export of the person, or asked by them. */
export function exportFilesOf(tx: Tx, userId: string) {
  return tx
    .select({ fileName: dataExports.fileName })
    .from(dataExports)
    .where(or(eq(dataExports.userId, userId), eq(dataExports.requestedBy, userId)));
}
