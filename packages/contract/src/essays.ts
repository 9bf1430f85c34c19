import { z } from 'zod';
import { httpUrlSchema } from './api.ts';
import {
  ESSAY_COMMENT_MAX,
  ESSAY_COMMENTS_MAX,
  ESSAY_DESTINATIONS,
  ESSAY_DRAFT_MAX,
  ESSAY_GENERAL_COMMENT_MAX,
  ESSAY_INSTRUCTION_MAX,
  ESSAY_MESSAGES,
  ESSAY_MONTHLY_QUOTA_MAX,
  ESSAY_MOTIVATING_TEXT_MAX,
  ESSAY_MOTIVATING_TEXTS_MAX,
  ESSAY_PAGES_MAX,
  ESSAY_PROMPT_TITLE_MAX,
  ESSAY_PROMPT_TITLE_MIN,
  ESSAY_SCORE_STEPS,
  ESSAY_STATUSES,
  ESSAY_ZERO_REASONS,
} from './essays.constants.ts';
import { mediaSensitivitySchema, shownMediaSchema } from './media.ts';

const M = ESSAY_MESSAGES;

// ── Proposals ──

/** A motivating text: words, or an image sent through the media upload (its address). */
const motivatingTextSchema = z.union(
  [
    z.strictObject({
      text: z
        .string({ error: M.motivatingTextLength })
        .trim()
        .min(1, M.motivatingTextLength)
        .max(ESSAY_MOTIVATING_TEXT_MAX, M.motivatingTextLength),
    }),
    z.strictObject({ mediaId: httpUrlSchema(M.motivatingMedia) }),
  ],
  { error: M.motivatingTextLength },
);

export const createEssayPromptInputSchema = z.strictObject({
  title: z
    .string({ error: M.titleLength })
    .trim()
    .min(ESSAY_PROMPT_TITLE_MIN, M.titleLength)
    .max(ESSAY_PROMPT_TITLE_MAX, M.titleLength),
  motivatingTexts: z
    .array(motivatingTextSchema, { error: M.motivatingTextsMax })
    .max(ESSAY_MOTIVATING_TEXTS_MAX, M.motivatingTextsMax),
  instruction: z
    .string({ error: M.instructionLength })
    .trim()
    .max(ESSAY_INSTRUCTION_MAX, M.instructionLength)
    .optional(),
  groupId: z.string().max(100).nullish(),
});
export type CreateEssayPromptInput = z.input<typeof createEssayPromptInputSchema>;

export const essayPromptListQuerySchema = z.object({
  groupId: z.string().max(100).optional(),
  cursor: z.string().max(300, M.cursorInvalid).optional(),
});

/**
 * A motivating text, or an image with what the image check said of it (issue 43: a minor gets no
 * `mediaUrl` for a sensitive or blocked image, only its `sensitivity`).
 */
const motivatingTextOutSchema = z.object({
  text: z.string().optional(),
  mediaUrl: z.string().optional(),
  sensitivity: mediaSensitivitySchema.optional(),
});

export const essayPromptSchema = z.object({
  id: z.string(),
  title: z.string(),
  motivatingTexts: z.array(motivatingTextOutSchema),
  instruction: z.string(),
  groupId: z.string().nullable(),
  author: z.object({ id: z.string(), displayName: z.string() }),
  createdAt: z.string(),
});
export type EssayPrompt = z.infer<typeof essayPromptSchema>;

// ── Essays ──

const essayTextSchema = z.string({ error: M.draftTooLong }).max(ESSAY_DRAFT_MAX, M.draftTooLong);
const mediaIdsSchema = z
  .array(httpUrlSchema(M.motivatingMedia), { error: M.pagesMax })
  .max(ESSAY_PAGES_MAX, M.pagesMax);

export const createEssayInputSchema = z.strictObject({
  promptId: z.string({ error: M.promptNotFound }).max(100, M.promptNotFound),
  text: essayTextSchema.optional(),
  mediaIds: mediaIdsSchema.optional(),
});
export type CreateEssayInput = z.input<typeof createEssayInputSchema>;

export const updateEssayInputSchema = z.strictObject({
  text: essayTextSchema.optional(),
  mediaIds: mediaIdsSchema.optional(),
});
export type UpdateEssayInput = z.input<typeof updateEssayInputSchema>;

export const submitEssayInputSchema = z.strictObject({
  destination: z.enum(ESSAY_DESTINATIONS, { error: M.destination }),
});

export const essayPageQuerySchema = z.object({ cursor: z.string().max(300, M.cursorInvalid).optional() });

const scoreSchema = z
  .number({ error: M.scoreInvalid })
  .refine((value) => (ESSAY_SCORE_STEPS as readonly number[]).includes(value), M.scoreInvalid);
export const competenciaScoresSchema = z.strictObject(
  { c1: scoreSchema, c2: scoreSchema, c3: scoreSchema, c4: scoreSchema, c5: scoreSchema },
  { error: M.scoreInvalid },
);
const scoresOutSchema = z.object({
  c1: z.number(),
  c2: z.number(),
  c3: z.number(),
  c4: z.number(),
  c5: z.number(),
});

const rangeSchema = z.object({ start: z.number(), end: z.number() });
export const essayChecksSchema = z.object({
  insufficient: z.boolean(),
  overLimit: z.boolean(),
  copiedRanges: z.array(rangeSchema),
});

