import { z } from 'zod';
import { httpUrlSchema } from './api.ts';
import { GROUP_CATEGORIES } from './constants.ts';
import {
  FORUM_COMMENT_MAX,
  FORUM_CONTENT_MAX,
  FORUM_TITLE_MAX,
  GROUP_CATEGORY_VALUES,
  GROUP_DESCRIPTION_MAX,
  GROUP_DURATION_MAX_MONTHS,
  GROUP_MEMBERS_MAX,
  GROUP_MESSAGES,
  GROUP_NAME_MAX,
  GROUP_PRICE_MAX,
  GROUP_SUBJECTS,
  GROUP_SUMMARY_MAX,
  GROUP_TAG_MAX,
  GROUP_TAGS_MAX,
  type GroupCategory,
  MATERIAL_DESCRIPTION_MAX,
  MATERIAL_TITLE_MAX,
  RATING_COMMENT_MAX,
} from './groups.constants.ts';
import { mediaSensitivitySchema } from './media.ts';

// Study groups (spec §1, §2 '/study-groups…', §3 Study group, Material, Membership, Forum, §7, §9).

const tagSchema = z
  .string({ error: GROUP_MESSAGES.tagInvalid })
  .trim()
  .min(1, GROUP_MESSAGES.tagInvalid)
  .max(GROUP_TAG_MAX, GROUP_MESSAGES.tagInvalid);

const groupFields = {
  name: z
    .string({ error: GROUP_MESSAGES.nameRequired })
    .trim()
    .min(1, GROUP_MESSAGES.nameRequired)
    .max(GROUP_NAME_MAX, GROUP_MESSAGES.nameTooLong),
  description: z
    .string({ error: GROUP_MESSAGES.descriptionRequired })
    .trim()
    .min(1, GROUP_MESSAGES.descriptionRequired)
    .max(GROUP_DESCRIPTION_MAX, GROUP_MESSAGES.descriptionTooLong),
  summary: z.string().trim().max(GROUP_SUMMARY_MAX, GROUP_MESSAGES.summaryTooLong),
  coverImage: httpUrlSchema(GROUP_MESSAGES.coverInvalid).nullable(),
  category: z.enum(GROUP_CATEGORY_VALUES as [GroupCategory, ...GroupCategory[]], {
    error: GROUP_MESSAGES.categoryInvalid,
  }),
  subject: z.enum(GROUP_SUBJECTS, { error: GROUP_MESSAGES.subjectInvalid }),
  isPaid: z.boolean(),
  /** In cents. */
  price: z
    // NaN only comes from a form's text that is no price ('abc'): the form takes reais.
    .number({
      error: (issue) => (Number.isNaN(issue.input) ? GROUP_MESSAGES.priceTyped : GROUP_MESSAGES.priceInvalid),
    })
    .int(GROUP_MESSAGES.priceNotCents)
    .min(0, GROUP_MESSAGES.priceInvalid)
    .max(GROUP_PRICE_MAX, GROUP_MESSAGES.priceInvalid),
  /** Months of access after paying; null: lifetime. */
  subscriptionDuration: z
    .number({ error: GROUP_MESSAGES.durationInvalid })
    .int(GROUP_MESSAGES.durationInvalid)
    .min(1, GROUP_MESSAGES.durationInvalid)
    .max(GROUP_DURATION_MAX_MONTHS, GROUP_MESSAGES.durationInvalid)
    .nullable(),
  maxMembers: z
    .number({ error: GROUP_MESSAGES.maxMembersInvalid })
    .int(GROUP_MESSAGES.maxMembersInvalid)
    .min(1, GROUP_MESSAGES.maxMembersInvalid)
    .max(GROUP_MEMBERS_MAX, GROUP_MESSAGES.maxMembersInvalid),
  tags: z
    .array(tagSchema, { error: GROUP_MESSAGES.tagsTooMany })
    .max(GROUP_TAGS_MAX, GROUP_MESSAGES.tagsTooMany),
};

