import { z } from 'zod';
import {
  QUESTION_MARKS,
  QUESTION_REPORT_MESSAGES,
  QUESTION_REPORT_REASONS,
  QUESTION_REPORT_TEXT_MAX,
} from './question-reports.constants.ts';
import { STUDY_LOOP_MESSAGES } from './study-loop.constants.ts';

const M = QUESTION_REPORT_MESSAGES;

const questionIndexSchema = z
  .number({ error: STUDY_LOOP_MESSAGES.questionIndexInvalid })
  .int(STUDY_LOOP_MESSAGES.questionIndexInvalid)
  .min(0, STUDY_LOOP_MESSAGES.questionIndexInvalid);

/** `POST /api/posts/{postId}/question-reports`: 'outro' needs its text. */
export const createQuestionReportSchema = z
  .strictObject({
    questionIndex: questionIndexSchema.optional(),
    reason: z.enum(QUESTION_REPORT_REASONS, { error: M.reasonInvalid }),
    text: z.string({ error: M.textRequired }).trim().max(QUESTION_REPORT_TEXT_MAX, M.textTooLong).optional(),
  })
  .refine((input) => input.reason !== 'outro' || (input.text ?? '').length > 0, {
    message: M.textRequired,
    path: ['text'],
  });
export type CreateQuestionReportInput = z.infer<typeof createQuestionReportSchema>;

export const questionReportSchema = z.object({
  id: z.string(),
  postId: z.string(),
  questionIndex: z.number().int(),
  reason: z.enum(QUESTION_REPORT_REASONS),
  text: z.string(),
  createdAt: z.string(),
  /** The toast to show. */
  message: z.string(),
});
export type QuestionReport = z.infer<typeof questionReportSchema>;

/** `POST /api/posts/{postId}/key`: the new key, an option index of the question. */
export const correctKeySchema = z.strictObject({
  questionIndex: questionIndexSchema.optional(),
  correctAnswer: z
    .number({ error: M.correctAnswerInvalid })
    .int(M.correctAnswerInvalid)
    .min(0, M.correctAnswerInvalid),
});
export type CorrectKeyInput = z.infer<typeof correctKeySchema>;

/** `POST /api/posts/{postId}/status`. */
export const markQuestionSchema = z.strictObject({
  questionIndex: questionIndexSchema.optional(),
  status: z.enum(QUESTION_MARKS, { error: M.markInvalid }),
});
export type MarkQuestionInput = z.infer<typeof markQuestionSchema>;

/** What a correction or a mark did: the re-graded figures and the toast. */
export const questionOutcomeSchema = z.object({
  postId: z.string(),
  questionIndex: z.number().int(),
  correctAnswer: z.number().int(),
  status: z.enum(['ativa', 'anulada', 'desatualizada']),
  /** Answers that were right and are now wrong, and the other way round. */
  nowWrong: z.number().int(),
  nowRight: z.number().int(),
  /** Open reports on the question closed by this outcome. */
  reportsClosed: z.number().int(),
  message: z.string(),
});
export type QuestionOutcome = z.infer<typeof questionOutcomeSchema>;
