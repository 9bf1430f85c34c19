import { z } from 'zod';
import { moderatedImageSchema } from './media.ts';
import {
  APPEAL_STATUSES,
  APPEAL_TEXT_MAX,
  ENFORCEMENT_ITEM_TYPES,
  ENFORCEMENT_KINDS,
  MODERATION_MESSAGES,
  MODERATION_QUEUE_KINDS,
} from './moderation.constants.ts';
import { MODERATION_NOTE_MAX } from './users.constants.ts';
import { MODERATION_ACTIONS, reportQueueItemSchema } from './users.ts';

/** One action taken against the viewer (`GET /api/users/me/moderation-actions`). */
export const myModerationActionSchema = z.object({
  id: z.string(),
  kind: z.enum(ENFORCEMENT_KINDS),
  kindLabel: z.string(),
  rule: z.string(),
  ruleLabel: z.string(),
  item: z.object({ type: z.enum(ENFORCEMENT_ITEM_TYPES), id: z.string().nullable(), label: z.string() }),
  /** Counts toward the ladder (until `strikeExpiresAt`, unless reversed). */
  strike: z.boolean(),
  strikeExpiresAt: z.string().nullable(),
  /** A limit or suspension's end; null when none, or until a moderator lifts it. */
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  reversed: z.boolean(),
  appealable: z.boolean(),
  appeal: z
    .object({
      id: z.string(),
      status: z.enum(APPEAL_STATUSES),
      text: z.string(),
      note: z.string().nullable(),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
});
export type MyModerationAction = z.infer<typeof myModerationActionSchema>;

/** 'Recorrer': why the person disagrees, once per action. */
export const appealInputSchema = z.strictObject({
  text: z
    .string({ error: MODERATION_MESSAGES.appealRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.appealRequired)
    .max(APPEAL_TEXT_MAX, MODERATION_MESSAGES.appealTooLong),
});
export type AppealInput = z.infer<typeof appealInputSchema>;

/**
 * A suspended person cannot sign in: they appeal their suspension with their e-mail and password
 * (`POST /api/moderation-actions/suspension-appeal`).
 */
export const suspensionAppealSchema = z.strictObject({
  email: z
    .string({ error: MODERATION_MESSAGES.credentialsRequired })
    .trim()
    .toLowerCase()
    .min(1, MODERATION_MESSAGES.credentialsRequired)
    .max(254),
  password: z
    .string({ error: MODERATION_MESSAGES.credentialsRequired })
    .min(1, MODERATION_MESSAGES.credentialsRequired)
    .max(200),
  text: appealInputSchema.shape.text,
});
export type SuspensionAppealInput = z.infer<typeof suspensionAppealSchema>;

/** A second moderator's answer to an appeal. */
export const decideAppealSchema = z.strictObject({
  uphold: z.boolean({ error: 'Informe uphold: true ou false.' }),
  note: z.string().trim().max(MODERATION_NOTE_MAX, 'A observação é longa demais.').optional(),
});
export type DecideAppealInput = z.infer<typeof decideAppealSchema>;

export const moderationQueueQuerySchema = z.object({
  kind: z.enum(MODERATION_QUEUE_KINDS, { error: MODERATION_MESSAGES.queueKindInvalid }).default('reports'),
  /** Only the items about this person. */
  userId: z.uuid().optional(),
  /** Reports only: this reason. */
  reason: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ModerationQueueQuery = z.infer<typeof moderationQueueQuerySchema>;

const queuePartySchema = z.object({ id: z.string(), displayName: z.string(), username: z.string() });

/** An appeal waiting for a moderator other than the one who acted. */
export const appealQueueItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  action: z.object({
    id: z.string(),
    kind: z.enum(ENFORCEMENT_KINDS),
    kindLabel: z.string(),
    ruleLabel: z.string(),
    itemType: z.enum(ENFORCEMENT_ITEM_TYPES),
    itemId: z.string().nullable(),
    moderatorId: z.string().nullable(),
    createdAt: z.string(),
  }),
  user: queuePartySchema,
});
export type AppealQueueItem = z.infer<typeof appealQueueItemSchema>;

/** An image the check found sensitive or blocked, waiting for a moderator's word, with who sent it. */
export const imageQueueItemSchema = moderatedImageSchema.extend({ uploader: queuePartySchema });
export type ImageQueueItem = z.infer<typeof imageQueueItemSchema>;

/** One line of the queue: a report (of people or content), an image or an appeal, with its age. */
export const moderationQueueItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('report'), ageSeconds: z.number().int(), report: reportQueueItemSchema }),
  z.object({ type: z.literal('image'), ageSeconds: z.number().int(), image: imageQueueItemSchema }),
  z.object({ type: z.literal('appeal'), ageSeconds: z.number().int(), appeal: appealQueueItemSchema }),
]);
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;

export const moderationQueueSchema = z.object({
  kind: z.enum(MODERATION_QUEUE_KINDS),
  data: z.array(moderationQueueItemSchema),
  hasMore: z.boolean(),
  /** Open items of each kind, for the tabs. */
  counts: z.object({ reports: z.number().int(), images: z.number().int(), appeals: z.number().int() }),
  /** Median time from filing to decision of this kind's items decided in the last 30 days; null if none. */
  medianResolutionSeconds: z.number().nullable(),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** Bulk: resolve every open report against one person at once. */
export const bulkResolveSchema = z.strictObject({
  action: z.enum(MODERATION_ACTIONS, { error: MODERATION_MESSAGES.bulkActionInvalid }),
  note: z.string().trim().max(MODERATION_NOTE_MAX, 'A observação é longa demais.').optional(),
});
export type BulkResolveInput = z.infer<typeof bulkResolveSchema>;
