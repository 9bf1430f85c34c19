import type { Notification, NotificationType } from '@estudai/contract';
import type { notifications } from '../../db/schema/index.ts';

/** What `notify` records (notifications.service.ts). */
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

export type NotificationRow = typeof notifications.$inferSelect;
export interface Actor {
  displayName: string;
  avatar: string | null;
}

export function toNotification(row: NotificationRow, actor: Actor | null): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    actionUrl: row.actionUrl,
    createdAt: row.createdAt.toISOString(),
    relatedUserAvatar: actor?.avatar ?? null,
    relatedUserName: actor?.displayName ?? null,
  };
}
