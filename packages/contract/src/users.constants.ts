import { BIO_MAX, DISPLAY_NAME_MAX, LOCATION_MAX, type REPORT_REASONS, WEBSITE_MAX } from './constants.ts';

// The limits, texts and labels of users and reports, without zod (the schemas are in users.ts), so the
// screens can import them through `@estudai/contract/constants` without loading zod.
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DESCRIPTION_MAX = 1_000;
/** Reports one person may send in 24 hours before the integrity check says no. */
export const REPORTS_PER_DAY_MAX = 5;
export const MODERATION_NOTE_MAX = 500;

/** Error codes of these calls, beside the shared ones in `ErrorCode`. */
export const USER_ERROR_CODES = {
  alreadyReported: 'ALREADY_REPORTED',
  reportLimit: 'REPORT_LIMIT',
  invalidImage: 'INVALID_IMAGE',
  selfAction: 'SELF_ACTION',
  /** One of the two blocked the other (issue 21): following, messages and mentions are refused. */
  blocked: 'BLOCKED',
} as const;

/** Texts of blocking a person (issue 21): the profile menu, the settings list and the 403s. */
export const BLOCK_MESSAGES = {
  block: 'Bloquear',
  unblock: 'Desbloquear',
  confirmTitle: (name: string) => `Bloquear ${name}?`,
  confirmDescription:
    'Vocês deixam de se seguir, ninguém envia mensagens nem menciona o outro, e as publicações de um somem para o outro. A pessoa não é avisada.',
  blockedTitle: 'Usuário bloqueado',
  blocked: 'Vocês não verão mais as publicações um do outro.',
  unblockedTitle: 'Usuário desbloqueado',
  unblocked: 'Vocês podem voltar a se seguir.',
  failed: 'Não foi possível concluir. Tente novamente.',
  cannotBlockSelf: 'Você não pode bloquear a si mesmo.',
  /** On the profile of someone the viewer blocked. */
  youBlockedNotice: 'Você bloqueou este usuário. Desbloqueie para ver as publicações e interagir.',
  listTitle: 'Usuários bloqueados',
  listEmpty: 'Você não bloqueou ninguém.',
  listDescription: 'Quem você bloqueia não pode seguir você, enviar mensagens nem mencionar você.',
  followYouBlocked: 'Você bloqueou este usuário. Desbloqueie para segui-lo.',
  followRefused: 'Você não pode seguir este usuário.',
  messageYouBlocked: 'Você bloqueou este usuário. Desbloqueie para enviar mensagens.',
  messageRefused: 'Você não pode enviar mensagens para este usuário.',
  mentionRefused: (username: string) => `Você não pode mencionar @${username}.`,
  connectYouBlocked: 'Você bloqueou este usuário. Desbloqueie para se conectar.',
  connectRefused: 'Você não pode se conectar com este usuário.',
} as const;

/**
 * Issue 37: what a viewer who may not see a profile in full is told when asking for one of its parts
 * (a followers-only minor's, or across a block): a 404, as for anything private.
 */
export const PROFILE_SURFACE_MESSAGES = {
  posts: 'Só seguidores aprovados veem as publicações deste perfil.',
  studyStats: 'Só seguidores aprovados veem as estatísticas de estudo deste perfil.',
  followLists: 'Só seguidores aprovados veem quem este perfil segue e quem o segue.',
} as const;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  conteudo_inadequado: 'Conteúdo inadequado',
  assedio: 'Assédio',
  informacoes_falsas: 'Informações falsas',
  violacao_direitos: 'Violação de direitos',
  outro: 'Outro',
  exploracao_infantil: 'Exploração ou aliciamento de menores',
};

/** Reasons that hide the reported content from everyone but admins until a moderator decides. */
export const URGENT_REPORT_REASONS: readonly ReportReason[] = ['exploracao_infantil'];

/** What can be reported: a person, a post, a comment or a chat message. */
export const REPORT_CONTENT_KINDS = ['user', 'post', 'comment', 'message'] as const;
export type ReportContentKind = (typeof REPORT_CONTENT_KINDS)[number];
export const CONTEST_REASON_MAX = 1_000;

