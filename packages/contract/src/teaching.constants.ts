import { GROUP_REFUND_NOTIFICATION_TITLE, GROUP_REMOVED_NOTIFICATION_TITLE } from './common.constants.ts';
// The teacher's toolkit of a group (issue 24): members, co-teachers, announcements ('Avisos'), live
// classes ('Aula ao vivo'), invite links with coupons and earnings ('Receitas'). Limits, codes and
// texts without zod (the schemas are in teaching.ts).

/** Who may be a co-teacher of a group. */
export const CO_TEACHER_TYPES = ['professor', 'mentor', 'tutor'] as const;

export const REMOVAL_REASON_MAX = 500;
export const ANNOUNCEMENT_MAX = 5_000;
export const CLASS_TITLE_MAX = 150;
/** A live class lasts 1 minute to 8 hours. */
export const CLASS_DURATION_MAX_MINUTES = 480;
/** Members are reminded this many minutes before a class starts. */
export const CLASS_REMINDER_MINUTES = 15;
export const INVITE_MAX_USES = 10_000;
export const COUPON_PERCENT_MIN = 1;
export const COUPON_PERCENT_MAX = 100;
/** Members of the members list, per page (the CSV export has them all). */
export const MEMBERS_PAGE_MAX = 50;
/** The page for prospective members: 'O que você vai aprender', the syllabus and the FAQ. */
export const LEARN_OUTCOMES_MAX = 2_000;
export const SYLLABUS_MODULES_MAX = 30;
export const SYLLABUS_LESSONS_MAX = 50;
export const SYLLABUS_TITLE_MAX = 150;
export const FAQ_ITEMS_MAX = 20;
export const FAQ_QUESTION_MAX = 200;
export const FAQ_ANSWER_MAX = 1_000;
/** Ratings shown with their comments on the group page. */
export const GROUP_REVIEWS_SHOWN = 20;
/** Paid members are reminded (notification and e-mail) this many days before their access ends. */
export const RENEWAL_REMINDER_DAYS = 7;
/** Renewals due within this many days show on the earnings page. */
export const RENEWALS_WINDOW_DAYS = 30;

/** Error codes of these calls, beside the shared ones in `ErrorCode`. */
export const TEACHING_ERROR_CODES = {
  /** 409: the owner cannot be removed from their own group. */
  ownerNotRemovable: 'OWNER_NOT_REMOVABLE',
  /** 410: the invite link expired, was revoked or reached its limit of uses. */
  inviteGone: 'INVITE_GONE',
  /** 409: the payment was already refunded. */
  alreadyRefunded: 'ALREADY_REFUNDED',
  /** 400: a co-teacher must be a professor, mentor or tutor. */
  notATeacher: 'NOT_A_TEACHER',
  /** 409: already a co-teacher. */
  alreadyTeacher: 'ALREADY_TEACHER',
} as const;

