import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authCodes } from '../../db/schema/index.ts';

export type CodePurpose = 'verify_email' | 'reset_password';

export async function insertCode(
  db: Tx,
  code: { codeHash: string; userId: string; purpose: CodePurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(authCodes).values(code);
}

/** Marks a code live at `now` used, atomically, and returns its user; undefined when unknown, used or expired. */
export async function useCode(
  db: Tx,
  codeHash: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(authCodes.codeHash, codeHash),
        eq(authCodes.purpose, purpose),
        isNull(authCodes.usedAt),
        gt(authCodes.expiresAt, now),
      ),
    )
    .returning({ userId: authCodes.userId });
  return row?.userId;
}

/** Ends every live code of the user for `purpose` (a reset link mailed earlier, once a reset is done). */
export async function revokeCodes(db: Tx, userId: string, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt)));
}

export async function lastCodeIssuedAt(
  db: Tx,
  userId: string,
  purpose: CodePurpose,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: authCodes.createdAt })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}
