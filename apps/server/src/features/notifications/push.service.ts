import { createECDH } from 'node:crypto';
import type { PushSubscriptionInput } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { isMinorQuietAt, isQuietForMinor } from '../../lib/ages.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';
import {
  birthDateOf,
  deleteSubscription,
  findSubscriptionByEndpoint,
  listSubscriptions,
  upsertSubscription,
} from './push.queries.ts';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keysByDir = new Map<string, VapidKeys>();

/** `key` left-padded with zeros to `length` bytes. */
const padded = (key: Buffer, length: number) =>
  key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key;

/**
 * A new pair of VAPID keys, as `vapidKeys` keeps them: what web-push's `generateVAPIDKeys()` makes (a
 * P-256 pair, base64url, padded to 65 and 32 bytes), made here so that a start does not load web-push
 * (it is loaded with the first push; docs/performance.md, `npm run bench:memory`).
 */
export function newVapidKeys(): string {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  return JSON.stringify({
    publicKey: padded(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: padded(curve.getPrivateKey(), 32).toString('base64url'),
  });
}

/**
 * VAPID keys: `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, else made once in the database (app.ts,
 * plugins/shared-secrets.ts), so every node agrees; outside an app, under DATA_DIR/secrets.
 */
export function vapidKeys(dataDir: string): VapidKeys {
  let keys = keysByDir.get(dataDir);
  if (!keys) {
    keys = JSON.parse(loadOrCreateSecret(dataDir, 'vapid-keys', undefined, newVapidKeys)) as VapidKeys;
    keysByDir.set(dataDir, keys);
  }
  return keys;
}

/** Keeps this device's subscription for `userId`, tied to the session that made it (see the table). */
export async function saveSubscription(
  ctx: AppContext,
  session: { userId: string; sessionId: string | null },
  input: PushSubscriptionInput,
) {
  const values = { ...session, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await upsertSubscription(ctx.database.db, input.endpoint, values);
}

export async function removeSubscription(ctx: AppContext, userId: string, endpoint: string) {
  const { db } = ctx.database;
  const row = await findSubscriptionByEndpoint(db, endpoint);
  if (row?.userId === userId) await deleteSubscription(db, row.id);
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * No push wakes a minor between 22:00 and 07:00 Brasília time (issue 25): every Web Push goes
 * through here, so this is the one gate. The notification itself is kept and shows in the app.
 */
async function isQuietFor(ctx: AppContext, userId: string, now: Date): Promise<boolean> {
  if (!isMinorQuietAt(now)) return false;
  const user = await birthDateOf(ctx.database.db, userId);
  return Boolean(user && isQuietForMinor(user.birthDate, now));
}

/** Sends to every device of the user; endpoints the push service calls gone (404/410) are removed. */
export async function sendPush(
  ctx: AppContext,
  userId: string,
  payload: PushPayload,
  now = ctx.clock(),
): Promise<void> {
  const { db } = ctx.database;
  const subscriptions = await listSubscriptions(db, userId);
  if (subscriptions.length === 0 || (await isQuietFor(ctx, userId, now))) return;
  const { default: webpush } = await import('web-push');
  const vapidDetails = {
    subject: ctx.config.publicUrl.startsWith('https:')
      ? ctx.config.publicUrl
      : 'mailto:suporte@estudai.com.br',
    ...vapidKeys(ctx.config.dataDir),
  };
  await Promise.all(
    subscriptions.map(async (subscription) => {
      // web-push encrypts (aes128gcm) and signs (VAPID); fetch sends it, to https or a local stand-in.
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: 24 * 60 * 60 },
      );
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ?? undefined,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status === 404 || response.status === 410) {
          await deleteSubscription(db, subscription.id);
        } else if (!response.ok) {
          ctx.log.warn({ status: response.status, host: new URL(request.endpoint).host }, 'web push refused');
        }
      } catch (error) {
        ctx.log.warn({ err: error, host: new URL(request.endpoint).host }, 'web push failed');
      }
    }),
  );
}
