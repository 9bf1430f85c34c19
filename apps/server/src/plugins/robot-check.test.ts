// Issue 37: every process signs the robot check's challenges with the same key — the environment's,
// else one made once and kept in the database — so a proof solved against one node is accepted by
// another. Two robot checks over one database stand for two processes here (test/multi-node runs
// real ones).
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import type { Database } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';
import { createRobotCheck } from './robot-check.ts';

const easy = { robotCheck: { counterMin: 50, counterMax: 500 } };
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function solved(check: ReturnType<typeof createRobotCheck>): Promise<string> {
  const challenge = await check.issue();
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the robot check key', () => {
  it('is made once in the database and shared: a proof solved against one process passes another', async () => {
    const [one, two] = await Promise.all([
      createRobotCheck({ ...easy, altchaHmacKey: undefined }, database.db),
      createRobotCheck({ ...easy, altchaHmacKey: undefined }, database.db),
    ]);
    const fromOne = await solved(one);
    await expect(two.verify(fromOne)).resolves.toMatchObject({ signature: expect.any(String) });
    await expect(one.verify(await solved(two))).resolves.toBeDefined();
    const stored = await database.db.select().from(appSecrets);
    expect(stored.map((row) => row.name)).toEqual(['altcha-hmac-key']);
    expect(stored[0]?.value.length).toBeGreaterThanOrEqual(43);
  });

  it('takes ALTCHA_HMAC_KEY from the environment over the stored one, and a key it was not signed with fails', async () => {
    const key = 'k'.repeat(40);
    const fromEnv = createRobotCheck({ ...easy, altchaHmacKey: key }, database.db);
    const stored = createRobotCheck({ ...easy, altchaHmacKey: undefined }, database.db);
    await expect(
      createRobotCheck({ ...easy, altchaHmacKey: key }, database.db).verify(await solved(fromEnv)),
    ).resolves.toBeDefined();
    await expect(stored.verify(await solved(fromEnv))).rejects.toMatchObject({ statusCode: 400 });
  });
});
