import { z } from 'zod';
import { QUESTION_OPTIONS_MAX } from './constants.ts';
import { brasiliaInstant } from './dates.ts';
import { postAuthorSchema, questionDataSchema } from './posts.ts';
import { examSchema, subjectSchema } from './question-meta.ts';
import {
  SIMULADO_ATTEMPT_STATUSES,
  SIMULADO_DURATION_MAX_MINUTES,
  SIMULADO_DURATION_MIN_MINUTES,
  SIMULADO_ESTIMATE_LABEL,
  SIMULADO_MESSAGES,
  SIMULADO_PERSONAL_QUESTIONS_MAX,
  SIMULADO_QUESTIONS_MAX,
  SIMULADO_QUESTIONS_MIN,
  SIMULADO_RANKING_STATUSES,
  SIMULADO_STATUSES,
  SIMULADO_TITLE_MAX,
  SIMULADO_WINDOWS,
} from './simulados.constants.ts';
import { QUESTION_DIFFICULTIES, SUBJECTS } from './study.constants.ts';

const M = SIMULADO_MESSAGES;

const dateTime = (message: string) =>
  z.iso
    .datetime({ offset: true, local: true, error: message })
    .refine((value) => !Number.isNaN(brasiliaInstant(value).getTime()), message);

const titleSchema = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(SIMULADO_TITLE_MAX, M.titleTooLong);
const durationSchema = z
  .number({ error: M.durationInvalid })
  .int(M.durationInvalid)
  .min(SIMULADO_DURATION_MIN_MINUTES, M.durationInvalid)
  .max(SIMULADO_DURATION_MAX_MINUTES, M.durationInvalid);
/** 'now' (the server's clock when the call arrives), or a date and time (Brasília unless an offset is given). */
const opensAtSchema = z.union([z.literal('now'), dateTime(M.opensAtInvalid)], { error: M.opensAtInvalid });
const closesAtSchema = dateTime(M.closesAtInvalid);

/** A question of the bank: a question post (`questionIndex` null) or one question of a quiz. */
export const simuladoQuestionRefSchema = z.strictObject(
  {
    postId: z.string({ error: M.questionRefInvalid }).max(100, M.questionRefInvalid),
    questionIndex: z
      .number({ error: M.questionRefInvalid })
      .int(M.questionRefInvalid)
      .min(0, M.questionRefInvalid)
      .max(999, M.questionRefInvalid)
      .nullish()
      .transform((value) => value ?? null),
  },
  { error: M.questionRefInvalid },
);
export type SimuladoQuestionRef = z.output<typeof simuladoQuestionRefSchema>;

const questionsSchema = z
  .array(simuladoQuestionRefSchema, { error: M.questionsInvalid })
  .max(SIMULADO_QUESTIONS_MAX, M.questionsTooMany)
  .refine((refs) => {
    const keys = refs.map((ref) => `${ref.postId.toLowerCase()}:${ref.questionIndex ?? 0}`);
    return new Set(keys).size === keys.length;
  }, M.questionsDuplicated);

const closesAfterOpening = (input: { opensAt?: string; closesAt?: string }) =>
  !input.opensAt ||
  !input.closesAt ||
  input.opensAt === 'now' ||
  brasiliaInstant(input.closesAt) > brasiliaInstant(input.opensAt);
const windowRule = { message: M.windowInverted, path: ['closesAt'] };

/**
 * `POST /api/study-groups/{id}/simulados`: a draft. Up to 180 questions (5 to publish), 10–330
 * minutes, a window in Brasília time that closes after it opens.
 */
export const createSimuladoInputSchema = z
  .strictObject({
    title: titleSchema,
    questions: questionsSchema,
    durationMinutes: durationSchema,
    opensAt: opensAtSchema,
    closesAt: closesAtSchema,
    showRanking: z.boolean({ error: M.showRankingInvalid }),
  })
  .refine(closesAfterOpening, windowRule);
export type CreateSimuladoInput = z.input<typeof createSimuladoInputSchema>;

const personalList = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: M.personalFiltersInvalid }).max(max, M.personalFiltersInvalid).default([]);

/**
 * `POST /api/simulados/personal` ('Monte seu simulado', issue 36): the bank's filters (any of the
 * subjects, of the bancas, of the difficulties; none is every one), how many questions, how long, and
 * whether to leave out the ones already answered. Published at once, for its creator alone.
 */
