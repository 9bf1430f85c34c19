import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GROUP_MESSAGES, type Material, type PageQuery, type UpdateMaterialInput } from '@estudai/contract';
import { type GroupAccess, requireGroupContentAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { StoredObjectMissing } from '../../plugins/storage.ts';
import { type MaterialRow, toMaterial } from './materials.present.ts';
import {
  countDownload,
  deleteMaterialsDeletedBefore,
  findGroupMaterial,
  insertMaterial,
  listGroupMaterials,
  markMaterialDeleted,
  updateMaterialRow,
} from './materials.queries.ts';
import type { ReceivedMaterial } from './materials.upload.ts';

const materialNotFound = () => notFound(GROUP_MESSAGES.materialNotFound);

/** Soft-deleted materials are purged (row and file) this many days after their deletion. */
const MATERIAL_PURGE_DAYS = 30;

/** A material of this group that the viewer may see (hidden ones only for managers; deleted ones never). */
async function findMaterial(db: Tx, access: GroupAccess, materialId: string): Promise<MaterialRow> {
  if (!isUuid(materialId)) throw materialNotFound();
  const row = await findGroupMaterial(db, access.group.id, materialId);
  if (!row || (!row.isVisible && !access.canManage)) throw materialNotFound();
  return row;
}

/**
 * The store key of a material's PDF (also for 'Meus dados': its export and its erasure). Members
 * only: it is never served at a public address, only streamed by `openDownload` after the check.
 */
export const materialKey = (storageKey: string) => `materials/${path.basename(storageKey)}`;
/** Where the disk driver keeps it: `DATA_DIR/materials/<key>`. */
export const materialFilePath = (dataDir: string, storageKey: string) =>
  path.join(dataDir, materialKey(storageKey));

/** Members see the visible materials, newest first; the owner sees the hidden ones too. */
export async function listMaterials(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  { page, limit }: PageQuery,
): Promise<{ data: Material[]; hasMore: boolean }> {
  const { db } = ctx.database;
  const access = await requireGroupContentAccess(db, groupId, viewer.id);
  const rows = await listGroupMaterials(db, access.group.id, access.canManage, {
    limit: limit + 1,
    offset: (page - 1) * limit,
  });
  return { data: rows.slice(0, limit).map(toMaterial), hasMore: rows.length > limit };
}

/** Only the owner manages materials: 404 for outsiders (as for any content), 403 for members. */
export async function requireMaterialManager(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
): Promise<GroupAccess> {
  const access = await requireGroupContentAccess(ctx.database.db, groupId, viewer.id);
  if (!access.canManage) throw forbidden(GROUP_MESSAGES.editForbidden);
  return access;
}

/** Keeps the received PDF under a random name and records it; on failure nothing stays stored. */
export async function createMaterial(
  ctx: AppContext,
  viewer: SessionUser,
  access: GroupAccess,
  received: ReceivedMaterial,
): Promise<Material> {
  const storageKey = `${randomBytes(16).toString('hex')}.pdf`;
  const key = materialKey(storageKey);
  try {
    await ctx.storage.putFile(key, received.tempPath, 'application/pdf');
    const row = await ctx.events.transaction(async (tx) => {
      const inserted = await insertMaterial(tx, {
        studyGroupId: access.group.id,
        uploadedBy: viewer.id,
        title: received.fields.title,
        description: received.fields.description,
        storageKey,
        fileName: received.fileName,
        fileSize: received.fileSize,
      });
      if (!inserted) throw new Error('insert returned no material');
      // The group's members hear of it (notifications/subscribers/groups.ts).
      await ctx.events.emit(tx, 'group.contentAdded', {
        groupId: access.group.id,
        actorId: viewer.id,
        news: 'material',
      });
      return inserted;
    });
    return toMaterial(row);
  } catch (error) {
    await Promise.all([
      fs.promises.rm(received.tempPath, { force: true }),
      ctx.storage.delete(key).catch((cleanup) => ctx.log.warn({ err: cleanup, key }, 'material not removed')),
    ]);
    throw error;
  }
}

export async function updateMaterial(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  materialId: string,
  input: UpdateMaterialInput,
): Promise<Material> {
  const { db } = ctx.database;
  const access = await requireMaterialManager(ctx, viewer, groupId);
  const material = await findMaterial(db, access, materialId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return toMaterial(material);
  const row = await updateMaterialRow(db, material.id, changes);
  if (!row) throw materialNotFound();
  return toMaterial(row);
}

/**
 * Soft-deletes: the material is gone for everyone at once (list, download, counts) and its row and
 * file stay for MATERIAL_PURGE_DAYS, in case of a mistake, until `purgeDeletedMaterials`.
 */
export async function deleteMaterial(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  materialId: string,
): Promise<void> {
  const { db } = ctx.database;
  const access = await requireMaterialManager(ctx, viewer, groupId);
  const material = await findMaterial(db, access, materialId);
  if (!(await markMaterialDeleted(db, material.id, ctx.clock()))) throw materialNotFound();
}

/**
 * The periodic job (`materials.purge-deleted`): rows soft-deleted over 30 days ago go, and then
 * their files. Deleting the row first means a crash leaves at worst an orphan file, never a row
 * without its file. Answers how many were purged.
 */
export async function purgeDeletedMaterials(ctx: AppContext, now = ctx.clock()): Promise<number> {
  const before = new Date(now.getTime() - MATERIAL_PURGE_DAYS * 24 * 3_600_000);
  const purged = await deleteMaterialsDeletedBefore(ctx.database.db, before);
  await Promise.all(purged.map((row) => ctx.storage.delete(materialKey(row.storageKey))));
  return purged.length;
}

/** The purge's periodic pass, hourly, once per slot across processes (plugins/jobs.ts). */
export function registerMaterialPurgeJobs(ctx: AppContext, everyMs = 3_600_000): void {
  ctx.jobs.every('materials.purge-deleted', everyMs, () => purgeDeletedMaterials(ctx));
}

export interface MaterialDownload {
  stream: Readable;
  size: number;
  fileName: string;
}

/** Opens the PDF for a member or the owner and counts the download. */
export async function openDownload(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  materialId: string,
): Promise<MaterialDownload> {
  const { db } = ctx.database;
  const access = await requireGroupContentAccess(db, groupId, viewer.id);
  const material = await findMaterial(db, access, materialId);
  const file = await ctx.storage.get(materialKey(material.storageKey)).catch((error: unknown) => {
    throw error instanceof StoredObjectMissing ? materialNotFound() : error;
  });
  try {
    await countDownload(db, material.id);
    return { stream: file.stream, size: file.size, fileName: material.fileName };
  } catch (error) {
    file.stream.destroy();
    throw error;
  }
}
