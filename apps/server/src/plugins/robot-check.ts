import { createHmac, randomInt } from 'node:crypto';
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
import { lt } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { robotCheckUses } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { loadOrCreateSecret } from '../lib/secrets.ts';

/** SHA-256 is in every browser's WebCrypto, so the page solves without WebAssembly (CSP) or a library. */
const ALGORITHM = 'SHA-256';

const refuse = (message: string) => badRequest(message, ROBOT_CHECK_FAILED_CODE);

/**
 * The self-hosted robot check (ALTCHA v2 proof of work): challenges signed with our HMAC key,
 * solutions verified here, each accepted once (see `markUsed`) and only within 5 minutes.
 */
export function createRobotCheck(config: Pick<Config, 'dataDir' | 'altchaHmacKey' | 'robotCheck'>) {
  const hmacSignatureSecret = loadOrCreateSecret(config.dataDir, 'altcha-hmac-key', config.altchaHmacKey);
  // The derived-key signature lets the server check a solution without redoing the work.
  const hmacKeySignatureSecret = createHmac('sha256', hmacSignatureSecret)
    .update('altcha-key-signature')
    .digest('base64url');

  async function issue(): Promise<RobotCheckChallenge> {
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
