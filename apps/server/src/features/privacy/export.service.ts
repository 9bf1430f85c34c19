import fs from 'node:fs';
import path from 'node:path';
import {
  type DataExport,
  EXPORT_DOWNLOAD_DAYS,
  MINORS_ERROR_CODES,
  PRIVACY_MESSAGES,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { dataExports } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { MEDIA_PREFIX, mediaKey } from '../../plugins/media.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type ObjectStore, StorageUnavailable, StoredObjectMissing, writing } from '../../plugins/storage.ts';
import { materialKey } from '../materials/index.ts';
import { uploadKeysOf } from '../media/index.ts';
import {
  claimExport,
  expireReadyExports,
  findRequestedExport,
  findRunningExport,
  findUser,
  insertExport,
  markExportReady,
  releaseFailedExport,
  uploadedFileRows,
} from './export.queries.ts';
import { EXPORTED, EXPORTED_LINKED, exportedRows } from './export-registry.queries.ts';
import { exportReadyMail } from './privacy.mails.ts';
import { writeZip, type ZipEntry } from './zip-writer.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A build that has not finished in this long is taken to have died with its process. */
const LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;

type ExportRow = typeof dataExports.$inferSelect;

/** Where the disk driver keeps the ZIPs while they are built (then they go into the store). */
export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');
/** The store key of an export's ZIP: only ever streamed to whoever asked for it. */
const exportKey = (fileName: string) => `exports/${path.basename(fileName)}`;

function toDataExport(row: ExportRow, now: Date): DataExport {
  const ready = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    status: row.status === 'ready' && !ready ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: ready ? `/api/me/export/${row.id}/download` : null,
    problem:
      row.status === 'pending' && row.lastError
        ? row.lastError === 'storage'
          ? PRIVACY_MESSAGES.exportRetryingStorage
          : PRIVACY_MESSAGES.exportRetrying
        : null,
  };
}

/**
 * `POST /api/me/export` (or a guardian's for their teen): a row the export job will claim. While
 * one is pending or running for the person, 409 with its id.
 */
export async function requestExport(
  ctx: AppContext,
  subjectId: string,
  requesterId: string,
): Promise<DataExport> {
  const { db } = ctx.database;
  try {
    const row = await insertExport(db, subjectId, requesterId);
    if (!row) throw new Error('export insert returned no row');
    return toDataExport(row, ctx.clock());
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const running = await findRunningExport(db, subjectId);
    throw new AppError(
      409,
      MINORS_ERROR_CODES.exportRunning,
      PRIVACY_MESSAGES.exportRunning,
      {},
      {
        id: running?.id ?? '',
      },
    );
  }
}

/** An export the viewer asked for; anyone else's answers 404. */
async function findRequested(db: Tx, viewer: SessionUser, exportId: string): Promise<ExportRow> {
  if (!isUuid(exportId)) throw notFound(PRIVACY_MESSAGES.exportNotFound);
  const row = await findRequestedExport(db, viewer.id, exportId);
  if (!row) throw notFound(PRIVACY_MESSAGES.exportNotFound);
  return row;
}

export async function getExport(ctx: AppContext, viewer: SessionUser, exportId: string): Promise<DataExport> {
  return toDataExport(await findRequested(ctx.database.db, viewer, exportId), ctx.clock());
}

/** The ZIP to stream to whoever asked for it: 409 before it is ready, 410 once the 7 days are over. */
export async function openExportFile(
  ctx: AppContext,
  viewer: SessionUser,
  exportId: string,
  now = ctx.clock(),
) {
  const row = await findRequested(ctx.database.db, viewer, exportId);
  const shown = toDataExport(row, now);
  if (shown.status === 'expired') {
    throw new AppError(410, MINORS_ERROR_CODES.exportGone, PRIVACY_MESSAGES.exportExpired);
  }
  if (shown.status !== 'ready' || !row.fileName) throw conflict(PRIVACY_MESSAGES.exportNotReady);
  const file = await ctx.storage.get(exportKey(row.fileName)).catch((error: unknown) => {
    if (error instanceof StoredObjectMissing) {
      throw new AppError(410, MINORS_ERROR_CODES.exportGone, PRIVACY_MESSAGES.exportExpired);
    }
    throw error;
  });
  return {
    stream: file.stream,
    size: row.sizeBytes ?? file.size,
    name: `estudai-meus-dados.zip`,
  };
}

/**
 * Files the person uploaded that we keep (store keys): the avatar, the group materials, and every
 * photo, PDF and cover sent through `POST /api/media` (issue 37: the posts' photos too), each once.
 */
export async function uploadedFilesOf(db: Tx, userId: string) {
  const { avatar, materials } = await uploadedFileRows(db, userId);
  const files: { key: string; name: string }[] = [];
  if (avatar?.startsWith(MEDIA_PREFIX)) {
    const relative = avatar.slice(MEDIA_PREFIX.length);
    files.push({
      key: mediaKey(relative),
      name: `arquivos/${path.basename(relative)}`,
    });
  }
  for (const material of materials) {
    files.push({
      key: materialKey(material.storageKey),
      name: `arquivos/materiais/${path.basename(material.storageKey)}-${material.fileName}`,
    });
  }
  const listed = new Set(files.map((file) => file.key));
  for (const upload of await uploadKeysOf(db, userId)) {
    // The avatar is recorded for the image check too (issue 43): once in the ZIP; earlier avatars
    // (their file gone or taken off the profile) go under arquivos/ as well.
    if (listed.has(upload.key)) continue;
    const folder = upload.purpose === 'avatar' ? 'arquivos' : 'arquivos/publicacoes';
    files.push({ key: upload.key, name: `${folder}/${path.basename(upload.key)}` });
  }
  return files;
}