export const TEACHING_MESSAGES = {
  // Permissions
  manageForbidden: 'Apenas o dono do grupo e os professores convidados podem gerenciar o grupo.',
  ownerOnly: 'Apenas o dono do grupo pode fazer isso.',
  // Members
  membersTitle: 'Membros',
  membersSearch: 'Buscar membros...',
  membersEmpty: 'Nenhum membro encontrado',
  membersExport: 'Exportar CSV',
  memberNotFound: 'Membro não encontrado.',
  ownerNotRemovable: 'O dono do grupo não pode ser removido.',
  removeMember: 'Remover do grupo',
  removeReasonLabel: 'Motivo',
  removeReasonRequired: 'Diga o motivo da remoção.',
  removeReasonTooLong: `O motivo deve ter no máximo ${REMOVAL_REASON_MAX} caracteres.`,
  memberRemoved: 'Membro removido',
  memberRemovedRefunded: 'Membro removido e pagamento reembolsado',
  removedNotificationTitle: GROUP_REMOVED_NOTIFICATION_TITLE,
  removedNotification: (group: string, reason: string) =>
    `Você foi removido do grupo ${group}. Motivo: ${reason}`,
  removedRefundNotification: (group: string, reason: string, amount: string) =>
    `Você foi removido do grupo ${group}. Motivo: ${reason} Seu pagamento de ${amount} foi reembolsado.`,
  // Co-teachers
  teachersTitle: 'Professores',
  addTeacher: 'Adicionar professor',
  teacherAdded: 'Professor adicionado',
  teacherRemoved: 'Professor removido',
  teacherNotEligible: 'Apenas professores, mentores e tutores podem ser professores do grupo.',
  teacherAlready: 'Essa pessoa já é professora deste grupo.',
  teacherIsOwner: 'O dono do grupo já é professor dele.',
  teacherNotFound: 'Professor não encontrado.',
  userNotFound: 'Usuário não encontrado.',
  teacherAddedNotificationTitle: 'Você agora é professor de um grupo',
  teacherAddedNotification: (owner: string, group: string) =>
    `${owner} adicionou você como professor do grupo ${group}.`,
  // Announcements
  announcementsTitle: 'Avisos',
  announcementBadge: 'Aviso',
  newAnnouncement: 'Novo aviso',
  announcementRequired: 'Escreva o aviso.',
  announcementTooLong: `O aviso deve ter no máximo ${ANNOUNCEMENT_MAX} caracteres.`,
  announcementPosted: 'Aviso publicado',
  announcementNotificationTitle: (group: string) => `Aviso em ${group}`,
  // Live classes
  agendaTitle: 'Agenda',
  liveClass: 'Aula ao vivo',
  nextClass: 'Próxima aula',
  newClass: 'Agendar aula',
  classesEmpty: 'Nenhuma aula agendada',
  addToCalendar: 'Adicionar ao calendário',
  joinClass: 'Entrar na aula',
  classScheduled: 'Aula agendada',
  classNotFound: 'Aula não encontrada.',
  classTitleRequired: 'Digite o título da aula.',
  classTitleTooLong: `O título deve ter no máximo ${CLASS_TITLE_MAX} caracteres.`,
  classStartInvalid: 'Informe uma data e hora de início válidas.',
  classInPast: 'A aula precisa começar no futuro.',
  classDurationInvalid: `A duração deve ser de 1 a ${CLASS_DURATION_MAX_MINUTES} minutos.`,
  classLinkInvalid: 'Use um link https:// para a aula.',
  classNotificationTitle: (group: string) => `Nova aula ao vivo em ${group}`,
  classReminderTitle: 'Sua aula começa em 15 minutos',
  // Invite links
  inviteLinksTitle: 'Links de convite',
  newInviteLink: 'Criar link de convite',
  inviteLinkCreated: 'Link de convite criado',
  inviteLinkRevoked: 'Link de convite revogado',
  inviteLinkCopied: 'Link copiado',
  inviteNotFound: 'Convite não encontrado.',
  inviteGone: 'Este convite expirou ou atingiu o limite de usos.',
  inviteMaxUsesInvalid: `O limite de usos deve ser de 1 a ${INVITE_MAX_USES}.`,
  inviteExpiryInvalid: 'A validade do convite precisa ser uma data futura.',
  couponInvalid: `O desconto deve ser de ${COUPON_PERCENT_MIN}% a ${COUPON_PERCENT_MAX}%.`,
  couponMaxUsesInvalid: `O limite de usos do cupom deve ser de 1 a ${INVITE_MAX_USES}.`,
  couponUsedUp: 'O cupom deste convite já foi usado o número máximo de vezes.',
  couponNeedsPaidGroup: 'Cupons de desconto valem apenas para grupos pagos.',
  inviteJoin: 'Entrar no grupo',
  inviteJoined: 'Você entrou no grupo!',
  invitePay: 'Continuar para o pagamento',
  couponApplied: (percent: number) => `Cupom de ${percent}% de desconto no primeiro pagamento`,
  // Earnings and refunds
  earningsTitle: 'Receitas',
  earningsMonth: 'Pagamentos por mês',
  activePaidMembers: 'Membros pagantes ativos',
  renewalsDue: 'Renovações nos próximos 30 dias',
  refundsTitle: 'Reembolsos',
  refund: 'Reembolsar',
  refunded: 'Reembolsado',
  alreadyRefunded: 'Este pagamento já foi reembolsado.',
  refundNotApproved: 'Apenas pagamentos aprovados podem ser reembolsados.',
  refundReasonDefault: 'Reembolso feito pelo dono do grupo.',
  refundProviderMissing:
    'Este pagamento foi feito por outro provedor de pagamento, que não está configurado agora.',
  // The group page for prospective members
  learnOutcomesTitle: 'O que você vai aprender',
  syllabusTitle: 'Conteúdo do curso',
  faqTitle: 'Perguntas frequentes',
  reviewsTitle: 'Avaliações dos alunos',
  groupPageSaved: 'Página do grupo atualizada',
  aboutTitle: 'Sobre o grupo',
  editGroupPage: 'Editar página do grupo',
  groupPageEmpty:
    'Conte a quem ainda não entrou o que vai aprender aqui: objetivos, conteúdo do curso e perguntas frequentes.',
  learnOutcomesHint: 'Um objetivo por linha, por exemplo: Resolver questões de cinemática do ENEM.',
  syllabusModule: (n: number) => `Módulo ${n}`,
  syllabusModuleTitle: 'Título do módulo',
  syllabusLessons: 'Aulas (uma por linha)',
  addModule: 'Adicionar módulo',
  removeModule: (n: number) => `Remover módulo ${n}`,
  faqItem: (n: number) => `Pergunta ${n}`,
  faqQuestion: 'Pergunta',
  faqAnswer: 'Resposta',
  addFaq: 'Adicionar pergunta',
  removeFaq: (n: number) => `Remover pergunta ${n}`,
  lessonsCount: (n: number) => (n === 1 ? '1 aula' : `${n} aulas`),
  olderAnnouncements: (n: number) => `Avisos anteriores (${n})`,
  hideOlderAnnouncements: 'Ocultar avisos anteriores',
  learnOutcomesTooLong: `O texto 'O que você vai aprender' deve ter no máximo ${LEARN_OUTCOMES_MAX} caracteres.`,
  syllabusTooMany: `O conteúdo pode ter no máximo ${SYLLABUS_MODULES_MAX} módulos.`,
  syllabusModuleRequired: 'Dê um título a cada módulo.',
  syllabusModuleTooLong: `O título de um módulo deve ter no máximo ${SYLLABUS_TITLE_MAX} caracteres.`,
  syllabusLessonsTooMany: `Cada módulo pode ter no máximo ${SYLLABUS_LESSONS_MAX} aulas.`,
  syllabusLessonRequired: 'Dê um título a cada aula.',
  syllabusLessonTooLong: `O título de uma aula deve ter no máximo ${SYLLABUS_TITLE_MAX} caracteres.`,
  faqTooMany: `Use no máximo ${FAQ_ITEMS_MAX} perguntas frequentes.`,
  faqQuestionRequired: 'Escreva a pergunta.',
  faqQuestionTooLong: `Cada pergunta deve ter no máximo ${FAQ_QUESTION_MAX} caracteres.`,
  faqAnswerRequired: 'Escreva a resposta.',
  faqAnswerTooLong: `Cada resposta deve ter no máximo ${FAQ_ANSWER_MAX} caracteres.`,
  renewalReminderTitle: 'Seu acesso termina em 7 dias',
  renewalReminder: (group: string, date: string) =>
    `Seu acesso ao grupo ${group} termina em ${date}. Renove para continuar estudando.`,
  renewalReminderAction: 'Renovar acesso',
  refundNotificationTitle: GROUP_REFUND_NOTIFICATION_TITLE,
  refundNotification: (group: string, amount: string) =>
    `Seu pagamento de ${amount} do grupo ${group} foi reembolsado.`,
} as const;

/** Cents as Brazilian reais, 'R$ 49,90' (a no-break space after 'R$', as every price). */
export function formatBrl(cents: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
}
