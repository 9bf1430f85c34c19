import { NOTIFICATION_MESSAGES, type NotificationCounts, type NotificationType } from '@estudai/contract';
import { blocksEitherWay } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type NotificationRow, type NotifyInput, toNotification } from './notifications.present.ts';
import {
  countPendingRequests,
  countUnread,
  deliveryRows,
  insertNotification,
  listNotificationRows,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.queries.ts';
import { sendPush } from './push.service.ts';

export type { NotifyInput } from './notifications.present.ts';
export { notifyInStatement } from './notifications.queries.ts';

/**
 * Records a notification inside the caller's transaction, so it exists exactly when the event does.
 * Nobody is notified of their own action; a repeated event (same dedupe key) is not recorded again.
 * Pass what it returns to `deliver` once the transaction has committed.
 */
export async function notify(tx: Tx, input: NotifyInput): Promise<NotificationRow | undefined> {
  if (input.actorId && input.actorId === input.userId) return undefined;
  // Nothing from someone the recipient blocked, or who blocked them (issue 21).
  if (input.actorId && (await blocksEitherWay(tx, input.userId, input.actorId))) return undefined;
  return insertNotification(tx, input);
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
  const rows = await deliveryRows(ctx.database.db, ids);
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
  const rows = await listNotificationRows(ctx.database.db, userId, options);
  return {
    data: rows.slice(0, options.limit).map((row) => toNotification(row.notification, row.actor)),
    hasMore: rows.length > options.limit,
  };
}

export async function countsFor(ctx: AppContext, userId: string): Promise<NotificationCounts> {
  const db = ctx.database.db;
  const [unread, pendingRequests] = await Promise.all([
    countUnread(db, userId),
    countPendingRequests(db, userId),
  ]);
  return { unread, pendingRequests };
}

/** Marks one of the user's notifications read; someone else's answers 404. */
export async function markRead(ctx: AppContext, userId: string, notificationId: string) {
  const found = await markNotificationRead(ctx.database.db, userId, notificationId);
  if (!found) throw notFound(NOTIFICATION_MESSAGES.notFound);
  await publishCounts(ctx, userId);
}

export async function markAllRead(ctx: AppContext, userId: string) {
  const read = await markAllNotificationsRead(ctx.database.db, userId);
  await publishCounts(ctx, userId);
  return { read };
}

/** Other tabs of the user update their badges. */
async function publishCounts(ctx: AppContext, userId: string) {
  ctx.realtime.toUser(userId, 'notification:counts', await countsFor(ctx, userId));
}

/** `publishCounts` once `tx` (of events.transaction) commits: nothing if it rolls back. */
export function publishCountsAfterCommit(ctx: AppContext, tx: Tx, userId: string): void {
  ctx.events.afterCommit(tx, () => ctx.tasks.run('notifications.counts', () => publishCounts(ctx, userId)));
}