const priceMatchesPaid = (group: { isPaid?: boolean; price?: number }, ctx: z.RefinementCtx) => {
  if (group.isPaid === true && group.price !== undefined && group.price <= 0)
    ctx.addIssue({ code: 'custom', path: ['price'], message: GROUP_MESSAGES.paidNeedsPrice });
  if (group.isPaid === false && group.price !== undefined && group.price !== 0)
    ctx.addIssue({ code: 'custom', path: ['price'], message: GROUP_MESSAGES.freeHasNoPrice });
};

/** `POST /api/study-groups`. Tags are trimmed and de-duplicated case-insensitively by the server. */
export const createGroupInputSchema = z
  .strictObject({
    ...groupFields,
    summary: groupFields.summary.default(''),
    coverImage: groupFields.coverImage.default(null),
    price: groupFields.price.default(0),
    subscriptionDuration: groupFields.subscriptionDuration.default(null),
    maxMembers: groupFields.maxMembers.default(100),
    tags: groupFields.tags.default([]),
    /** Currency is always BRL; accepted so the spec's sample objects can be posted as they are. */
    currency: z.literal('BRL').optional(),
  })
  .superRefine(priceMatchesPaid);
export type CreateGroupInput = z.input<typeof createGroupInputSchema>;

/** `PATCH /api/study-groups/{id}` (owner only): any field; `isActive: false` deactivates. */
export const updateGroupInputSchema = z
  .strictObject({ ...groupFields, isActive: z.boolean() })
  .partial()
  .superRefine(priceMatchesPaid);
export type UpdateGroupInput = z.input<typeof updateGroupInputSchema>;

export const groupListQuerySchema = z.object({
  search: z.string().trim().max(100, 'A busca deve ter no máximo 100 caracteres.').default(''),
  category: z.enum(GROUP_CATEGORIES, { error: GROUP_MESSAGES.categoryInvalid }).default('all'),
});
export type GroupListQuery = z.input<typeof groupListQuerySchema>;

export const groupAdvertiserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  verified: z.boolean(),
  /** Average of the ratings of all the owner's groups, 0–5 (0: none yet). */
  rating: z.number(),
  /** Distinct active members across the owner's groups. */
  totalStudents: z.number().int(),
});
export type GroupAdvertiser = z.infer<typeof groupAdvertiserSchema>;

