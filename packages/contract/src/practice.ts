import { z } from 'zod';
import { httpUrlSchema } from './api.ts';
import { shownMediaSchema } from './media.ts';
import { postAuthorSchema } from './posts.ts';
import {
  MASTERY_LEVELS,
  PRACTICE_MESSAGES,
  RESOLUTION_CONTENT_MAX,
  RESOLUTION_IMAGES_MAX,
} from './practice.constants.ts';
import { subjectSchema, topicSchema } from './question-meta.ts';
import { SUBJECTS } from './study.constants.ts';
import { bankQuestionSchema, notebookEntrySchema } from './study.ts';
import { STUDY_LOOP_MESSAGES } from './study-loop.constants.ts';

const M = PRACTICE_MESSAGES;
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `GET /api/practice/next`: both optional; an unknown subject is a 400. */
export const practiceNextQuerySchema = z.object({
  subject: optionalParam(subjectSchema),
  topic: optionalParam(topicSchema),
});
export type PracticeNextQuery = z.infer<typeof practiceNextQuerySchema>;

export const abilitySchema = z.object({ theta: z.number(), standardError: z.number() });
export type Ability = z.infer<typeof abilitySchema>;

/**
 * The next item: a caderno card due now, else a new question (null when none is left). `ability`
 * is the viewer's in the subject asked for (null without a subject).
 */
export const practiceNextSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('review'), item: notebookEntrySchema, ability: abilitySchema.nullable() }),
  z.object({
    kind: z.literal('question'),
    item: bankQuestionSchema.nullable(),
    ability: abilitySchema.nullable(),
  }),
]);
export type PracticeNext = z.infer<typeof practiceNextSchema>;

export const masteryCellSchema = z.object({
  subject: z.enum(SUBJECTS),
  /** Null for the subject's own cell. */
  topic: z.string().nullable(),
  level: z.enum(MASTERY_LEVELS),
  theta: z.number(),
  standardError: z.number(),
  answered: z.number().int(),
});
export type MasteryCell = z.infer<typeof masteryCellSchema>;
export const masterySchema = z.object({ data: z.array(masteryCellSchema) });
export type Mastery = z.infer<typeof masterySchema>;

const contentSchema = z
  .string({ error: M.resolutionRequired })
  .trim()
  .min(1, M.resolutionRequired)
  .max(RESOLUTION_CONTENT_MAX, M.resolutionTooLong);

const questionIndexSchema = z
  .number({ error: STUDY_LOOP_MESSAGES.questionIndexInvalid })
  .int(STUDY_LOOP_MESSAGES.questionIndexInvalid)
  .min(0, STUDY_LOOP_MESSAGES.questionIndexInvalid);

export const resolutionsQuerySchema = z.object({
  questionIndex: optionalParam(
    z.coerce.number({ error: STUDY_LOOP_MESSAGES.questionIndexInvalid }).pipe(questionIndexSchema),
  ),
});
/** A resolution's images: addresses `POST /api/media` answered for `resolution_image` (the server checks they are the author's). */
const resolutionImagesSchema = z
  .array(httpUrlSchema(M.resolutionImagesNotUploaded), { error: M.resolutionImagesMax })
  .max(RESOLUTION_IMAGES_MAX, M.resolutionImagesMax)
  .refine((urls) => new Set(urls).size === urls.length, M.resolutionImagesMax);

export const createResolutionSchema = z.strictObject({
  questionIndex: questionIndexSchema.optional(),
  content: contentSchema,
  mediaUrls: resolutionImagesSchema.optional(),
});
export type CreateResolutionInput = z.infer<typeof createResolutionSchema>;
/** The text, and the images when given (the whole list: [] takes them all away). */
export const updateResolutionSchema = z.strictObject({
  content: contentSchema,
  mediaUrls: resolutionImagesSchema.optional(),
});
export type UpdateResolutionInput = z.infer<typeof updateResolutionSchema>;

export const resolutionSchema = z.object({
  id: z.string(),
  author: postAuthorSchema,
  content: z.string(),
  /** Its images as this viewer gets them (issue 43: no address of a sensitive one for a minor). */
  media: z.array(shownMediaSchema),
  /** Written by a verified professor, mentor or tutor: 'Resolução do professor'. */
  isTeacher: z.boolean(),
  votes: z.number().int(),
  votedByMe: z.boolean(),
  accepted: z.boolean(),
  createdAt: z.string(),
});
export type Resolution = z.infer<typeof resolutionSchema>;
export const resolutionListSchema = z.object({ data: z.array(resolutionSchema) });
