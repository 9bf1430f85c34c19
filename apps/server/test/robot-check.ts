import type { RobotCheckChallenge } from '@estudai/contract';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { App } from '../src/app.ts';
import type { Config } from '../src/config.ts';

/** Challenges a test solves in milliseconds instead of the second a person's phone spends. */
export const easyRobotCheck: Partial<Config> = { robotCheck: { counterMin: 50, counterMax: 2_000 } };

/** Fetches a challenge and solves it as the page's worker does: the base64 ALTCHA payload. */
export async function solveRobotCheck(app: App): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/altcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`challenge refused: ${res.statusCode}`);
  const challenge: RobotCheckChallenge = res.json().data;
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
