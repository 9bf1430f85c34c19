import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'follow',
  'mention',
  'group_invite',
  'system',
  'study_group',
  'achievement',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const RECOMMENDATION_REASONS = [
  'similar_interests',
  'mutual_connections',
  'popular',
  'study_groups',
] as const;
export type RecommendationReason = (typeof RECOMMENDATION_REASONS)[number];

/** Texts of spec §2 '/notifications' and §8. */
export const NOTIFICATION_MESSAGES = {
  requestsTab: 'Solicitações',
  generalTab: 'Geral',
  recommendedTab: 'Recomendados',
  accepted: 'Agora vocês estão conectados! 🎉',
  rejected: 'Solicitação rejeitada',
  followed: 'Agora você está seguindo! ✨',
  followFailedTitle: 'Erro ao seguir usuário',
  followFailed: 'Tente novamente em alguns instantes.',
  requestSent: 'Solicitação enviada',
  notFound: 'Notificação não encontrada.',
  requestNotFound: 'Solicitação não encontrada.',
  requestSelf: 'Você não pode se conectar com você mesmo.',
  alreadyConnected: 'Vocês já estão conectados.',
  pushSwitch: 'Notificações no celular',
  pushUnsupported: 'Este navegador não permite notificações.',
  pushDenied: 'As notificações estão bloqueadas nas configurações do navegador.',
} as const;

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
});
export type Notification = z.infer<typeof notificationSchema>;

export const connectionRequestSchema = z.object({
  id: z.string(),
  fromUserId: z.string(),
  fromUserName: z.string(),
  fromUserAvatar: z.string().nullable(),
  fromUserBio: z.string(),
  createdAt: z.string(),
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
