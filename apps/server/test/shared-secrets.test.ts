// Issue 37 (decision 043): the list cursors' key and the push (VAPID) keys are made once in the
// database (`app_secrets`) unless the environment sets them, so two processes with their own
// DATA_DIR agree: a page read from one continues on the other. Two apps over one database stand
// for two processes here (test/multi-node runs real ones).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { appSecrets } from '../src/db/schema/index.ts';
import { loadOrCreateSecret } from '../src/lib/secrets.ts';
import { shareSecrets } from '../src/plugins/shared-secrets.ts';
import { buildTestApp, openTestDatabase, type TestApp } from './app.ts';
import { as, createPost, createUser } from './factories.ts';

let database: Database;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  // Each app closes its database on close: here the test does, once.
  const shared = { ...database, close: async () => {} };
  one = await buildTestApp({}, { database: shared });
  two = await buildTestApp({}, { database: shared });
});
afterAll(async () => {
  await one.app.close();
  await two.app.close();
  await database.close();
});

describe('keys every process shares', () => {
  it('accepts on one process the cursor another made, with no shared DATA_DIR', async () => {
    expect(one.config.dataDir).not.toBe(two.config.dataDir);
    const author = await createUser(one.app);
    for (const content of ['Primeira', 'Segunda', 'Terceira']) await createPost(one.app, author, { content });
    const first = await (await as(one.app, author)).get(`/api/users/${author.id}/posts?limit=1`);
    const { nextCursor } = first.json() as { nextCursor: string | null };
    expect(nextCursor).toEqual(expect.any(String));

    const next = await (await as(two.app, author)).get(
      `/api/users/${author.id}/posts?limit=1&cursor=${encodeURIComponent(nextCursor as string)}`,
    );
    expect(next.statusCode).toBe(200);
    expect(next.json().data).toHaveLength(1);
  });

  it('gives every process the same push public key', async () => {
    const user = await createUser(one.app);
    const keyOf = async (t: TestApp) =>
      ((await (await as(t.app, user)).get('/api/push/public-key')).json() as { data: { publicKey: string } })
        .data.publicKey;
    expect(await keyOf(one)).toBe(await keyOf(two));
    const names = (await database.db.select({ name: appSecrets.name }).from(appSecrets)).map(
      (row) => row.name,
    );
    expect(names).toEqual(expect.arrayContaining(['cursor-hmac-key', 'list-cursor-hmac-key', 'vapid-keys']));
  });

  it('takes the environment first, and carries a key kept under DATA_DIR into the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-secrets-'));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-secrets-'));
    try {
      fs.mkdirSync(path.join(dir, 'secrets'));
      fs.writeFileSync(path.join(dir, 'secrets', 'probe-old-key'), 'chave-antiga-do-disco\n');
      await shareSecrets(database.db, dir, [{ name: 'probe-old-key' }]);
      await shareSecrets(database.db, other, [{ name: 'probe-old-key' }]);
      expect(loadOrCreateSecret(other, 'probe-old-key')).toBe('chave-antiga-do-disco');

      await shareSecrets(database.db, other, [{ name: 'probe-env-key', fromEnv: 'da-variavel' }]);
      expect(loadOrCreateSecret(other, 'probe-env-key')).toBe('da-variavel');
      const stored = await database.db.select({ name: appSecrets.name }).from(appSecrets);
      expect(stored.map((row) => row.name)).not.toContain('probe-env-key');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
