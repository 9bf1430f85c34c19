import { NOTIFICATION_MESSAGES, type NotificationCounts, type NotificationType } from '@estudai/contract';
import { and, count, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { blocksEitherWay, notBlockedEitherWay } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { connectionRequests, notifications, pushSubscriptions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type NotificationRow, toNotification } from './notifications.present.ts';
import { sendPush } from './push.service.ts';

export interface NotifyInput {
  userId: string;
  actorId?: string | null;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
  /** Same key for the same event (e.g. `like:<post>:<actor>`): it then notifies only once. */
  dedupeKey?: string;
}

/**
 * Records a notification inside the caller's transaction, so it exists exactly when the event does.
 * Nobody is notified of their own action; a repeated event (same dedupe key) is not recorded again.
 * Pass what it returns to `deliver` once the transaction has committed.
 */
export async function notify(tx: Tx, input: NotifyInput): Promise<NotificationRow | undefined> {
  if (input.actorId && input.actorId === input.userId) return undefined;
  // Nothing from someone the recipient blocked, or who blocked them (issue 21).
  if (input.actorId && (await blocksEitherWay(tx, input.userId, input.actorId))) return undefined;
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
    actorId: string | Placeholder;
    message: string | Placeholder;
    actionUrl?: string | Placeholder | null;
    dedupeKey?: string | Placeholder;
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
 * After commit: every open tab of the recipient gets it at once, and their phones through Web Push.
 * A durable job (plugins/jobs.ts) does it, so a push that fails is tried again, on any process.
 */
export function deliver(ctx: AppContext, rows: ({ id: string } | undefined)[]): void {
  const ids = rows.filter((row): row is { id: string } => Boolean(row)).map((row) => row.id);
  if (ids.length === 0) return;
  const waiting = waitingDeliveries.get(ctx);
  if (waiting) {
    waiting.push(...ids);
    return;
  }
  // Events committed within DELIVERY_GATHER_MS of each other (likes under load) share one job.
  const batch = [...ids];
  waitingDeliveries.set(ctx, batch);
  ctx.tasks.run('deliver-notifications', async () => {
    await new Promise((resolve) => setTimeout(resolve, DELIVERY_GATHER_MS));
    waitingDeliveries.delete(ctx);
    await ctx.jobs.send('notifications.deliver', { ids: batch });
  });
}

/**
 * How long the first delivery waits for others to share its job: too short to notice on a screen,
 * long enough that likes under load queue a job for several (a job costs PostgreSQL more than a like).
 */
const DELIVERY_GATHER_MS = 25;

/** Per app: the ids `deliver` got in the current window, sent together at its end. */
const waitingDeliveries = new WeakMap<AppContext, string[]>();

/** Jobs of delivery the worker takes at once (one query for their rows, actors, badges and devices). */
const DELIVERY_BATCH = 20;

/**
 * The delivery job, for the jobs of one batch: the rows still there (a deleted account's are gone)
 * go to sockets, with the recipient's badge counts, then to push for those with a device.
 */
async function deliverNow(ctx: AppContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await ctx.database.db
    .select({
      notification: notifications,
      actor: { displayName: users.displayName, avatar: users.avatar },
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
  const byId = new Map(rows.map((row) => [row.notification.id, row]));
  const ordered = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
  const pushes: Promise<void>[] = [];
  for (const { notification: row, actor, unread, pendingRequests, hasDevice } of ordered) {
    const notification = toNotification(row, row.actorId ? actor : null);
    ctx.realtime.toUser(row.userId, 'notification:new', notification, { unread, pendingRequests });
    if (!hasDevice) continue;
    pushes.push(
      sendPush(ctx, row.userId, {
        title: notification.title,
        body: notification.message,
        url: notification.actionUrl ?? '/notifications',
        tag: notification.id,
      }),
    );
  }
  await Promise.all(pushes);
}

/** The notifications feature's jobs. */
export function registerNotificationJobs(ctx: AppContext): void {
  ctx.jobs.defineBatch(
    'notifications.deliver',
    (jobs) =>
      deliverNow(
        ctx,
        jobs.flatMap((job) => job.ids),
      ),
    { batchSize: DELIVERY_BATCH },
  );
}

export async function listNotifications(
  ctx: AppContext,
  userId: string,
  options: { page: number; limit: number; type?: NotificationType },
) {
  const db = ctx.database.db;
  const rows = await db
    .select({ notification: notifications, actor: { displayName: users.displayName, avatar: users.avatar } })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(eq(notifications.userId, userId), options.type ? eq(notifications.type, options.type) : undefined),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit + 1)
    .offset((options.page - 1) * options.limit);
  return {
    data: rows.slice(0, options.limit).map((row) => toNotification(row.notification, row.actor)),
    hasMore: rows.length > options.limit,
  };
}

export async function countsFor(ctx: AppContext, userId: string): Promise<NotificationCounts> {
  const db = ctx.database.db;
  const [[unread], [pending]] = await Promise.all([
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))),
    db
      .select({ n: count() })
      .from(connectionRequests)
      .where(and(eq(connectionRequests.toUserId, userId), eq(connectionRequests.status, 'pending'))),
  ]);
  return { unread: unread?.n ?? 0, pendingRequests: pending?.n ?? 0 };
}

/** Marks one of the user's notifications read; someone else's answers 404. */
export async function markRead(ctx: AppContext, userId: string, notificationId: string) {
  const [row] = await ctx.database.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  await publishCounts(ctx, userId);
}

export async function markAllRead(ctx: AppContext, userId: string) {
  const rows = await ctx.database.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  await publishCounts(ctx, userId);
  return { read: rows.length };
}

/** Other tabs of the user update their badges. */
export async function publishCounts(ctx: AppContext, userId: string) {
  ctx.realtime.toUser(userId, 'notification:counts', await countsFor(ctx, userId));
}
