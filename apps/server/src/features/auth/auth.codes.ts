import type { Tx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { type CodePurpose, insertCode, useCode } from './codes.queries.ts';

export { type CodePurpose, lastCodeIssuedAt, revokeCodes } from './codes.queries.ts';

const CODE_TTL_MS: Record<CodePurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** Issues a one-time code (256 random bits) at `now`; the caller mails it, we keep only its hash. */
export async function issueCode(db: Tx, userId: string, purpose: CodePurpose, now: Date): Promise<string> {
  const code = randomToken();
  await insertCode(db, {
    codeHash: sha256(code),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS[purpose]),
  });
  return code;
}

/** Marks a live code used, atomically, and returns its user; undefined when unknown, used or expired. */
export function consumeCode(
  db: Tx,
  code: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string | undefined> {
  return useCode(db, sha256(code), purpose, now);
}