export const createPersonalSimuladoInputSchema = z.strictObject({
  subjects: personalList(subjectSchema, SUBJECTS.length),
  exams: personalList(examSchema, 50),
  difficulties: personalList(
    z.enum(QUESTION_DIFFICULTIES, { error: M.personalFiltersInvalid }),
    QUESTION_DIFFICULTIES.length,
  ),
  questionCount: z
    .number({ error: M.personalCountInvalid })
    .int(M.personalCountInvalid)
    .min(SIMULADO_QUESTIONS_MIN, M.personalCountInvalid)
    .max(SIMULADO_PERSONAL_QUESTIONS_MAX, M.personalCountInvalid),
  durationMinutes: durationSchema,
  hideAnswered: z.boolean({ error: M.personalFiltersInvalid }).default(true),
});
export type CreatePersonalSimuladoInput = z.input<typeof createPersonalSimuladoInputSchema>;

/** `PATCH /api/simulados/{id}` (drafts only): any of the fields; `questions` replaces the list. */
export const updateSimuladoInputSchema = z
  .strictObject({
    title: titleSchema.optional(),
    questions: questionsSchema.optional(),
    durationMinutes: durationSchema.optional(),
    opensAt: opensAtSchema.optional(),
    closesAt: closesAtSchema.optional(),
    showRanking: z.boolean({ error: M.showRankingInvalid }).optional(),
  })
  .refine(closesAfterOpening, windowRule);
export type UpdateSimuladoInput = z.input<typeof updateSimuladoInputSchema>;

/** The viewer's one attempt, in short. */
export const simuladoAttemptSummarySchema = z.object({
  status: z.enum(SIMULADO_ATTEMPT_STATUSES),
  startedAt: z.string(),
  /** The earlier of start + duration and the window's close; the server's clock decides. */
  endsAt: z.string(),
  finishedAt: z.string().nullable(),
  answeredCount: z.number().int(),
});
export type SimuladoAttemptSummary = z.infer<typeof simuladoAttemptSummarySchema>;

/** A simulado in a group's list. Instants are ISO strings in UTC; show them on a Brasília clock. */
export const simuladoSchema = z.object({
  id: z.string(),
  /** null for a student's own simulado ('Monte seu simulado', issue 36): no group, no ranking. */
  studyGroupId: z.string().nullable(),
  title: z.string(),
  durationMinutes: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  showRanking: z.boolean(),
  status: z.enum(SIMULADO_STATUSES),
  window: z.enum(SIMULADO_WINDOWS),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: postAuthorSchema,
  questionCount: z.number().int(),
  /** 'N pessoas fazendo agora' (simuladoLiveLabel): attempts started and not yet over. */
  inProgress: z.number().int(),
  /** The viewer may edit, publish and follow the progress (the group's owner, or an admin). */
  canManage: z.boolean(),
  viewerAttempt: simuladoAttemptSummarySchema.nullable(),
});
export type Simulado = z.infer<typeof simuladoSchema>;

/**
 * A question of the simulado. `index` is its place in the simulado (0-based: the `{questionIndex}`
 * of the answer call); `postId` and `questionIndex` say where it comes from in the bank.
 */
export const simuladoQuestionSchema = z.object({
  index: z.number().int(),
  postId: z.string(),
  questionIndex: z.number().int().nullable(),
  /** Without `correctAnswer`/`explanation` while an attempt runs (and for anyone who has not answered it). */
  questionData: questionDataSchema,
});
export type SimuladoQuestion = z.infer<typeof simuladoQuestionSchema>;

export const simuladoSavedAnswerSchema = z.object({
  index: z.number().int(),
  optionIndex: z.number().int(),
  /** When it was chosen (the device's clock, kept within the attempt's time). */
  answeredAt: z.string(),
});
export type SimuladoSavedAnswer = z.infer<typeof simuladoSavedAnswerSchema>;

/** `GET /api/simulados/{id}/attempts/me`: the clock and the saved answers, for a reload or a second tab. */
export const simuladoAttemptSchema = simuladoAttemptSummarySchema.extend({
  simuladoId: z.string(),
  total: z.number().int(),
  /** The server's clock now: the timer shows endsAt − serverNow, whatever the device's clock says. */
  serverNow: z.string(),
  answers: z.array(simuladoSavedAnswerSchema),
});
export type SimuladoAttempt = z.infer<typeof simuladoAttemptSchema>;

/**
 * `GET /api/simulados/{id}`. `questions`: the organizer sees them (keys as in the bank); a taker sees
 * them from the start of their attempt (no keys until it ends); otherwise null. `attempt`: the
 * viewer's, with their saved answers, or null.
 */
