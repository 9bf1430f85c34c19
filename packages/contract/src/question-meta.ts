import { z } from 'zod';
import { currentQuestionYear } from './question-year.constants.ts';
import { EXAMS, QUESTION_YEAR_MIN, SUBJECTS, TOPIC_MAX } from './study.constants.ts';
import { STUDY_LOOP_MESSAGES } from './study-loop.constants.ts';

// The metadata a question (a question post, or each question of a quiz) may carry: subject, topic
// ('Assunto'), exam ('Banca') and year. All optional; a blank topic counts as none.

export const subjectSchema = z.enum(SUBJECTS, { error: STUDY_LOOP_MESSAGES.subjectInvalid });
export const examSchema = z.enum(EXAMS, { error: STUDY_LOOP_MESSAGES.examInvalid });
export const questionYearSchema = z
  .number({ error: STUDY_LOOP_MESSAGES.yearInvalid })
  .int(STUDY_LOOP_MESSAGES.yearInvalid)
  .min(QUESTION_YEAR_MIN, STUDY_LOOP_MESSAGES.yearInvalid)
  .refine((year) => year <= currentQuestionYear(), STUDY_LOOP_MESSAGES.yearInvalid);
export const topicSchema = z
  .string({ error: STUDY_LOOP_MESSAGES.topicTooLong })
  .trim()
  .max(TOPIC_MAX, STUDY_LOOP_MESSAGES.topicTooLong);

/** As the create-post body sends them; null and '' mean "none". */
export const questionMetaInputShape = {
  subject: subjectSchema.nullish(),
  topic: topicSchema.nullish(),
  exam: examSchema.nullish(),
  year: questionYearSchema.nullish(),
};

/** As replies carry them: each key only when the question has it. */
export const questionMetaShape = {
  subject: z.enum(SUBJECTS).optional(),
  topic: z.string().optional(),
  exam: z.enum(EXAMS).optional(),
  year: z.number().int().optional(),
};
