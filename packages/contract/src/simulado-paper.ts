import { z } from 'zod';
import { QUESTION_OPTIONS_MAX } from './constants.ts';
import { questionDataSchema } from './posts.ts';
import { SIMULADO_PAPER_GUEST_NAME_MAX, SIMULADO_PAPER_MESSAGES } from './simulado-paper.constants.ts';
import { SIMULADO_QUESTIONS_MAX } from './simulados.constants.ts';
import { simuladoEstimateSchema } from './simulados.ts';

const M = SIMULADO_PAPER_MESSAGES;

/** A question as printed: its statement and options, never its key; `images` are its post's photos. */
export const simuladoPrintQuestionSchema = z.object({
  index: z.number().int(),
  questionData: questionDataSchema,
  images: z.array(z.string()),
});
export type SimuladoPrintQuestion = z.infer<typeof simuladoPrintQuestionSchema>;

/** `GET /api/simulados/{id}/print` (organizers only): what the booklet and the answer sheet show. */
export const simuladoPrintSchema = z.object({
  id: z.string(),
  title: z.string(),
  groupName: z.string(),
  durationMinutes: z.number().int(),
  status: z.enum(['draft', 'published']),
  /** A short code printed on each sheet, so typed answers go to the right simulado. */
  code: z.string(),
  questions: z.array(simuladoPrintQuestionSchema),
});
export type SimuladoPrint = z.infer<typeof simuladoPrintSchema>;

/**
 * `POST /api/simulados/{id}/paper-answers`: one sheet typed by the teacher. Exactly one of `userId`
 * (a member of the group: it becomes their attempt) and `guestName` (a student without an account).
 * `answers`: one per question in order, the option's index (0 = A) or null for a blank.
 */
export const simuladoPaperAnswersInputSchema = z
  .strictObject({
    userId: z.uuid({ error: M.userIdInvalid }).optional(),
    guestName: z
      .string({ error: M.guestNameRequired })
      .trim()
      .min(1, M.guestNameRequired)
      .max(SIMULADO_PAPER_GUEST_NAME_MAX, M.guestNameTooLong)
      .optional(),
    answers: z
      .array(
        z
          .number({ error: M.answerInvalid })
          .int(M.answerInvalid)
          .min(0, M.answerInvalid)
          .max(QUESTION_OPTIONS_MAX - 1, M.answerInvalid)
          .nullable(),
        { error: M.answersRequired },
      )
      .max(SIMULADO_QUESTIONS_MAX, M.answersRequired),
  })
  .refine((input) => (input.userId === undefined) !== (input.guestName === undefined), {
    message: M.whoRequired,
  });
export type SimuladoPaperAnswersInput = z.infer<typeof simuladoPaperAnswersInputSchema>;

/** A typed sheet and its score, as the online result gives it (right answers and the Estimativa TRI). */
export const simuladoPaperEntrySchema = z.object({
  kind: z.enum(['member', 'guest']),
  /** The attempt's id for a member, the guest row's for a guest. */
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  answers: z.array(z.number().int().nullable()),
  correctCount: z.number().int(),
  total: z.number().int(),
  answeredCount: z.number().int(),
  blankCount: z.number().int(),
  estimate: simuladoEstimateSchema,
  enteredAt: z.string(),
});
export type SimuladoPaperEntry = z.infer<typeof simuladoPaperEntrySchema>;

/** `GET /api/simulados/{id}/paper-answers` (organizers only): whom a sheet may be typed for, and those typed. */
export const simuladoPaperSheetSchema = z.object({
  simuladoId: z.string(),
  total: z.number().int(),
  /** Each question's option count, in order: the letters the typing screen offers. */
  optionCounts: z.array(z.number().int()),
  members: z.array(
    z.object({ userId: z.string(), displayName: z.string(), username: z.string(), hasAttempt: z.boolean() }),
  ),
  entries: z.array(simuladoPaperEntrySchema),
});
export type SimuladoPaperSheet = z.infer<typeof simuladoPaperSheetSchema>;