export const simuladoDetailSchema = simuladoSchema.omit({ viewerAttempt: true }).extend({
  serverNow: z.string(),
  /** The viewer is of the group's staff (owner, co-teacher, admin): reads the class results after the close. */
  readsClassResults: z.boolean(),
  questions: z.array(simuladoQuestionSchema).nullable(),
  attempt: simuladoAttemptSchema.nullable(),
});
export type SimuladoDetail = z.infer<typeof simuladoDetailSchema>;

/**
 * `PUT /api/simulados/{id}/attempts/me/answers/{questionIndex}`. `clientId` (a UUID the device makes
 * per choice) applies it once however often it is sent; `answeredAt` (optional) orders choices
 * synced late: the latest choice wins (docs/decisions/015).
 */
export const simuladoAnswerInputSchema = z.strictObject({
  optionIndex: z
    .number({ error: M.optionInvalid })
    .int(M.optionInvalid)
    .min(0, M.optionInvalid)
    .max(QUESTION_OPTIONS_MAX - 1, M.optionInvalid),
  clientId: z.uuid({ error: M.clientIdInvalid }),
  answeredAt: z.iso.datetime({ offset: true, error: M.answeredAtInvalid }).optional(),
});
export type SimuladoAnswerInput = z.infer<typeof simuladoAnswerInputSchema>;

/** The question's stored answer after the call; `applied` is false for a replay or an older choice. */
export const simuladoAnswerResultSchema = simuladoSavedAnswerSchema.extend({
  applied: z.boolean(),
  answeredCount: z.number().int(),
  endsAt: z.string(),
  serverNow: z.string(),
});
export type SimuladoAnswerResult = z.infer<typeof simuladoAnswerResultSchema>;

const subjectOrNull = z.enum(SUBJECTS).nullable();

/** The 'Estimativa TRI': 500 + 100·θ on the platform's own scale, with its standard error. */
export const simuladoEstimateSchema = z.object({
  score: z.number().int(),
  standardError: z.number(),
  /** Some question had too few answers to be calibrated: approximate parameters were used. */
  provisional: z.boolean(),
  label: z.literal(SIMULADO_ESTIMATE_LABEL),
});
export type SimuladoEstimate = z.infer<typeof simuladoEstimateSchema>;

export const simuladoResultQuestionSchema = z.object({
  index: z.number().int(),
  postId: z.string(),
  questionIndex: z.number().int().nullable(),
  /** With `correctAnswer` and `explanation` (when the question has one). */
  questionData: questionDataSchema,
  /** null: left blank (counts as wrong). */
  viewerAnswer: z.number().int().nullable(),
  isCorrect: z.boolean(),
  /** The question has fitted parameters (≥ 200 answers on the platform); else its estimate is approximate. */
  calibrated: z.boolean(),
  /** Share (0–100) of this simulado's finished takers who got it right. */
  groupCorrectPercentage: z.number().int(),
});
export type SimuladoResultQuestion = z.infer<typeof simuladoResultQuestionSchema>;

export const simuladoRankingEntrySchema = z.object({
  rank: z.number().int(),
  /** First name only, for everyone (minors among them). */
  firstName: z.string(),
  correctCount: z.number().int(),
  total: z.number().int(),
  isViewer: z.boolean(),
});
export type SimuladoRankingEntry = z.infer<typeof simuladoRankingEntrySchema>;

/** `GET /api/simulados/{id}/attempts/me/result`, once the viewer's attempt ended. */
export const simuladoResultSchema = z.object({
  simuladoId: z.string(),
  title: z.string(),
  /** 'Monte seu simulado' (issue 36): a student's own, with no group and so no ranking to speak of. */
  personal: z.boolean(),
  attempt: simuladoAttemptSummarySchema,
  correctCount: z.number().int(),
  total: z.number().int(),
  answeredCount: z.number().int(),
  blankCount: z.number().int(),
  bySubject: z.array(
    z.object({ subject: subjectOrNull, correct: z.number().int(), total: z.number().int() }),
  ),
  byTopic: z.array(
    z.object({
      subject: subjectOrNull,
      topic: z.string().nullable(),
      correct: z.number().int(),
      total: z.number().int(),
    }),
  ),
  questions: z.array(simuladoResultQuestionSchema),
  /** 'Questões que mais pesaram': the viewer's misses on the questions the group found easiest. */
  heaviestMisses: z.array(
    z.object({
      index: z.number().int(),
      viewerAnswer: z.number().int().nullable(),
      groupCorrectPercentage: z.number().int(),
    }),
  ),
  estimate: simuladoEstimateSchema,
  /** One pt-BR sentence per pattern found (easy misses with hard hits, coherence, blanks, provisional). */
  explanations: z.array(z.string()),
  ranking: z.object({
    status: z.enum(SIMULADO_RANKING_STATUSES),
    /** When the ranking appears (the window's close), while status is 'after_close'. */
    availableAt: z.string().nullable(),
    entries: z.array(simuladoRankingEntrySchema),
  }),
});
export type SimuladoResult = z.infer<typeof simuladoResultSchema>;

