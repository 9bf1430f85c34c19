// Password hashing (argon2id), shared by sign-in and by the checks that ask for the password again
// (a suspended person's appeal, issue 43); no feature of its own.
import { hash, type Options, verify } from '@node-rs/argon2';

/** argon2id at the OWASP minimum: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS: Options = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

// Verified against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const DUMMY_HASH = hash('estudai-dummy-password', ARGON2_OPTIONS);

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  try {
    const matches = await verify(passwordHash ?? (await DUMMY_HASH), password);
    return Boolean(passwordHash) && matches;
  } catch {
    return false;
  }
}