/** One JSON file per kind of data (export-registry.queries.ts), rows in a stable order. */
async function dataEntries(db: Tx, userId: string): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const person = await findUser(db, userId);
  if (person) {
    for (const source of Object.values(EXPORTED_LINKED)) {
      const rows = await source.rows(db, person);
      entries.push({ name: `dados/${source.file}`, data: `${JSON.stringify(rows, null, 2)}\n` });
    }
  }
  for (const source of Object.values(EXPORTED)) {
    const rows = await exportedRows(db, source, userId);
    const kept = rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !source.omit?.includes(key))),
    );
    entries.push({ name: `dados/${source.file}`, data: `${JSON.stringify(kept, null, 2)}\n` });
  }
  return entries;
}

const README = `Estudaí: cópia dos seus dados (LGPD, art. 18)

dados/     um arquivo JSON para cada tipo de dado: perfil, publicações, comentários, mensagens
           enviadas, grupos, estudo, responsáveis, pagamentos...
arquivos/  os arquivos que você enviou: a foto de perfil, as fotos e PDFs das publicações, as capas
           e os materiais em PDF.

Datas em UTC (ISO 8601). O link de download vale por ${EXPORT_DOWNLOAD_DAYS} dias.
`;

/** The stored files that are there, opened one at a time as the ZIP reaches them. */
async function* storedFiles(storage: ObjectStore, files: { key: string; name: string }[]) {
  for (const file of files) {
    const stored = await storage.get(file.key).catch((error: unknown) => {
      if (error instanceof StoredObjectMissing) return null;
      throw error;
    });
    if (stored) yield { name: file.name, stream: stored.stream };
  }
}

/**
 * Builds one claimed export (a local `DATA_DIR/exports/<id>.zip.part`, then into the store as
 * `exports/<id>.zip`) and tells whoever asked for it.
 */
async function buildExport(ctx: AppContext, row: ExportRow, now: Date): Promise<void> {
  const { db } = ctx.database;
  const dir = exportsDir(ctx.config.dataDir);
  await writing(dir, () => fs.promises.mkdir(dir, { recursive: true }));
  const fileName = `${row.id}.zip`;
  const part = path.join(dir, `${fileName}.part`);
  const files = await uploadedFilesOf(db, row.userId);
  const entries = [{ name: 'LEIA-ME.txt', data: README }, ...(await dataEntries(db, row.userId))];
  let size: number;
  try {
    size = await writing(part, () => writeZip(part, entries, storedFiles(ctx.storage, files)));
    await ctx.storage.putFile(exportKey(fileName), part, 'application/zip');
  } finally {
    await fs.promises.rm(part, { force: true });
  }
  const expiresAt = new Date(now.getTime() + EXPORT_DOWNLOAD_DAYS * DAY_MS);
  await ctx.events.transaction(async (tx) => {
    await markExportReady(tx, row.id, { now, expiresAt, fileName, sizeBytes: size });
    // Whoever asked for it is told (notifications), and mailed below.
    await ctx.events.emit(tx, 'export.ready', { exportId: row.id, requestedBy: row.requestedBy });
  });
  const requester = await findUser(db, row.requestedBy);
  if (requester) {
    const url = `${ctx.config.publicUrl}/api/me/export/${row.id}/download`;
    await ctx.jobs.send('mail.send', exportReadyMail(requester.email, requester.displayName, url));
  }
}

/** The export job: builds every export waiting. Answers how many became ready. */
export async function runExportJobs(ctx: AppContext, now: Date): Promise<number> {
  const { db } = ctx.database;
  let built = 0;
  for (let row = await claimExport(db, now, LEASE_MS); row; row = await claimExport(db, now, LEASE_MS)) {
    try {
      await buildExport(ctx, row, now);
      built++;
    } catch (error) {
      ctx.log.error({ err: error, exportId: row.id }, 'data export failed');
      const failed = row.attempts >= MAX_ATTEMPTS;
      await releaseFailedExport(
        db,
        row.id,
        failed,
        now,
        error instanceof StorageUnavailable ? 'storage' : 'failed',
      );
      if (!failed) break;
    }
  }
  return built;
}

/** Ready exports past their 7 days: the file goes, the row says 'expired'. */
export async function expireExports(ctx: AppContext, now: Date): Promise<number> {
  const rows = await expireReadyExports(ctx.database.db, now);
  await removeExportFiles(
    ctx,
    rows.map((row) => row.fileName),
  );
  return rows.length;
}

export async function removeExportFiles(
  ctx: Pick<AppContext, 'config' | 'storage'>,
  fileNames: (string | null)[],
): Promise<void> {
  for (const name of fileNames) {
    if (!name) continue;
    await ctx.storage.delete(exportKey(name));
    // A build that died half-way leaves its local part behind.
    await fs.promises.rm(path.join(exportsDir(ctx.config.dataDir), `${path.basename(name)}.part`), {
      force: true,
    });
  }
}
