// The limits, texts and labels of notifications, without zod (the schemas are in notifications.ts), so the
// screens can import them through `@estudai/contract/constants` without loading zod.

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
