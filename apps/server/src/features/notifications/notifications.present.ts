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
  id: string;
  displayName: string;
  avatar: string | null;
  /** The recipient follows the actor already. */
  followedBack: boolean;
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
    relatedUserId: actor?.id ?? null,
    // Only a new follower's card asks: 'Seguir de volta' until the recipient follows them.
    ...(row.type === 'follow' && actor ? { followedBack: actor.followedBack } : {}),
  };
}
