// Teenagers and their data (issue 25): ages, guardians, privacy settings, 'Meus dados'. Without zod
// (the schemas are in minors.ts), so the screens can import them through `@estudai/contract/constants`.

/** Under this age the account must be created by a guardian with the child (LGPD art. 14). */
export const MIN_SIGNUP_AGE = 12;
/** Under this age a confirmed guardian is needed to leave 'modo protegido'. */
export const SUPERVISION_AGE = 16;
/** From this age on, the protective defaults no longer apply. */
export const ADULT_AGE = 18;
/** A birth date giving this age or more is a typing mistake. */
export const MAX_AGE = 130;

export const GUARDIAN_INVITE_DAYS = 7;
export const EXPORT_DOWNLOAD_DAYS = 7;
export const ACCOUNT_DELETION_DAYS = 7;
/** The guardian's dashboard shows this many Brasília days, today included. */
export const DASHBOARD_DAYS = 14;
/** The teen's last corrected essays whose scores the guardian's dashboard shows (issue 38). */
export const GUARDIAN_ESSAYS_SHOWN = 5;
/** App time is counted in buckets of this many minutes with any activity. */
export const PRESENCE_BUCKET_MINUTES = 5;
/** No Web Push to a minor from 22:00 to 07:00 Brasília time (the notification is still kept). */
export const MINOR_QUIET_HOURS = { from: 22, until: 7 } as const;

export const SUPERVISION_STATUSES = ['none', 'pending', 'active'] as const;
export type SupervisionStatus = (typeof SUPERVISION_STATUSES)[number];

