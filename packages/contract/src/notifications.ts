import { z } from 'zod';
import { NOTIFICATION_TYPES, RECOMMENDATION_REASONS } from './notifications.constants.ts';

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  actionUrl: z.string().nullable(),
  createdAt: z.string(),
  relatedUserAvatar: z.string().nullable(),
  relatedUserName: z.string().nullable(),
  /** The actor's id (older clients ignore it). */
  relatedUserId: z.string().nullable().optional(),
  /** A 'follow' notification only: whether the recipient follows the new follower already ('Seguir de volta'). */
  followedBack: z.boolean().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const connectionRequestSchema = z.object({
  id: z.string(),
  fromUserId: z.string(),
  fromUserName: z.string(),
  fromUserAvatar: z.string().nullable(),
  fromUserBio: z.string(),
  createdAt: z.string(),
  /** 'connect': follow each other ('Conectar'); 'follow': someone asks to follow a minor (issue 25). */
  kind: z.enum(['connect', 'follow']).optional(),
});
export type ConnectionRequest = z.infer<typeof connectionRequestSchema>;

export const answerRequestSchema = z.strictObject({
  action: z.enum(['accept', 'reject'], { error: "A ação deve ser 'accept' ou 'reject'." }),
});

export const recommendedUserSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  isVerified: z.boolean(),
  followersCount: z.number().int(),
  mutualFollowersCount: z.number().int(),
  recommendationReason: z.enum(RECOMMENDATION_REASONS),
});
export type RecommendedUser = z.infer<typeof recommendedUserSchema>;

export const notificationCountsSchema = z.object({
  unread: z.number().int(),
  pendingRequests: z.number().int(),
});
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url('Endereço de notificação inválido.').max(2_000),
  expirationTime: z.number().nullish(),
  keys: z.strictObject({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
