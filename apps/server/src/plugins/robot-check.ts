import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  ROBOT_CHECK_FAILED_CODE,
  ROBOT_CHECK_TTL_SECONDS,
  type RobotCheckChallenge,
  type RobotCheckPayload,
  robotCheckPayloadSchema,
  WAITLIST_MESSAGES,
} from '@estudai/contract';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq, lt } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { appSecrets, robotCheckUses } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';

/** SHA-256 is in every browser's WebCrypto, so the page solves without WebAssembly (CSP) or a library. */
const ALGORITHM = 'SHA-256';

const refuse = (message: string) => badRequest(message, ROBOT_CHECK_FAILED_CODE);

const HMAC_KEY_NAME = 'altcha-hmac-key';

/**
 * The key every process signs with: `ALTCHA_HMAC_KEY`, else the one in the database (the first process
 * to need it makes it; a racing one reads the winner's).
 */
async function sharedKey(db: Tx, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name: HMAC_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, HMAC_KEY_NAME));
  if (!row) throw new Error('the robot check key was not stored');
  return row.value;
}

/**
 * The self-hosted robot check (ALTCHA v2 proof of work): challenges signed with our HMAC key,
 * solutions verified here, each accepted once (see `markUsed`) and only within 5 minutes.
 */
export function createRobotCheck(config: Pick<Config, 'altchaHmacKey' | 'robotCheck'>, db: Tx) {
  let secrets: Promise<{ hmacSignatureSecret: string; hmacKeySignatureSecret: string }> | undefined;
  const keys = () => {
    if (!secrets) {
      secrets = sharedKey(db, config.altchaHmacKey).then((hmacSignatureSecret) => ({
        hmacSignatureSecret,
        // The derived-key signature lets the server check a solution without redoing the work.
        hmacKeySignatureSecret: createHmac('sha256', hmacSignatureSecret)
          .update('altcha-key-signature')
          .digest('base64url'),
      }));
      // A failed read (the database away) is tried again by the next request.
      secrets.catch(() => {
        secrets = undefined;
      });
    }
    return secrets;
  };

  async function issue(): Promise<RobotCheckChallenge> {
    const { hmacSignatureSecret, hmacKeySignatureSecret } = await keys();
    const { counterMin, counterMax } = config.robotCheck;
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      deriveKey,
      counter: randomInt(counterMin, counterMax + 1),
      expiresAt: Math.floor(Date.now() / 1000) + ROBOT_CHECK_TTL_SECONDS,
      hmacSignatureSecret,
      hmacKeySignatureSecret,
    });
    return { parameters: { ...challenge.parameters }, signature: challenge.signature };
  }

  /** The challenge behind a valid, unexpired answer; a 400 with the reason otherwise. */
  async function verify(response: string): Promise<RobotCheckPayload['challenge']> {
    const payload = decode(response);
    if (!payload) throw refuse(WAITLIST_MESSAGES.robotCheckInvalid);
    const { hmacSignatureSecret, hmacKeySignatureSecret } = await keys();
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge: payload.challenge as Challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    } catch {
      throw refuse(WAITLIST_MESSAGES.robotCheckInvalid);
    }
    if (result.expired) throw refuse(WAITLIST_MESSAGES.robotCheckExpired);
    if (!result.verified || payload.challenge.parameters.algorithm !== ALGORITHM) {
      throw refuse(WAITLIST_MESSAGES.robotCheckInvalid);
    }
    return payload.challenge;
  }

  return { issue, verify };
}

export type RobotCheck = ReturnType<typeof createRobotCheck>;

/** `recaptchaResponse` is base64 JSON of `{ challenge, solution }`, the ALTCHA payload format. */
function decode(response: string): RobotCheckPayload | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
    const parsed = robotCheckPayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Records a verified challenge as spent, inside the caller's transaction; a second use, even
 * through another process, finds the row and is refused. Spent challenges past their expiry go.
 */
export async function markUsed(tx: Tx, challenge: RobotCheckPayload['challenge']): Promise<void> {
  const { signature } = challenge;
  const expiresAt = challenge.parameters.expiresAt;
  if (!signature || !expiresAt) throw refuse(WAITLIST_MESSAGES.robotCheckInvalid);
  await tx.delete(robotCheckUses).where(lt(robotCheckUses.expiresAt, new Date()));
  const inserted = await tx
    .insert(robotCheckUses)
    .values({ signature, expiresAt: new Date(expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ signature: robotCheckUses.signature });
  if (inserted.length === 0) throw refuse(WAITLIST_MESSAGES.robotCheckUsed);
}