export const PROFILE_VISIBILITIES = ['public', 'followers'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

export const EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'refused', 'used'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Whether 'YYYY-MM-DD' names a real calendar day (no 31 February). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole years between a birth date and a day, both 'YYYY-MM-DD' (a 29 February birthday counts on 1 March). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** Texts of sign-up age, guardians, privacy settings and the protective rules. */
export const MINORS_MESSAGES = {
  birthDateLabel: 'Data de nascimento',
  birthDateRequired: 'Informe sua data de nascimento.',
  birthDateInvalid: 'Informe uma data de nascimento válida (dia, mês e ano).',
  birthDateFuture: 'A data de nascimento não pode estar no futuro.',
  birthDateTooOld: `Confira a data de nascimento: ela indica ${MAX_AGE} anos ou mais.`,
  underMinAge: `Menores de ${MIN_SIGNUP_AGE} anos não podem criar a conta sozinhos: um responsável precisa criar a conta junto com você (LGPD, art. 14).`,
  birthDateAlreadySet: 'Sua data de nascimento já foi informada. Para corrigi-la, fale com o suporte.',
  birthDateSaved: 'Data de nascimento salva.',
  birthDateNeeded: 'Informe sua data de nascimento para usar o chat e os grupos pagos.',
  protectedChat:
    'Sua conta está em modo protegido: o chat fica disponível depois que seu responsável confirmar o vínculo.',
  partnerProtected: 'Esta conta está em modo protegido e não pode conversar no momento.',
  adultChatNeedsGroup:
    'Por segurança, um adulto só conversa com um estudante menor de idade quando os dois se seguem e o adulto é dono de um grupo de estudo de que o estudante participa.',
  adultChatRefused: 'Esta pessoa não aceita conversas com adultos.',
  protectedPaid:
    'Sua conta está em modo protegido: grupos pagos ficam disponíveis depois que seu responsável confirmar o vínculo.',
  approvalSentTitle: 'Pedido enviado para o seu responsável',
  approvalRequested: 'Pedimos a autorização do seu responsável. Você poderá pagar assim que ele aprovar.',
  approvalStillPending: 'Seu responsável ainda não respondeu ao pedido para entrar neste grupo pago.',
  inviteOnlyMinors: 'Apenas estudantes menores de 18 anos podem convidar um responsável.',
  inviteSelf: 'Informe o e-mail de um responsável, não o seu.',
  alreadySupervised: 'Você já tem um responsável vinculado.',
  inviteNotFound: 'Convite não encontrado.',
  inviteExpired: 'Este convite expirou. Peça ao estudante para enviar um novo.',
  inviteUsed: 'Este convite já foi usado.',
  guardianMinor: 'O responsável precisa ser maior de idade.',
  guardianNeedsBirthDate: 'Informe sua data de nascimento antes de confirmar o vínculo.',
  guardianIsTeen: 'Você não pode ser responsável pela sua própria conta.',
  linkNotFound: 'Vínculo não encontrado.',
  teenCannotUnlink: `Menores de ${SUPERVISION_AGE} anos não podem desfazer o vínculo com o responsável.`,
  unlinked: 'Vínculo desfeito.',
  teenNotFound: 'Estudante não encontrado.',
  approvalNotFound: 'Pedido não encontrado.',
  approvalAnswered: 'Este pedido já foi respondido.',
  approvalApproved: 'Pedido aprovado. O estudante já pode fazer o pagamento.',
  approvalRefused: 'Pedido recusado.',
  privacyLooser:
    'Para deixar sua privacidade menos restrita que o padrão, peça ao seu responsável: só ele pode aprovar essa mudança.',
  followRequested: 'Pedido para seguir enviado. Aguarde a aprovação.',
  restrictedProfile: 'Este perfil é visível apenas para seguidores.',
  supervisionActive: 'Supervisão ativa',
  protectedMode: 'Modo protegido',
} as const;

export const inviteSentMessage = (email: string) =>
  `Enviamos o convite para ${email}. O vínculo vale quando o responsável confirmar.`;
export const linkAcceptedMessage = (teenName: string) =>
  `Vínculo confirmado! Agora você acompanha ${teenName}.`;

/** Texts of 'Meus dados': the export and the account deletion (LGPD art. 18). */
export const PRIVACY_MESSAGES = {
  exportStarted: 'Estamos preparando seus dados. Avisaremos quando o arquivo estiver pronto.',
  exportRunning: 'Já existe uma exportação dos seus dados em andamento.',
  exportNotFound: 'Exportação não encontrada.',
  exportNotReady: 'O arquivo ainda não está pronto.',
  exportExpired: 'O link de download expirou. Peça uma nova exportação.',
  exportReadyTitle: 'Seus dados estão prontos',
  exportReady: `O arquivo com os dados pode ser baixado por ${EXPORT_DOWNLOAD_DAYS} dias.`,
  exportFailed: 'Não foi possível preparar o arquivo. Peça uma nova exportação.',
  /** Issue 37: a try that failed, while the next one waits (`problem` of the export). */
  exportRetryingStorage:
    'A última tentativa não deu certo: o armazenamento de arquivos não respondeu. Tentaremos de novo em alguns minutos.',
  exportRetrying: 'A última tentativa não deu certo. Tentaremos de novo em alguns minutos.',
  wrongPassword: 'Senha incorreta.',
  passwordRequired: 'Digite sua senha para confirmar.',
  noPassword:
    'Sua conta não tem senha. Crie uma em "Esqueci minha senha" antes de pedir a exclusão da conta.',
  deletionCancelled: 'A exclusão da sua conta foi cancelada porque você entrou novamente.',
  erasedMessage: 'Mensagem apagada',
  hiddenMessage: 'Mensagem ocultada enquanto a moderação analisa uma denúncia.',
  erasedAccountName: 'Conta excluída',
} as const;

export const deletionScheduledMessage = (date: string) =>
  `Sua conta será excluída em ${date}. Se você entrar de novo antes disso, a exclusão é cancelada.`;

/** Error codes of these calls, beside the shared ones in `ErrorCode`. */
export const MINORS_ERROR_CODES = {
  underMinAge: 'UNDER_MIN_AGE',
  birthDateRequired: 'BIRTH_DATE_REQUIRED',
  birthDateAlreadySet: 'BIRTH_DATE_ALREADY_SET',
  protectedMode: 'PROTECTED_MODE',
  adultChatNotAllowed: 'ADULT_CHAT_NOT_ALLOWED',
  inviteGone: 'INVITE_GONE',
  guardianNotAdult: 'GUARDIAN_NOT_ADULT',
  privacyNeedsGuardian: 'PRIVACY_NEEDS_GUARDIAN',
  exportRunning: 'EXPORT_RUNNING',
  exportGone: 'EXPORT_GONE',
  wrongPassword: 'WRONG_PASSWORD',
  alreadyContested: 'ALREADY_CONTESTED',
} as const;