/** One participant as the organizer follows them: how many answered, never which. */
export const simuladoParticipantSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  answered: z.number().int(),
  total: z.number().int(),
  finished: z.boolean(),
  startedAt: z.string(),
  endsAt: z.string(),
  finishedAt: z.string().nullable(),
  /** true: typed by an organizer from the answer sheet (issue 42); left out otherwise, and by live updates. */
  onPaper: z.boolean().optional(),
});
export type SimuladoParticipant = z.infer<typeof simuladoParticipantSchema>;

/** `GET /api/simulados/{id}/progress` (organizer only): the initial list; `simulado:progress` updates it. */
export const simuladoProgressSchema = z.object({
  simuladoId: z.string(),
  total: z.number().int(),
  inProgress: z.number().int(),
  participants: z.array(simuladoParticipantSchema),
});
export type SimuladoProgress = z.infer<typeof simuladoProgressSchema>;

/** One participant in the class results: the ranking's order (right answers, then the shorter time). */
export const simuladoClassParticipantSchema = z.object({
  rank: z.number().int(),
  /** Their name (a minor's is 'Participante N (menor de idade)' for anyone but the group's owner). */
  name: z.string(),
  /** null for a guest typed from paper. */
  userId: z.string().nullable(),
  onPaper: z.boolean(),
  correctCount: z.number().int(),
  answeredCount: z.number().int(),
  total: z.number().int(),
  estimate: simuladoEstimateSchema.pick({ score: true, standardError: true, provisional: true }),
  /** Seconds from start to hand-in (null for a paper sheet). */
  timeSeconds: z.number().int().nullable(),
});
export type SimuladoClassParticipant = z.infer<typeof simuladoClassParticipantSchema>;

export const simuladoClassQuestionSchema = z.object({
  index: z.number().int(),
  subject: subjectOrNull,
  topic: z.string().nullable(),
  /** The statement, cut to 200 characters. */
  statement: z.string(),
  correctAnswer: z.number().int(),
  /** Share (0–100) of the participants who got it right (an anulada counts as right when answered). */
  correctPercentage: z.number().int(),
  /** One per alternative, in order: how many chose it and their share (0–100) of the participants. */
  options: z.array(z.object({ count: z.number().int(), percentage: z.number().int() })),
  blankCount: z.number().int(),
});
export type SimuladoClassQuestion = z.infer<typeof simuladoClassQuestionSchema>;

/** `GET /api/simulados/{id}/class-results` (owner and co-teachers), once the window closed. */
export const simuladoClassResultsSchema = z.object({
  simuladoId: z.string(),
  title: z.string(),
  closesAt: z.string(),
  total: z.number().int(),
  participantCount: z.number().int(),
  /** Mean right answers and mean Estimativa TRI (null without participants). */
  averageCorrect: z.number().nullable(),
  averageEstimate: z.number().int().nullable(),
  /** How many participants got each number of right answers, 0 to total. */
  distribution: z.array(z.object({ correct: z.number().int(), count: z.number().int() })),
  participants: z.array(simuladoClassParticipantSchema),
  questions: z.array(simuladoClassQuestionSchema),
});
export type SimuladoClassResults = z.infer<typeof simuladoClassResultsSchema>;

/** Realtime `simulado:live`, to the sockets watching the simulado ('N pessoas fazendo agora'). */
export interface SimuladoLiveEvent {
  simuladoId: string;
  inProgress: number;
}
/** Realtime `simulado:progress`, to the group owner's (and the simulado creator's) open tabs. */
export interface SimuladoProgressEvent {
  simuladoId: string;
  userId: string;
  displayName: string;
  answered: number;
  total: number;
  finished: boolean;
}
/** The answer to `simulado:watch`: the current count, or why not (not found). */
export type SimuladoWatchAck = { ok: true; inProgress: number } | { ok: false; error: string };
