import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { blocks, reports } from '../../db/schema/index.ts';

/** How many people the teen blocked and how many reports they made: numbers, never contents. */
export async function safetyCountsOf(db: Tx, teenId: string) {
  const [[blocked], [reported]] = await Promise.all([
    db.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, teenId)),
    db.select({ n: count() }).from(reports).where(eq(reports.reporterId, teenId)),
  ]);
  return { blockedContacts: blocked?.n ?? 0, reportsMade: reported?.n ?? 0 };
}
