import { z } from 'zod';
import { pageOf } from './api.ts';
import { shownMediaSchema } from './media.ts';
import { postAuthorSchema, questionDataSchema } from './posts.ts';
import { examSchema, questionYearSchema, subjectSchema, topicSchema } from './question-meta.ts';
import { QUESTION_ITEM_STATUSES } from './question-reports.constants.ts';
import {
  BANK_PAGE_SIZE_DEFAULT,
  BANK_PAGE_SIZE_MAX,
  BANK_SEARCH_MAX,
  CARD_STATES,
  EXAMS,
  NOTEBOOK_NOTE_MAX,
  NOTEBOOK_REASONS,
  QUESTION_DIFFICULTIES,
  QUESTION_STATUSES,
  REMINDER_FIRST_HOUR,
  REMINDER_LAST_HOUR,
  REVIEW_RATINGS,
  SUBJECTS,
} from './study.constants.ts';
import { STUDY_LOOP_MESSAGES } from './study-loop.constants.ts';
import { studyStatsSchema } from './users.ts';

export { examSchema, questionYearSchema, subjectSchema, topicSchema } from './question-meta.ts';

const M = STUDY_LOOP_MESSAGES;

/** A query parameter sent empty (`?subject=`) is the same as not sent. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const limitParam = z.coerce
  .number({ error: M.limitInvalid })
  .int(M.limitInvalid)
  .min(1, M.limitInvalid)
  .max(BANK_PAGE_SIZE_MAX, M.limitInvalid)
  .default(BANK_PAGE_SIZE_DEFAULT);
const cursorParam = optionalParam(z.string().max(300, M.cursorInvalid));

/**
 * Several values of one filter (issue 36: 'Matemática e Física', 'ENEM ou Fuvest'): a list separated by
 * commas (`?subject=matematica,fisica`) or the parameter repeated; each value from `item`.
 */
const listParam = <T extends z.ZodType>(item: T, max: number) =>
  optionalParam(
    z.preprocess((value) => {
      const text = Array.isArray(value) ? value.join(',') : value;
      if (typeof text !== 'string') return text;
      const values = [...new Set(text.split(',').map((part) => part.trim()))].filter(Boolean);
      return values.length > 0 ? values : undefined;
    }, z.array(item).min(1).max(max).optional()),
  );

/** `GET /api/questions`: every filter optional, all of them combined; within a list, any of its values. */
export const bankQuerySchema = z.object({
  subject: listParam(subjectSchema, SUBJECTS.length),
  topic: optionalParam(topicSchema),
  exam: listParam(examSchema, EXAMS.length),
  difficulty: listParam(
    z.enum(QUESTION_DIFFICULTIES, { error: M.difficultyInvalid }),
    QUESTION_DIFFICULTIES.length,
  ),
  year: optionalParam(z.coerce.number({ error: M.yearInvalid }).pipe(questionYearSchema)),
  status: optionalParam(z.enum(QUESTION_STATUSES, { error: M.statusInvalid })),
  search: optionalParam(z.string().trim().max(BANK_SEARCH_MAX, M.searchTooLong)),
  /** 'com resolução' (issue 40): only questions with at least one resolution. */
  hasResolution: optionalParam(
    z.enum(['true', 'false'], { error: M.hasResolutionInvalid }).transform((value) => value === 'true'),
  ),
  /** Anuladas and desatualizadas too (issue 40): the bank hides them otherwise. */
  includeInactive: optionalParam(
    z.enum(['true', 'false'], { error: M.includeInactiveInvalid }).transform((value) => value === 'true'),
  ),
  cursor: cursorParam,
  limit: limitParam,
});
export type BankQuery = z.infer<typeof bankQuerySchema>;

/** What the community answered, shown only once the viewer answered too ('68% acertaram'). */
export const communityFiguresSchema = z.object({
  answersCount: z.number().int(),
  correctPercentage: z.number().int(),
});

/**
 * One question of the bank: a question post (`questionIndex` 0) or one question of a quiz. The key,
 * the explanation and the community figures only once the viewer answered it (or wrote it).
 */
