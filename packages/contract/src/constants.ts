// Business constants and limits of the product spec, §9.

/** 'responsavel' (issue 36): a teen's guardian, whose account comes only from the teen's invitation. */
export const USER_TYPES = ['aluno', 'professor', 'mentor', 'tutor', 'admin', 'responsavel'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const SIGNUP_USER_TYPES = ['aluno', 'professor', 'mentor'] as const;
export type SignupUserType = (typeof SIGNUP_USER_TYPES)[number];

/** What a sign-up may ask to be: the chooser's three, or a guardian with an open invitation. */
export const SIGNUP_PROFILES = [...SIGNUP_USER_TYPES, 'responsavel'] as const;
export type SignupProfile = (typeof SIGNUP_PROFILES)[number];

/** How each user type is shown (§1: aluno is shown as Estudante). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  aluno: 'Estudante',
  professor: 'Professor',
  mentor: 'Mentor',
  tutor: 'Tutor',
  admin: 'Admin',
  responsavel: 'Responsável',
};

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 200;
export const LOCATION_MAX = 50;
export const WEBSITE_MAX = 100;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const API_TIMEOUT_MS = 10_000;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;

/** Verification e-mail resend wait: 30 s plus 30 s per earlier resend. */
export const RESEND_WAIT_BASE_SECONDS = 30;

export const TOAST_DURATION_MS = 3_000;
export const TOAST_DURATION_REPORT_SENT_MS = 5_000;
export const TOAST_DURATION_REPORT_ERROR_MS = 4_000;

export const LAUNCH_AT_DEFAULT = '2025-11-01T00:00:00-03:00';

export const WAITLIST_OBJECTIVES = ['vestibulares', 'concursos', 'outros'] as const;
export const REPORT_REASONS = [
  'spam',
  'conteudo_inadequado',
  'assedio',
  'informacoes_falsas',
  'violacao_direitos',
  'outro',
  /** Issue 25: hides the reported content at once and goes to the top of the moderation queue. */
  'exploracao_infantil',
] as const;
export const GROUP_CATEGORIES = [
  'all',
  'matematica',
  'fisica',
  'quimica',
  'biologia',
  'portugues',
  'historia',
  'geografia',
] as const;
export const VIDEO_CATEGORIES = ['all', 'aula', 'exercicios', 'dicas', 'revisao'] as const;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 6;
/** A question has 2 to 5 alternatives (Certo/Errado as Cebraspe, A–E as ENEM); the composer starts with 4. */
export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 5;
/** 'What others chose' shows from this many first answers on (issue 40); null before. */
export const OPTION_SHARES_MIN_ANSWERS = 10;
export const QUESTION_OPTIONS_DEFAULT = 4;
export const UNREAD_BADGE_CAP = 9;
