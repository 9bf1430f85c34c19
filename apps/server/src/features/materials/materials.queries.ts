import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupMaterials } from '../../db/schema/index.ts';
import type { MaterialRow } from './materials.present.ts';

/** A material of this group that is not deleted (hidden or not), or undefined. */
export async function findGroupMaterial(
  db: Tx,
  groupId: string,
  materialId: string,
): Promise<MaterialRow | undefined> {
  const [row] = await db
    .select()
    .from(groupMaterials)
    .where(
      and(
        eq(groupMaterials.id, materialId),
        eq(groupMaterials.studyGroupId, groupId),
        isNull(groupMaterials.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** A page of the group's materials not deleted, newest first; hidden ones only `withHidden`. */
export function listGroupMaterials(
  db: Tx,
  groupId: string,
  withHidden: boolean,
  page: { limit: number; offset: number },
): Promise<MaterialRow[]> {
  return db
    .select()
    .from(groupMaterials)
    .where(
      and(
        eq(groupMaterials.studyGroupId, groupId),
        isNull(groupMaterials.deletedAt),
        withHidden ? undefined : eq(groupMaterials.isVisible, true),
      ),
    )
    .orderBy(desc(groupMaterials.createdAt), desc(groupMaterials.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function insertMaterial(
  db: Tx,
  values: typeof groupMaterials.$inferInsert,
): Promise<MaterialRow | undefined> {
  const [row] = await db.insert(groupMaterials).values(values).returning();
  return row;
}

export async function updateMaterialRow(
  db: Tx,
  materialId: string,
  changes: Partial<typeof groupMaterials.$inferInsert>,
): Promise<MaterialRow | undefined> {
  const [row] = await db
    .update(groupMaterials)
    .set(changes)
    .where(eq(groupMaterials.id, materialId))
    .returning();
  return row;
}

/** Soft-deletes a material, once: false when it was deleted already. */
export async function markMaterialDeleted(db: Tx, materialId: string, now: Date): Promise<boolean> {
  const [removed] = await db
    .update(groupMaterials)
    .set({ deletedAt: now })
    .where(and(eq(groupMaterials.id, materialId), isNull(groupMaterials.deletedAt)))
    .returning({ id: groupMaterials.id });
  return Boolean(removed);
}

/** Removes the rows soft-deleted before `before`: their store keys. */
export async function deleteMaterialsDeletedBefore(db: Tx, before: Date): Promise<{ storageKey: string }[]> {
  return db
    .delete(groupMaterials)
    .where(lt(groupMaterials.deletedAt, before))
    .returning({ storageKey: groupMaterials.storageKey });
}

export async function countDownload(db: Tx, materialId: string): Promise<void> {
  await db
    .update(groupMaterials)
    .set({ downloadCount: sql`${groupMaterials.downloadCount} + 1` })
    .where(eq(groupMaterials.id, materialId));
}
