import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';
import { readSecretFile, useSharedSecret } from '../lib/secrets.ts';

// Issue 37 (decision 043): the keys every node must agree on without a shared DATA_DIR — the list
// cursors' (a page read from one node continues on another) and the push (VAPID) keys (a browser's
// subscription names the public key). As with ALTCHA_HMAC_KEY (plugins/robot-check.ts): from the
// environment when set, else kept in `app_secrets`, made by whichever process comes first.

export interface SharedSecret {
  name: string;
  fromEnv?: string;
  /** A new value (default: 32 random bytes, base64url). */
  generate?: () => string;
}

const randomKey = () => randomBytes(32).toString('base64url');

/** A per-name key from one environment value, so one variable serves several keys. */
export const derivedKey = (fromEnv: string, name: string) =>
  createHmac('sha256', fromEnv).update(name).digest('base64url');

/**
 * The row of `name` in `app_secrets`, made if missing (insert if absent, then read: a racing process
 * reads the winner's). A key kept under DATA_DIR before is carried over, so the cursors and push
 * subscriptions of a single node survive the move.
 */
async function storedSecret(db: Tx, dataDir: string, secret: SharedSecret): Promise<string> {
  const read = async () =>
    (await db.select().from(appSecrets).where(eq(appSecrets.name, secret.name)))[0]?.value;
  const existing = await read();
  if (existing) return existing;
  const value = readSecretFile(dataDir, secret.name) ?? (secret.generate ?? randomKey)();
  await db.insert(appSecrets).values({ name: secret.name, value }).onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`the shared secret ${secret.name} was not stored`);
  return stored;
}

/** At boot, before any request: each secret from the environment or the database, for this process. */
export async function shareSecrets(db: Tx, dataDir: string, secrets: SharedSecret[]): Promise<void> {
  for (const secret of secrets) {
    useSharedSecret(dataDir, secret.name, secret.fromEnv ?? (await storedSecret(db, dataDir, secret)));
  }
}