export const MEMBERSHIP_STATUSES = ['active', 'left', 'expired'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const membershipSchema = z.object({
  id: z.string(),
  userId: z.string(),
  studyGroupId: z.string(),
  role: z.enum(['member', 'owner']),
  /** 'expired' once expiresAt has passed; archiving keeps it active (only hidden from 'Meus Grupos'). */
  status: z.enum(MEMBERSHIP_STATUSES),
  joinedAt: z.string(),
  expiresAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  /** The member asked not to be told of the group's new content ('Silenciar grupo'). */
  isMuted: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** §3 Study group: the server fields and the sample-data fields, in one shape. */
export const studyGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  summary: z.string(),
  /** Null too when the image rule keeps the cover from this viewer (issue 43: a minor, a sensitive one). */
  coverImage: z.string().nullable(),
  /** What the image check said of the cover ('ok' for none or one at an outside address). */
  coverSensitivity: mediaSensitivitySchema,
  ownerId: z.string(),
  advertiser: groupAdvertiserSchema,
  isRecommended: z.boolean(),
  currentMembers: z.number().int(),
  maxMembers: z.number().int(),
  memberCount: z.number().int(),
  isPaid: z.boolean(),
  price: z.number().int(),
  currency: z.literal('BRL'),
  subject: z.enum(GROUP_SUBJECTS),
  category: z.enum(GROUP_CATEGORY_VALUES as [GroupCategory, ...GroupCategory[]]),
  subscriptionDuration: z.number().int().nullable(),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  /** The viewer archived their membership. */
  isArchived: z.boolean(),
  /** 0–100, from real signals (see the README); null outside 'Disponíveis'. */
  relevanceScore: z.number().int().nullable(),
  relevanceTag: z.string().nullable(),
  /** Average rating of this group (0: none yet), how many rated, and the viewer's own. */
  rating: z.number(),
  ratingsCount: z.number().int(),
  myRating: z.number().int().nullable(),
  /** The viewer is an active member (or the owner). */
  isMember: z.boolean(),
  isOwner: z.boolean(),
  materialsCount: z.number().int(),
  videosCount: z.number().int(),
  postsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudyGroup = z.infer<typeof studyGroupSchema>;

export const MEMBERSHIP_ACTIONS = ['join', 'leave', 'archive', 'unarchive', 'mute', 'unmute'] as const;
export type MembershipAction = (typeof MEMBERSHIP_ACTIONS)[number];
export const membershipActionInputSchema = z.strictObject({
  action: z.enum(MEMBERSHIP_ACTIONS, { error: 'Ação desconhecida.' }),
  /** Old clients send it; ignored: only a confirmed payment opens a paid group. */
  paid: z.unknown().optional(),
});
export type MembershipActionInput = z.infer<typeof membershipActionInputSchema>;

/** `POST /api/study-groups/{id}/invites`: the owner invites someone (a group_invite notification). */
export const groupInviteInputSchema = z.strictObject({
  userId: z.string({ error: GROUP_MESSAGES.inviteUserNotFound }).min(1, GROUP_MESSAGES.inviteUserNotFound),
});

export const ratingInputSchema = z.strictObject({
  rating: z
    .number({ error: GROUP_MESSAGES.ratingInvalid })
    .int(GROUP_MESSAGES.ratingInvalid)
    .min(1, GROUP_MESSAGES.ratingInvalid)
    .max(5, GROUP_MESSAGES.ratingInvalid),
  /** Shown with the rating on the group page (issue 24); optional, '' when absent. */
  comment: z
    .string({ error: GROUP_MESSAGES.ratingCommentTooLong })
    .trim()
    .max(RATING_COMMENT_MAX, GROUP_MESSAGES.ratingCommentTooLong)
    .optional(),
});
export const groupRatingSchema = z.object({
  rating: z.number(),
  ratingsCount: z.number().int(),
  myRating: z.number().int().nullable(),
});
export type GroupRating = z.infer<typeof groupRatingSchema>;

// Materials

export const materialSchema = z.object({
  id: z.string(),
  studyGroupId: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.literal('pdf'),
  /** `/api/study-groups/{id}/materials/{materialId}/download`: members only, counts the download. */
  fileUrl: z.string(),
  fileName: z.string(),
  /** Bytes. */
  fileSize: z.number().int(),
  downloadCount: z.number().int(),
  isVisible: z.boolean(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

/**
 * `POST /api/study-groups/{id}/materials` is multipart/form-data: fields `title`, `description`
 * (optional) and one `file` (a PDF, checked by its bytes, at most 20 MB). Owner only.
 */
export const materialFieldsSchema = z.object({
  title: z
    .string({ error: GROUP_MESSAGES.materialTitleRequired })
    .trim()
    .min(1, GROUP_MESSAGES.materialTitleRequired)
    .max(MATERIAL_TITLE_MAX, GROUP_MESSAGES.textTooLong),
  description: z.string().trim().max(MATERIAL_DESCRIPTION_MAX, GROUP_MESSAGES.textTooLong).default(''),
});

/** `PATCH /api/study-groups/{id}/materials/{materialId}` (owner only): any of these. */
export const updateMaterialInputSchema = z.strictObject({
  title: materialFieldsSchema.shape.title.optional(),
  description: z.string().trim().max(MATERIAL_DESCRIPTION_MAX, GROUP_MESSAGES.textTooLong).optional(),
  isVisible: z.boolean().optional(),
});
export type UpdateMaterialInput = z.infer<typeof updateMaterialInputSchema>;

// Forum

export const forumCommentSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  isLiked: z.boolean(),
  likesCount: z.number().int(),
  /**
   * Removed by moderation: 'hidden' (can be shown again) or 'deleted'. Members never get removed
   * content; its author gets it with 'Removido pela moderação' as content; managers see hidden ones.
   */
  moderation: z.enum(['hidden', 'deleted']).nullable(),
});
export type ForumComment = z.infer<typeof forumCommentSchema>;

export const forumTopicSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  createdAt: z.string(),
  isPinned: z.boolean(),
  /** Closed by moderation: replies answer 409. */
  isClosed: z.boolean(),
  /** As on a comment: title and content are 'Removido pela moderação' for the author. */
  moderation: z.enum(['hidden', 'deleted']).nullable(),
  isLiked: z.boolean(),
  likesCount: z.number().int(),
  repliesCount: z.number().int(),
  /** Oldest first. */
  comments: z.array(forumCommentSchema),
});
export type ForumTopic = z.infer<typeof forumTopicSchema>;

export const createTopicInputSchema = z.strictObject({
  title: z
    .string({ error: GROUP_MESSAGES.topicTitleRequired })
    .trim()
    .min(1, GROUP_MESSAGES.topicTitleRequired)
    .max(FORUM_TITLE_MAX, GROUP_MESSAGES.textTooLong),
  content: z
    .string({ error: GROUP_MESSAGES.topicContentRequired })
    .trim()
    .min(1, GROUP_MESSAGES.topicContentRequired)
    .max(FORUM_CONTENT_MAX, GROUP_MESSAGES.textTooLong),
});
export type CreateTopicInput = z.infer<typeof createTopicInputSchema>;

export const createForumCommentInputSchema = z.strictObject({
  content: z
    .string({ error: GROUP_MESSAGES.replyRequired })
    .trim()
    .min(1, GROUP_MESSAGES.replyRequired)
    .max(FORUM_COMMENT_MAX, GROUP_MESSAGES.textTooLong),
});

export const pinTopicInputSchema = z.strictObject({ isPinned: z.boolean() });

const booleanField = (message: string) => z.boolean({ error: message });
/** `PUT …/forum/{topicId}/close` (owner and co-teachers). */
export const closeTopicInputSchema = z.strictObject({
  isClosed: booleanField('Informe isClosed como verdadeiro ou falso.'),
});
/** `PUT …/forum/{topicId}/hide` and `PUT …/comments/{commentId}/hide` (owner and co-teachers). */
export const hideForumContentInputSchema = z.strictObject({
  isHidden: booleanField('Informe isHidden como verdadeiro ou falso.'),
});

/** The like toggles (topic and comment) answer the posts' `likeStateSchema`. */

// Payments

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_METHODS = ['card', 'pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** 'refunded': approved, then given back (the member lost the access it bought). */
export const PAYMENT_STATUSES = ['pending', 'approved', 'failed', 'refunded'] as const;

/** `GET /api/payments/config`: which provider takes the payments, and whether it is a test mode. */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  testMode: z.boolean(),
  methods: z.array(z.enum(PAYMENT_METHODS)),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** `POST /api/study-groups/{id}/payments`. */
export const createPaymentInputSchema = z.strictObject({
  method: z.enum(PAYMENT_METHODS, { error: 'Forma de pagamento inválida.' }).default('card'),
  /** The invite link the buyer came through: its coupon (if any, and still available) discounts this first payment. */
  inviteCode: z.string().trim().min(1).max(64).optional(),
});

export const paymentSchema = z.object({
  id: z.string(),
  studyGroupId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  currency: z.literal('BRL'),
  testMode: z.boolean(),
  /** Where to send the buyer to pay (the real provider's checkout); null when already settled. */
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A confirmed payment as its buyer sees it ('Recibo'), from `GET /api/payments/mine`. */
export const receiptSchema = z.object({
  id: z.string(),
  studyGroupId: z.string(),
  groupName: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  method: z.enum(['card', 'pix']),
  amount: z.number().int(),
  currency: z.literal('BRL'),
  testMode: z.boolean(),
  paidAt: z.string(),
  /** Months bought; null: lifetime access. */
  durationMonths: z.number().int().nullable(),
  /** The provider's reference (Stripe's checkout session), for support. */
  providerRef: z.string().nullable(),
  /** 'refunded' once given back (then refundedAt is set). */
  status: z.enum(['approved', 'refunded']),
  refundedAt: z.string().nullable(),
  /** Percent off from an invite link's coupon, or null. */
  couponPercent: z.number().int().nullable(),
  /** When the access this payment bought ends (null: lifetime). */
  accessEndsAt: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;
