// Issue 43: every action against a person has a reason and an appeal; strikes; the moderators' queue.
import { REPORT_REASON_LABELS } from './users.constants.ts';

/** What was done to a person. A strike's consequence is `warning`, `limit` or `suspension`. */
export const ENFORCEMENT_KINDS = [
  'warning',
  'limit',
  'suspension',
  'content_removed',
  'image_hidden',
  'message_held',
] as const;
export type EnforcementKind = (typeof ENFORCEMENT_KINDS)[number];

/** What an action was about: a person, or one of their items. */
export const ENFORCEMENT_ITEM_TYPES = ['user', 'post', 'comment', 'message', 'image'] as const;
export type EnforcementItemType = (typeof ENFORCEMENT_ITEM_TYPES)[number];

export const APPEAL_STATUSES = ['pending', 'upheld', 'reversed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export const APPEAL_TEXT_MAX = 1_000;
/** Strikes count for 90 days; the ladder: 1st a warning, 2nd a 24 h limit, 3rd and on a 7-day suspension. */
export const STRIKE_EXPIRY_DAYS = 90;
export const STRIKE_LIMIT_HOURS = 24;
export const STRIKE_SUSPENSION_DAYS = 7;

export const MODERATION_QUEUE_KINDS = ['reports', 'images', 'appeals'] as const;
export type ModerationQueueKind = (typeof MODERATION_QUEUE_KINDS)[number];

export const ENFORCEMENT_KIND_LABELS: Record<EnforcementKind, string> = {
  warning: 'Advertência',
  limit: 'Limite de 24 horas para publicar e enviar mensagens',
  suspension: 'Suspensão da conta',
  content_removed: 'Conteúdo removido',
  image_hidden: 'Imagem ocultada',
  message_held: 'Mensagem retida',
};

export const ENFORCEMENT_ITEM_LABELS: Record<EnforcementItemType, string> = {
  user: 'sua conta',
  post: 'uma publicação sua',
  comment: 'um comentário seu',
  message: 'uma mensagem sua',
  image: 'uma imagem sua',
};

/** Rules an action may name: the reasons of a report, and the automatic checks' own. */
export const RULE_LABELS: Record<string, string> = {
  ...REPORT_REASON_LABELS,
  conteudo_sensivel: 'Conteúdo sensível',
  contato_inseguro: 'Contato inseguro com menor',
};
export const ruleLabel = (rule: string): string => RULE_LABELS[rule] ?? rule;

export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  pending: 'Recurso em análise',
  upheld: 'Recurso negado: decisão mantida',
  reversed: 'Recurso aceito: decisão revertida',
};

export const MODERATION_ERROR_CODES = {
  appealTooLong: 'APPEAL_TOO_LONG',
  alreadyAppealed: 'ALREADY_APPEALED',
  notAppealable: 'NOT_APPEALABLE',
  sameModerator: 'SAME_MODERATOR',
  appealDecided: 'APPEAL_DECIDED',
  moderatorsOnly: 'MODERATORS_ONLY',
  limited: 'POSTING_LIMITED',
} as const;

export const MODERATION_MESSAGES = {
  actionNotFound: 'Ação de moderação não encontrada.',
  appealNotFound: 'Recurso não encontrado.',
  appealRequired: 'Explique por que você discorda da decisão.',
  appealTooLong: `O recurso deve ter no máximo ${APPEAL_TEXT_MAX} caracteres.`,
  appealTwice: 'Você já recorreu desta decisão.',
  notAppealable: 'Esta decisão já foi revertida e não pode mais receber recurso.',
  appealSent: 'Recurso enviado. Outra pessoa da moderação vai rever a decisão.',
  sameModerator: 'Quem tomou a decisão não pode julgar o recurso: outra pessoa da moderação precisa decidir.',
  appealDecided: 'Este recurso já foi decidido.',
  appealUpheld: 'Recurso negado: a decisão foi mantida.',
  appealReversed: 'Recurso aceito: a decisão foi revertida.',
  credentialsRequired: 'Digite seu e-mail e sua senha.',
  notSuspended: 'Esta conta não está suspensa.',
  suspendedAppealHint:
    'Se você acha que a suspensão foi um engano, explique e recorra: outra pessoa da moderação vai rever a decisão.',
  moderatorsOnly: 'Apenas a equipe de moderação pode acessar esta área.',
  queueKindInvalid: 'Escolha a fila: reports, images ou appeals.',
  bulkActionInvalid: 'Escolha uma ação: dismiss, warn ou suspend.',
  bulkNothingOpen: 'Não há denúncias em aberto contra esta pessoa.',
  bulkResolved: (count: number) => (count === 1 ? '1 denúncia resolvida.' : `${count} denúncias resolvidas.`),
  /** A limited person trying to post, comment or send a message (403). */
  limited: (until: string) =>
    `Você está temporariamente impedido de publicar e enviar mensagens até ${until}, por violar as regras da comunidade.`,
  actionTitle: 'Ação da moderação',
  appealOutcomeTitle: 'Seu recurso foi analisado',
} as const;
