import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Changes the user's own row; answers it as it now is (undefined: no such row). */
export async function updateUserRow(db: Tx, userId: string, changes: Partial<typeof users.$inferInsert>) {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return updated;
}
