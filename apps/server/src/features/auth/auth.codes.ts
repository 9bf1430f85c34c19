import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authCodes } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';

export type CodePurpose = 'verify_email' | 'reset_password';

export const CODE_TTL_MS: Record<CodePurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** Issues a one-time code (256 random bits); the caller mails it, we keep only its hash. */
export async function issueCode(db: Tx, userId: string, purpose: CodePurpose): Promise<string> {
  const code = randomToken();
  await db.insert(authCodes).values({
    codeHash: sha256(code),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + CODE_TTL_MS[purpose]),
  });
  return code;
}

/** Marks a live code used, atomically, and returns its user; undefined when unknown, used or expired. */
export async function consumeCode(db: Tx, code: string, purpose: CodePurpose): Promise<string | undefined> {
  const [row] = await db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authCodes.codeHash, sha256(code)),
        eq(authCodes.purpose, purpose),
        isNull(authCodes.usedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authCodes.userId });
  return row?.userId;
}

/** Ends every live code of the user for `purpose` (a reset link mailed earlier, once a reset is done). */
export async function revokeCodes(db: Tx, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .update(authCodes)
    .set({ usedAt: new Date() })
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
