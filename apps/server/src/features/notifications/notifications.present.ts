import type { Notification } from '@estudai/contract';
import type { notifications } from '../../db/schema/index.ts';

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
