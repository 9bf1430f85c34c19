import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * After the image check of an avatar at `url`: taken off the profile (`shown` false) if it is still
 * the avatar, or put back (`shown` true) if the profile has none. Answers whether the row changed.
 */
export async function setCheckedAvatar(db: Tx, userId: string, url: string, shown: boolean, at: Date) {
  const changed = await db
    .update(users)
    .set({ avatar: shown ? url : null, updatedAt: at })
    .where(and(eq(users.id, userId), shown ? isNull(users.avatar) : eq(users.avatar, url)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** The profile's avatar address as committed, its row locked until the transaction ends. */
export async function lockedAvatar(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.avatar ?? null;
}

/** Changes the user's own row; answers it as it now is (undefined: no such row). */
export async function updateUserRow(db: Tx, userId: string, changes: Partial<typeof users.$inferInsert>) {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return updated;
}
