import type { NotificationType } from '@estudai/contract';
import { and, count, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { notBlockedEitherWay } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import {
  connectionRequests,
  follows,
  notifications,
  pushSubscriptions,
  users,
} from '../../db/schema/index.ts';
import type { NotifyInput } from './notifications.present.ts';

/** One notification row; nothing (undefined) when its dedupe key was used before. */
export async function insertNotification(tx: Tx, input: NotifyInput) {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      actorId: input.actorId ?? null,
      type: input.type,
      title: input.title,
      message: input.message,
      actionUrl: input.actionUrl ?? null,
      dedupeKey: input.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * `notify` as a part (a CTE) of the statement that records the event, so both take one round trip:
 * the same insert under the same rules (nobody is told of their own action, nothing to or from
 * someone blocked either way, a dedupe key used before records nothing), for the recipient in
 * `userId` (SQL: a column of `source`), once per row of `source`. It returns the new row's `id`.
 */
export function notifyInStatement(
  input: Pick<NotifyInput, 'type' | 'title'> & {
    userId: SQL;
    actorId: string | Placeholder | SQL;
    message: string | Placeholder | SQL;
    actionUrl?: string | Placeholder | SQL | null;
    dedupeKey?: string | Placeholder | SQL;
  },
  source: SQL,
): SQL {
  return sql`insert into ${notifications} (user_id, actor_id, type, title, message, action_url, dedupe_key)
    select ${input.userId}, ${input.actorId}::uuid, ${input.type}::text, ${input.title}::text, ${input.message}::text,
      ${input.actionUrl ?? null}::text, ${input.dedupeKey ?? null}::text
    from ${source}
    where ${input.userId} <> ${input.actorId}::uuid and ${notBlockedEitherWay(input.actorId, input.userId)}
    on conflict do nothing
    returning id`;
}

/**
 * A notification's actor as the recipient sees them: name, avatar, and whether the recipient
 * follows them already (a new follower's card offers 'Seguir de volta' until then).
 */
const actorColumns = {
  id: users.id,
  displayName: users.displayName,
  avatar: users.avatar,
  followedBack: sql<boolean>`exists (select 1 from ${follows}
    where ${follows.followerId} = ${notifications.userId} and ${follows.followingId} = ${notifications.actorId})`.mapWith(
    Boolean,
  ),
};

/**
 * The rows to deliver that are still there (a deleted account's are gone), each with its actor,
 * its recipient's badge counts (what countsFor answers) and whether they have a device for push.
 */
export function deliveryRows(db: Tx, ids: string[]) {
  return db
    .select({
      notification: notifications,
      actor: actorColumns,
      // What countsFor answers, for each recipient.
      unread: sql<number>`(select count(*) from ${notifications} unread
        where unread.user_id = ${notifications.userId} and unread.is_read = false)`.mapWith(Number),
      pendingRequests: sql<number>`(select count(*) from ${connectionRequests}
        where ${connectionRequests.toUserId} = ${notifications.userId} and ${connectionRequests.status} = 'pending')`.mapWith(
        Number,
      ),
      hasDevice: sql<boolean>`exists (select 1 from ${pushSubscriptions}
        where ${pushSubscriptions.userId} = ${notifications.userId})`.mapWith(Boolean),
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(inArray(notifications.id, ids));
}

/** A page of the user's notifications (of one type, if given), newest first; one row more than `limit`. */
export function listNotificationRows(
  db: Tx,
  userId: string,
  options: { page: number; limit: number; type?: NotificationType },
) {
  return db
    .select({ notification: notifications, actor: actorColumns })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(eq(notifications.userId, userId), options.type ? eq(notifications.type, options.type) : undefined),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit + 1)
    .offset((options.page - 1) * options.limit);
}

export async function countUnread(db: Tx, userId: string): Promise<number> {
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return unread?.n ?? 0;
}

/** The connection and follow requests waiting for the user's answer. */
export async function countPendingRequests(db: Tx, userId: string): Promise<number> {
  const [pending] = await db
    .select({ n: count() })
    .from(connectionRequests)
    .where(and(eq(connectionRequests.toUserId, userId), eq(connectionRequests.status, 'pending')));
  return pending?.n ?? 0;
}

/** Marks one of the user's notifications read; false when it is not theirs (or not there). */
export async function markNotificationRead(db: Tx, userId: string, notificationId: string) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return Boolean(row);
}

/** Marks every unread notification of the user read; answers how many. */
export async function markAllNotificationsRead(db: Tx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
