import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';

/** The moderators (admins, as access/moderation.ts has them), not suspended. */
export async function moderatorIds(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'admin'), isNull(users.suspendedAt)));
  return rows.map((row) => row.id);
}