export const essayCommentInputSchema = z.strictObject(
  {
    start: z.number({ error: M.commentRange }).int(M.commentRange).min(0, M.commentRange),
    end: z.number({ error: M.commentRange }).int(M.commentRange).min(0, M.commentRange),
    competencia: z
      .number({ error: M.commentCompetencia })
      .int(M.commentCompetencia)
      .min(1, M.commentCompetencia)
      .max(5, M.commentCompetencia),
    text: z
      .string({ error: M.commentLength })
      .trim()
      .min(1, M.commentLength)
      .max(ESSAY_COMMENT_MAX, M.commentLength),
  },
  { error: M.commentRange },
);
const commentOutSchema = z.object({
  start: z.number(),
  end: z.number(),
  competencia: z.number(),
  text: z.string(),
});

export const essayReviewInputSchema = z.strictObject({
  scores: competenciaScoresSchema.nullable(),
  zeroReason: z.enum(ESSAY_ZERO_REASONS, { error: M.zeroReasonInvalid }).nullable(),
  comments: z
    .array(essayCommentInputSchema, { error: M.commentRange })
    .max(ESSAY_COMMENTS_MAX, M.commentsMax),
  generalComment: z
    .string({ error: M.generalCommentLength })
    .trim()
    .max(ESSAY_GENERAL_COMMENT_MAX, M.generalCommentLength)
    .optional(),
});
export type EssayReviewInput = z.input<typeof essayReviewInputSchema>;

export const essayCorrectionSchema = z.object({
  scores: scoresOutSchema.nullable(),
  zeroReason: z.enum(ESSAY_ZERO_REASONS).nullable(),
  total: z.number(),
  comments: z.array(commentOutSchema),
  generalComment: z.string(),
});
export type EssayCorrection = z.infer<typeof essayCorrectionSchema>;

const finalScoreSchema = scoresOutSchema.extend({ total: z.number() });

export const essaySummarySchema = z.object({
  id: z.string(),
  status: z.enum(ESSAY_STATUSES),
  destination: z.enum(ESSAY_DESTINATIONS).nullable(),
  lines: z.number(),
  words: z.number(),
  checks: essayChecksSchema,
  prompt: z.object({ id: z.string(), title: z.string() }),
  finalScore: finalScoreSchema.nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  correctedAt: z.string().nullable(),
});
export type EssaySummary = z.infer<typeof essaySummarySchema>;

/**
 * The photos of handwritten pages: `mediaUrls` are those this viewer may load, `media` each page with
 * what the image check said of it (issue 43), in the author's order.
 */
const pagesShape = { mediaUrls: z.array(z.string()), media: z.array(shownMediaSchema) };

export const essayDetailSchema = essaySummarySchema.extend({
  text: z.string(),
  ...pagesShape,
  prompt: essayPromptSchema,
  corrections: z.array(essayCorrectionSchema),
  isAuthor: z.boolean(),
});
export type EssayDetail = z.infer<typeof essayDetailSchema>;

/** An assignment: the essay to correct, with no author field anywhere in it. */
export const essayAssignmentSchema = z.object({
  id: z.string(),
  essay: z.object({
    id: z.string(),
    text: z.string(),
    ...pagesShape,
    lines: z.number(),
    words: z.number(),
    checks: essayChecksSchema,
    prompt: essayPromptSchema.omit({ author: true }),
  }),
  expiresAt: z.string(),
});
export type EssayAssignment = z.infer<typeof essayAssignmentSchema>;

export const nextEssayReviewInputSchema = z.strictObject({ groupId: z.string().max(100).optional() });

export const essayReliabilitySchema = z.object({
  controls: z.number(),
  qwk: scoresOutSchema.nullable(),
  meanDeviation: scoresOutSchema.nullable(),
  eligible: z.boolean(),
  /** Corrections the viewer still owes before their next community submission. */
  owed: z.number(),
});
export type EssayReliability = z.infer<typeof essayReliabilitySchema>;

export const essayQueueQuerySchema = z.object({ groupId: z.string().max(100) });

/** A teacher's queue: a group's essays waiting for a correction, oldest first, with their age. */
export const essayQueueItemSchema = z.object({
  essayId: z.string(),
  promptTitle: z.string(),
  status: z.enum(ESSAY_STATUSES),
  submittedAt: z.string(),
  waitingHours: z.number(),
});
export type EssayQueueItem = z.infer<typeof essayQueueItemSchema>;

// A paid group's monthly quota of corrections per member ('4 correções por mês'):
// `GET /api/study-groups/{id}/essay-quota` (its members and teachers),
// `PUT /api/study-groups/{id}/essay-quota {monthlyQuota}` (the owner; null: no quota).

export const essayQuotaInputSchema = z.strictObject({
  monthlyQuota: z
    .number({ error: M.quotaInvalid })
    .int(M.quotaInvalid)
    .min(1, M.quotaInvalid)
    .max(ESSAY_MONTHLY_QUOTA_MAX, M.quotaInvalid)
    .nullable(),
});

export const essayQuotaSchema = z.object({
  /** Corrections each member may ask the group's teachers for per month (Brasília); null: no limit. */
  monthlyQuota: z.number().int().nullable(),
  /** The viewer's essays sent to the group this month (Brasília). */
  usedThisMonth: z.number().int(),
  /** The month counted, 'YYYY-MM' in America/Sao_Paulo. */
  month: z.string(),
});
export type EssayQuota = z.infer<typeof essayQuotaSchema>;
