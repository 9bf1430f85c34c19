import { MAX_PAGE_SIZE } from './constants.ts';

// The study loop (issue 19): question metadata, the question bank, the caderno de erros and spaced
// review. Limits, labels and texts without zod (the schemas are in study.ts), so the screens can
// import them through `@estudai/contract/constants`.

export const SUBJECTS = [
  'matematica',
  'fisica',
  'quimica',
  'biologia',
  'historia',
  'geografia',
  'portugues',
  'literatura',
  'ingles',
  'espanhol',
  'filosofia',
  'sociologia',
  'redacao',
  'atualidades',
  'direito',
  'informatica',
  'raciocinio_logico',
  'outros',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const SUBJECT_LABELS: Record<Subject, string> = {
  matematica: 'Matemática',
  fisica: 'Física',
  quimica: 'Química',
  biologia: 'Biologia',
  historia: 'História',
  geografia: 'Geografia',
  portugues: 'Português',
  literatura: 'Literatura',
  ingles: 'Inglês',
  espanhol: 'Espanhol',
  filosofia: 'Filosofia',
  sociologia: 'Sociologia',
  redacao: 'Redação',
  atualidades: 'Atualidades',
  direito: 'Direito',
  informatica: 'Informática',
  raciocinio_logico: 'Raciocínio lógico',
  outros: 'Outros',
};

/** The exam board ('Banca') a question comes from or imitates; `autoral` is the author's own. */
export const EXAMS = [
  'enem',
  'fuvest',
  'unicamp',
  'unesp',
  'uerj',
  'ufrgs',
  'cebraspe',
  'fgv',
  'fcc',
  'vunesp',
  'cesgranrio',
  'autoral',
  'outra',
] as const;
export type Exam = (typeof EXAMS)[number];

export const EXAM_LABELS: Record<Exam, string> = {
  enem: 'ENEM',
  fuvest: 'FUVEST',
  unicamp: 'UNICAMP',
  unesp: 'UNESP',
  uerj: 'UERJ',
  ufrgs: 'UFRGS',
  cebraspe: 'Cebraspe',
  fgv: 'FGV',
  fcc: 'FCC',
  vunesp: 'VUNESP',
  cesgranrio: 'Cesgranrio',
  autoral: 'Autoral',
  outra: 'Outra',
};

/** Field labels of the create-post dialog and the bank's filters. */
export const QUESTION_META_LABELS = {
  subject: 'Matéria',
  topic: 'Assunto',
  exam: 'Banca',
  year: 'Ano',
} as const;

export const TOPIC_MAX = 60;
export const QUESTION_YEAR_MIN = 1990;

/** The viewer's result on a question, as the bank filters it. */
export const QUESTION_STATUSES = ['unanswered', 'wrong', 'correct'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export const QUESTION_STATUS_LABELS: Record<QuestionStatus, string> = {
  unanswered: 'Não respondidas',
  wrong: 'Erradas',
  correct: 'Certas',
};

/**
 * How hard a question is, for the bank's filter and label (issue 36): from its calibration (b) when
 * it has one, else from the share of first answers that were right once 5 people answered; no label
 * before that (docs/decisions/052).
 */
export const QUESTION_DIFFICULTIES = ['facil', 'media', 'dificil'] as const;
export type QuestionDifficulty = (typeof QUESTION_DIFFICULTIES)[number];
export const QUESTION_DIFFICULTY_LABELS: Record<QuestionDifficulty, string> = {
  facil: 'Fácil',
  media: 'Média',
  dificil: 'Difícil',
};

export const NOTEBOOK_NOTE_MAX = 1_000;
export const NOTEBOOK_REASONS = ['wrong', 'manual'] as const;
export type NotebookReason = (typeof NOTEBOOK_REASONS)[number];

/** FSRS ratings, in the order of the buttons, and how the review screen names them. */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];
export const REVIEW_RATING_LABELS: Record<ReviewRating, string> = {
  again: 'Errei',
  hard: 'Difícil',
  good: 'Bom',
  easy: 'Fácil',
};
/** FSRS card states (ts-fsrs `State`, 0 to 3). */
export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type CardState = (typeof CARD_STATES)[number];

/** FSRS settings of issue 19: the library's default weights, retention 0.9, no fuzz (reproducible). */
export const REVIEW_REQUEST_RETENTION = 0.9;
/** A review done offline may be synced up to this many days later. */
export const REVIEW_MAX_AGE_DAYS = 30;

/** Daily reminders go out from 07:00 to 21:59 Brasília time, never between 22:00 and 07:00. */
export const REMINDER_FIRST_HOUR = 7;
export const REMINDER_LAST_HOUR = 21;
export const REMINDER_DEFAULT_HOUR = 19;

/** Days of the study calendar on the profile: 12 weeks ending today. */
export const STUDY_CALENDAR_DAYS = 84;

export const BANK_PAGE_SIZE_DEFAULT = 10;
export const BANK_PAGE_SIZE_MAX = MAX_PAGE_SIZE;

/** Web screens of the loop (the web's paths.ts uses these; the reminder push links to the review). */
export const STUDY_PATHS = {
  bank: '/questoes',
  notebook: '/caderno',
  review: '/caderno/revisao',
  /** Adaptive practice and the mastery map (issue 40). */
  practice: '/treino',
} as const;

/** '68% acertaram', the community figure shown after answering. */
export const correctShareLabel = (percentage: number) => `${percentage}% acertaram`;

/** The daily reminder's text: 'Você tem 12 questões para revisar hoje'. */
export const reminderMessage = (due: number) =>
  `Você tem ${due} ${due === 1 ? 'questão' : 'questões'} para revisar hoje`;

export const BANK_SEARCH_MAX = 100;

/** What a person studies for (issue 21's first-run step): it seeds 'Para você' with their subjects. */
export const STUDY_GOALS = ['enem', 'vestibular', 'concurso'] as const;
export type StudyGoal = (typeof STUDY_GOALS)[number];
export const STUDY_GOAL_LABELS: Record<StudyGoal, string> = {
  enem: 'ENEM',
  vestibular: 'Vestibular',
  concurso: 'Concurso',
};
export const STUDY_PLAN_MESSAGES = {
  goalInvalid: 'Escolha seu objetivo: ENEM, vestibular ou concurso.',
  subjectsRequired: 'Escolha ao menos uma matéria.',
  subjectInvalid: 'Matéria inválida.',
  subjectRepeated: 'Cada matéria só pode ser escolhida uma vez.',
  saved: 'Pronto! Seu feed Para você já usa suas matérias.',
} as const;