export const bankQuestionSchema = z.object({
  postId: z.string(),
  questionIndex: z.number().int(),
  postType: z.enum(['question', 'question_set']),
  /** The quiz's title, null for a question post. */
  quizTitle: z.string().nullable(),
  studyGroupId: z.string().nullable(),
  author: postAuthorSchema,
  createdAt: z.string(),
  questionData: questionDataSchema,
  /** The viewer's first answer, null while unanswered. */
  viewerAnswer: z.number().int().nullable(),
  status: z.enum(QUESTION_STATUSES),
  /** The question itself (issue 40): 'ativa', or anulada / desatualizada by its author or an admin. */
  questionStatus: z.enum(QUESTION_ITEM_STATUSES),
  community: communityFiguresSchema.optional(),
  /** Once answered (or to its author): the share (0–1) that chose each option; null under 10 answers. */
  optionShares: z.array(z.number().min(0).max(1)).nullable().optional(),
  /** The viewer's caderno entry for this question, if any. */
  notebookEntryId: z.string().nullable(),
  /** 'Fácil', 'Média', 'Difícil' (decision 052); absent while too few answered and it is not calibrated. */
  difficulty: z.enum(QUESTION_DIFFICULTIES).nullish(),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

/** A page of the bank; the first one (no cursor) says how many questions match ('1.234 questões'). */
export const bankPageSchema = pageOf(bankQuestionSchema).extend({ total: z.number().int().optional() });

/** An FSRS card's state, as ts-fsrs computed it. */
export const reviewCardSchema = z.object({
  due: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  state: z.enum(CARD_STATES),
  reps: z.number().int(),
  lapses: z.number().int(),
  scheduledDays: z.number().int(),
  /** The learning (or relearning) step the card is at (ts-fsrs `learning_steps`): the review screen's next intervals. */
  learningSteps: z.number().int().optional(),
  lastReview: z.string().nullable(),
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

/** A caderno entry: the question, why it is there, the private note and its review card. */
export const notebookEntrySchema = z.object({
  id: z.string(),
  reason: z.enum(NOTEBOOK_REASONS),
  note: z.string(),
  createdAt: z.string(),
  question: bankQuestionSchema,
  card: reviewCardSchema,
});
export type NotebookEntry = z.infer<typeof notebookEntrySchema>;

export const notebookQuerySchema = z.object({
  subject: optionalParam(subjectSchema),
  cursor: cursorParam,
  limit: limitParam,
});
export type NotebookQuery = z.infer<typeof notebookQuerySchema>;

/** `POST /api/notebook`: any question the viewer can see; `questionIndex` for a quiz's question. */
export const addNotebookEntrySchema = z.strictObject({
  postId: z.string({ error: M.questionNotFound }).max(100, M.questionNotFound),
  questionIndex: z
    .number({ error: M.questionIndexInvalid })
    .int(M.questionIndexInvalid)
    .min(0, M.questionIndexInvalid)
    .optional(),
});
export type AddNotebookEntryInput = z.infer<typeof addNotebookEntrySchema>;

/** `PATCH /api/notebook/{id}`: the private note ('Por que errei?'); '' clears it. */
export const updateNotebookEntrySchema = z.strictObject({
  note: z.string({ error: M.noteRequired }).trim().max(NOTEBOOK_NOTE_MAX, M.noteTooLong),
});
export type UpdateNotebookEntryInput = z.infer<typeof updateNotebookEntrySchema>;

/** Counts for the caderno screen, grouped by subject (null: questions without one). */
export const notebookSummarySchema = z.object({
  total: z.number().int(),
  dueNow: z.number().int(),
  bySubject: z.array(z.object({ subject: z.enum(SUBJECTS).nullable(), count: z.number().int() })),
});
export type NotebookSummary = z.infer<typeof notebookSummarySchema>;

/** A review session takes up to 50 cards at once (the most a page holds). */
export const dueQuerySchema = z.object({
  limit: z.coerce
    .number({ error: M.limitInvalid })
    .int(M.limitInvalid)
    .min(1, M.limitInvalid)
    .max(BANK_PAGE_SIZE_MAX, M.limitInvalid)
    .default(BANK_PAGE_SIZE_MAX),
});

/** A caderno entry in the review queue (`kind: 'entry'`). */
export const dueEntrySchema = notebookEntrySchema.extend({ kind: z.literal('entry') });
export type DueEntry = z.infer<typeof dueEntrySchema>;

/** A flashcard of a deck (issue 42, 'Cartões') in the review queue: plain text sides. */
export const dueFlashcardSchema = z.object({
  kind: z.literal('card'),
  id: z.string(),
  deckId: z.string(),
  deckName: z.string(),
  front: z.string(),
  back: z.string(),
  /**
   * Issue 42: the images an imported card shows on each side, through the image rule (`url` null
   * for a viewer it is kept from: a minor and a sensitive image).
   */
  frontImages: z.array(shownMediaSchema),
  backImages: z.array(shownMediaSchema),
  createdAt: z.string(),
  card: reviewCardSchema,
});
export type DueFlashcard = z.infer<typeof dueFlashcardSchema>;

export const dueItemSchema = z.discriminatedUnion('kind', [dueEntrySchema, dueFlashcardSchema]);
export type DueItem = z.infer<typeof dueItemSchema>;

/**
 * `GET /api/reviews/due`: what is due now, oldest due first — caderno entries (`kind: 'entry'`) and
 * flashcards (`kind: 'card'`, issue 42); `count` is all of them. Both review through
 * `POST /api/reviews/{id}`.
 */
export const dueCardsSchema = z.object({
  data: z.array(dueItemSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
  /** When the first card not due now comes due (null: none): what the end of a session says. */
  nextDueAt: z.string().nullable().optional(),
});
export type DueCards = z.infer<typeof dueCardsSchema>;

/**
 * `POST /api/reviews/{entryId}`. `clientId` (a UUID the device makes) applies the review once however
 * often it is sent; `reviewedAt` is when it was done (offline queues), at most 30 days ago.
 */
export const reviewInputSchema = z.strictObject({
  rating: z.enum(REVIEW_RATINGS, { error: M.ratingInvalid }),
  clientId: z.uuid({ error: M.clientIdInvalid }),
  reviewedAt: z.iso.datetime({ offset: true, error: M.reviewedAtInvalid }).optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** The card after the review; `applied` is false when this `clientId` had already been applied. */
export const reviewResultSchema = reviewCardSchema.extend({
  /** The entry's (or the flashcard's) id. */
  entryId: z.string(),
  applied: z.boolean(),
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;

/**
 * `DELETE /api/reviews/{entryId}/{clientId}` ('Desfazer'): the review's log row goes and the card is
 * the replay of the reviews left, as it was before that one.
 */
export const undoReviewResultSchema = reviewCardSchema.extend({ entryId: z.string() });
export type UndoReviewResult = z.infer<typeof undoReviewResultSchema>;

/** The daily review reminder (Web Push), opt-in, at a whole Brasília hour from 7 to 21. */
export const reminderSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: M.reminderHourInvalid }),
  hour: z
    .number({ error: M.reminderHourInvalid })
    .int(M.reminderHourInvalid)
    .min(REMINDER_FIRST_HOUR, M.reminderHourInvalid)
    .max(REMINDER_LAST_HOUR, M.reminderHourInvalid),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** One Brasília day of the study calendar. */
export const studyDaySchema = z.object({
  day: z.string(),
  answers: z.number().int(),
  reviews: z.number().int(),
  studyMinutes: z.number().int(),
});
export type StudyDay = z.infer<typeof studyDaySchema>;
/** A day of the profile's calendar: the activity above and, issue 39, its verified minutes. */
export const calendarDaySchema = studyDaySchema.extend({ verifiedMinutes: z.number().int() });
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/**
 * `GET /api/users/{id}/study-stats`: the profile's study statistics (same fields as before) with
 * 'Taxa de Acerto' per subject, the review counts (own profile only) and 12 weeks of activity.
 */
export const studyStatsDetailSchema = studyStatsSchema.extend({
  accuracyBySubject: z.array(
    z.object({
      subject: z.enum(SUBJECTS).nullable(),
      answered: z.number().int(),
      correct: z.number().int(),
      percentage: z.number().int(),
    }),
  ),
  reviews: z
    .object({ dueNow: z.number().int(), dueToday: z.number().int(), reviewedToday: z.number().int() })
    .nullable(),
  calendar: z.array(calendarDaySchema),
  /** Issue 39: minutes of focus blocks with evidence, today and this week (Brasília), and the 'ofensiva'. */
  verifiedMinutesToday: z.number().int(),
  verifiedMinutesWeek: z.number().int(),
  /** This week's verified minutes by the subject each block was for (null: none said), most first. */
  verifiedMinutesWeekBySubject: z.array(
    z.object({ subject: z.enum(SUBJECTS).nullable(), minutes: z.number().int() }),
  ),
  streak: z.object({ days: z.number().int(), freezesLeft: z.number().int() }),
});
export type StudyStatsDetail = z.infer<typeof studyStatsDetailSchema>;
/** What the study feature computes itself; the rooms feature adds the verified figures. */
export type StudyStatsBase = Omit<
  StudyStatsDetail,
  'verifiedMinutesToday' | 'verifiedMinutesWeek' | 'verifiedMinutesWeekBySubject' | 'streak' | 'calendar'
> & { calendar: StudyDay[] };
