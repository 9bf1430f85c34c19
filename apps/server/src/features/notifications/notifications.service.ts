import { NOTIFICATION_MESSAGES, type NotificationCounts, type NotificationType } from '@estudai/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { connectionRequests, notifications, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { blocksEitherWay } from '../users/block-rules.service.ts';
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
 * After commit: every open tab of the recipient gets it at once, and their phones through Web Push.
 * A durable job (plugins/jobs.ts) does it, so a push that fails is tried again, on any process.
 */
export function deliver(ctx: AppContext, rows: (NotificationRow | undefined)[]): void {
  const ids = rows.filter((row): row is NotificationRow => Boolean(row)).map((row) => row.id);
  if (ids.length === 0) return;
  ctx.tasks.run('deliver-notifications', () => ctx.jobs.send('notifications.deliver', { ids }));
}

/** The delivery job: the rows still there (a deleted account's are gone) go to sockets and push. */
async function deliverNow(ctx: AppContext, ids: string[]): Promise<void> {
  const fresh = await ctx.database.db.select().from(notifications).where(inArray(notifications.id, ids));
  const presented = await withActors(ctx.database.db, fresh);
  for (const notification of presented) {
    const row = fresh.find((r) => r.id === notification.id);
    if (!row) continue;
    ctx.realtime.toUser(row.userId, 'notification:new', notification, await countsFor(ctx, row.userId));
    await sendPush(ctx, row.userId, {
      title: notification.title,
      body: notification.message,
      url: notification.actionUrl ?? '/notifications',
      tag: notification.id,
    });
  }
}

/** The notifications feature's jobs. */
export function registerNotificationJobs(ctx: AppContext): void {
  ctx.jobs.define('notifications.deliver', ({ ids }) => deliverNow(ctx, ids));
}

async function withActors(db: Tx, rows: NotificationRow[]) {
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => Boolean(id)))];
  const actors = actorIds.length
    ? await db
        .select({ id: users.id, displayName: users.displayName, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, actorIds))
    : [];
  const byId = new Map(actors.map((actor) => [actor.id, actor]));
  return rows.map((row) => toNotification(row, row.actorId ? (byId.get(row.actorId) ?? null) : null));
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
