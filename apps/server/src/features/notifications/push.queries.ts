import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pushSubscriptions, users } from '../../db/schema/index.ts';

/** Keeps a device's subscription (by its endpoint), for the user and session in `values`. */
export async function upsertSubscription(
  db: Tx,
  endpoint: string,
  values: { userId: string; sessionId: string | null; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...values, endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

export async function findSubscriptionByEndpoint(db: Tx, endpoint: string) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .limit(1);
  return row;
}

export async function deleteSubscription(db: Tx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Every device of the user. */
export function listSubscriptions(db: Tx, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function birthDateOf(db: Tx, userId: string) {
  const [user] = await db.select({ birthDate: users.birthDate }).from(users).where(eq(users.id, userId));
  return user;
}