/** Texts of spec §2, §5 and §8 for profiles, follows, reports and the study timer. */
export const USER_MESSAGES = {
  notFound: 'Usuário não encontrado',
  backHome: 'Voltar ao início',
  loadingProfile: 'Carregando perfil...',
  follow: 'Seguir',
  unfollow: 'Deixar de seguir',
  pending: 'Carregando...',
  /** Both follow each other: what 'Conectar' becomes. */
  connected: 'Conectados',
  followedTitle: 'Seguindo',
  unfollowedTitle: 'Deixou de seguir',
  errorTitle: 'Erro',
  followFailed: 'Não foi possível executar esta ação. Tente novamente.',
  cannotFollowSelf: 'Você não pode seguir a si mesmo.',
  profileUpdatedTitle: 'Perfil atualizado',
  profileUpdated: 'Suas informações foram salvas com sucesso.',
  profileUpdateFailed: 'Não foi possível atualizar o perfil. Tente novamente.',
  imageLoadedTitle: 'Imagem carregada',
  imageLoaded: 'Clique em Salvar para confirmar.',
  avatarTooLargeTitle: 'Arquivo muito grande',
  avatarTooLarge: 'A imagem deve ter no máximo 5MB.',
  avatarInvalidTitle: 'Formato inválido',
  avatarInvalid: 'Por favor, selecione uma imagem válida.',
  avatarTooManyPixels: 'A imagem tem dimensões grandes demais. Use uma imagem de até 40 megapixels.',
  displayNameRequired: 'Digite seu nome.',
  displayNameLong: `O nome deve ter no máximo ${DISPLAY_NAME_MAX} caracteres.`,
  bioLong: `A bio deve ter no máximo ${BIO_MAX} caracteres.`,
  locationLong: `A localização deve ter no máximo ${LOCATION_MAX} caracteres.`,
  websiteLong: `O site deve ter no máximo ${WEBSITE_MAX} caracteres.`,
  userTypeInvalid: 'Escolha um tipo de usuário válido: aluno, professor, mentor ou tutor.',
  adminOnly: 'Apenas administradores podem escolher o tipo admin.',
  guardianTypeByInvite: 'A conta de responsável só é criada pelo convite de um estudante.',
} as const;

export const REPORT_MESSAGES = {
  sentTitle: 'Denúncia enviada',
  sent: 'Nossa equipe irá analisar sua denúncia.',
  failedTitle: 'Erro ao enviar denúncia',
  failed: 'Não foi possível enviar a denúncia. Tente novamente.',
  alreadyReportedTitle: 'Denúncia não permitida',
  alreadyReported: 'Você já denunciou este usuário anteriormente.',
  contentAlreadyReported: 'Você já denunciou este conteúdo.',
  cannotReportOwn: 'Você não pode denunciar o seu próprio conteúdo.',
  commentNotFound: 'Comentário não encontrado.',
  messageNotFound: 'Mensagem não encontrada.',
  reportNotFound: 'Denúncia não encontrada.',
  contestReasonRequired: 'Explique por que você discorda da decisão.',
  contestReasonLong: `A explicação deve ter no máximo ${CONTEST_REASON_MAX} caracteres.`,
  contestSent: 'Contestação enviada. A moderação vai rever a decisão.',
  contestTwice: 'Você já contestou esta decisão.',
  contestNotAllowed: 'Esta decisão não pode ser contestada.',
  contestNotPending: 'Esta contestação já foi decidida.',
  contestUpheld: 'Decisão mantida.',
  contestReversed: 'Decisão revertida: o conteúdo voltou a aparecer.',
  outcomeTitle: 'Sua denúncia foi analisada',
  outcomeDismissed: 'Analisamos sua denúncia e não encontramos violação das regras. Obrigado por avisar.',
  outcomeActioned:
    'Analisamos sua denúncia e tomamos providências. Obrigado por ajudar a manter o Estudaí seguro.',
  contentRemovedTitle: 'Conteúdo removido pela moderação',
  contentRemoved:
    'Um conteúdo seu foi removido por violar as regras da comunidade. Se discordar, você pode contestar a decisão uma vez.',
  contestOutcomeTitle: 'Sua contestação foi analisada',
  limitTitle: 'Limite de denúncias atingido',
  limitFallback: 'Você atingiu o limite de denúncias permitidas.',
  limit: `Você atingiu o limite de ${REPORTS_PER_DAY_MAX} denúncias em 24 horas. Tente novamente mais tarde.`,
  canReport: 'Você pode enviar denúncias.',
  reasonRequired: 'Escolha um motivo.',
  descriptionRequired: 'Descreva o motivo da denúncia.',
  descriptionLong: `A descrição deve ter no máximo ${REPORT_DESCRIPTION_MAX} caracteres.`,
  cannotReportSelf: 'Você não pode denunciar a si mesmo.',
  alreadyResolved: 'Esta denúncia já foi resolvida.',
  cannotSuspendAdmin: 'Não é possível suspender um administrador.',
  resolved: { dismiss: 'Denúncia arquivada.', warn: 'Usuário advertido.', suspend: 'Usuário suspenso.' },
} as const;
