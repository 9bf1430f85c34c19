import { z } from 'zod';
import { isHttpUrl, URL_MAX } from './api.constants.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { mediaSensitivitySchema } from './media.ts';
import {
  ANNOUNCEMENT_MAX,
  CLASS_DURATION_MAX_MINUTES,
  CLASS_TITLE_MAX,
  type CO_TEACHER_TYPES,
  COUPON_PERCENT_MAX,
  COUPON_PERCENT_MIN,
  FAQ_ANSWER_MAX,
  FAQ_ITEMS_MAX,
  FAQ_QUESTION_MAX,
  INVITE_MAX_USES,
  LEARN_OUTCOMES_MAX,
  TEACHING_MESSAGES as M,
  REMOVAL_REASON_MAX,
  SYLLABUS_LESSONS_MAX,
  SYLLABUS_MODULES_MAX,
  SYLLABUS_TITLE_MAX,
} from './teaching.constants.ts';

// The teacher's toolkit of a group (issue 24). Every call here is checked on the server: managing
// (members, co-teachers, announcements, classes) is for the owner and co-teachers; invite links,
// refunds and earnings are for the owner only.

// Members — `GET /api/study-groups/{id}/members?q=&page=&limit=` (page) and
// `GET /api/study-groups/{id}/members.csv?q=` (text/csv, every match).

export const membersQuerySchema = z.object({
  q: z.string().trim().max(100, 'A busca deve ter no máximo 100 caracteres.').default(''),
  page: z.coerce
    .number({ error: 'A página deve ser um número inteiro a partir de 1.' })
    .int('A página deve ser um número inteiro a partir de 1.')
    .min(1, 'A página deve ser um número inteiro a partir de 1.')
    .max(100_000, 'Página fora do intervalo permitido.')
    .default(1),
  limit: z.coerce
    .number({ error: `O limite deve ser um número inteiro entre 1 e ${MAX_PAGE_SIZE}.` })
    .int(`O limite deve ser um número inteiro entre 1 e ${MAX_PAGE_SIZE}.`)
    .min(1, `O limite deve ser um número inteiro entre 1 e ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `O limite deve ser um número inteiro entre 1 e ${MAX_PAGE_SIZE}.`)
    .default(20),
});
export type MembersQuery = z.input<typeof membersQuerySchema>;

export const groupMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  joinedAt: z.string(),
  /** Paid members: when their access ends (null: lifetime, or a free group). */
  accessEndsAt: z.string().nullable(),
  /** Has an approved, not refunded payment for this group. */
  isPaying: z.boolean(),
  /** Last time the member did anything on Estudaí (a session seen, an answer, a post); null: never. */
  lastActiveAt: z.string().nullable(),
  /** Questions answered (bank and feed) and simulados finished, in total. */
  answersCount: z.number().int(),
  simuladosCount: z.number().int(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** `DELETE /api/study-groups/{id}/members/{userId}` body. */
export const removeMemberInputSchema = z.strictObject({
  reason: z
    .string({ error: M.removeReasonRequired })
    .trim()
    .min(1, M.removeReasonRequired)
    .max(REMOVAL_REASON_MAX, M.removeReasonTooLong),
});
export type RemoveMemberInput = z.infer<typeof removeMemberInputSchema>;

export const removeMemberResultSchema = z.object({
  userId: z.string(),
  /** A paid member removed before the end of their access gets their last payment back. */
  refunded: z.boolean(),
  /** Cents refunded, or null. */
  refundAmount: z.number().int().nullable(),
});
export type RemoveMemberResult = z.infer<typeof removeMemberResultSchema>;

// Co-teachers — `GET|POST /api/study-groups/{id}/teachers`, `DELETE …/teachers/{userId}`.

export const addTeacherInputSchema = z.strictObject({
  userId: z.string({ error: M.userNotFound }).min(1, M.userNotFound),
});
export type AddTeacherInput = z.infer<typeof addTeacherInputSchema>;

export const groupTeacherSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  userType: z.string(),
  /** The owner is listed first with isOwner: true. */
  isOwner: z.boolean(),
  addedAt: z.string(),
});
export type GroupTeacher = z.infer<typeof groupTeacherSchema>;
export type CoTeacherType = (typeof CO_TEACHER_TYPES)[number];

/** What the viewer may do in a group: `GET /api/study-groups/{id}/permissions`. */
export const groupPermissionsSchema = z.object({
  isOwner: z.boolean(),
  isTeacher: z.boolean(),
  /** Owner or co-teacher: members, announcements, classes, uploads, forum moderation. */
  canManage: z.boolean(),
  /** Owner only: price, invite links, co-teachers, earnings, refunds. */
  canAdminister: z.boolean(),
});
export type GroupPermissions = z.infer<typeof groupPermissionsSchema>;

// Announcements ('Avisos') — `POST|GET /api/study-groups/{id}/announcements` (GET: members, newest first).

export const createAnnouncementInputSchema = z.strictObject({
  content: z
    .string({ error: M.announcementRequired })
    .trim()
    .min(1, M.announcementRequired)
    .max(ANNOUNCEMENT_MAX, M.announcementTooLong),
});
export type CreateAnnouncementInput = z.infer<typeof createAnnouncementInputSchema>;

export const announcementSchema = z.object({
  id: z.string(),
  studyGroupId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  content: z.string(),
  /** The newest announcement is pinned on top of the group page. */
  isPinned: z.boolean(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

// Live classes ('Aula ao vivo') — `POST|GET /api/study-groups/{id}/classes`,
// `GET /api/study-groups/{id}/classes/{classId}/calendar.ics` (text/calendar, members only).

const httpsUrlSchema = z
  .string({ error: M.classLinkInvalid })
  .trim()
  .min(1, M.classLinkInvalid)
  .max(URL_MAX, M.classLinkInvalid)
  .refine((value) => isHttpUrl(value) && new URL(value).protocol === 'https:', M.classLinkInvalid);

/** `startsAt`: an ISO date-time with its offset; the server refuses one in the past (`classInPast`). */
export const createClassInputSchema = z.strictObject({
  title: z
    .string({ error: M.classTitleRequired })
    .trim()
    .min(1, M.classTitleRequired)
    .max(CLASS_TITLE_MAX, M.classTitleTooLong),
  startsAt: z.iso.datetime({ offset: true, error: M.classStartInvalid }),
  durationMinutes: z
    .number({ error: M.classDurationInvalid })
    .int(M.classDurationInvalid)
    .min(1, M.classDurationInvalid)
    .max(CLASS_DURATION_MAX_MINUTES, M.classDurationInvalid),
  meetingUrl: httpsUrlSchema,
});
export type CreateClassInput = z.infer<typeof createClassInputSchema>;

export const liveClassSchema = z.object({
  id: z.string(),
  studyGroupId: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  meetingUrl: z.string(),
  createdBy: z.string(),
  /** `/api/study-groups/{id}/classes/{classId}/calendar.ics`. */
  calendarUrl: z.string(),
  createdAt: z.string(),
});
export type LiveClass = z.infer<typeof liveClassSchema>;

/** `GET …/classes?when=upcoming` (default: not yet ended, soonest first) or `past` (newest first). */
export const classesQuerySchema = z.object({
  when: z.enum(['upcoming', 'past'], { error: 'Use upcoming ou past.' }).default('upcoming'),
});

// Invite links — owner: `POST|GET /api/study-groups/{id}/invite-links`, `DELETE …/invite-links/{code}`;
// anyone signed in: `GET /api/invites/{code}`, `POST /api/invites/{code}/accept`.

export const createInviteLinkInputSchema = z.strictObject({
  /** Null or absent: unlimited. */
  maxUses: z
    .number({ error: M.inviteMaxUsesInvalid })
    .int(M.inviteMaxUsesInvalid)
    .min(1, M.inviteMaxUsesInvalid)
    .max(INVITE_MAX_USES, M.inviteMaxUsesInvalid)
    .nullish(),
  /** ISO date-time in the future; null or absent: never expires. */
  expiresAt: z.iso.datetime({ offset: true, error: M.inviteExpiryInvalid }).nullish(),
  /** Percent off the first payment (paid groups only), 1–100. */
  couponPercent: z
    .number({ error: M.couponInvalid })
    .int(M.couponInvalid)
    .min(COUPON_PERCENT_MIN, M.couponInvalid)
    .max(COUPON_PERCENT_MAX, M.couponInvalid)
    .nullish(),
  /** How many first payments the coupon discounts; null or absent: as many as the link's uses. */
  couponMaxUses: z
    .number({ error: M.couponMaxUsesInvalid })
    .int(M.couponMaxUsesInvalid)
    .min(1, M.couponMaxUsesInvalid)
    .max(INVITE_MAX_USES, M.couponMaxUsesInvalid)
    .nullish(),
});
export type CreateInviteLinkInput = z.infer<typeof createInviteLinkInputSchema>;

export const inviteLinkSchema = z.object({
  code: z.string(),
  /** The web address to share: `${PUBLIC_URL}/convite/{code}`. */
  url: z.string(),
  studyGroupId: z.string(),
  maxUses: z.number().int().nullable(),
  usesCount: z.number().int(),
  expiresAt: z.string().nullable(),
  couponPercent: z.number().int().nullable(),
  couponMaxUses: z.number().int().nullable(),
  couponUsesCount: z.number().int(),
  revokedAt: z.string().nullable(),
  /** Not revoked, not expired, not used up. */
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;

/** `GET /api/invites/{code}`: what the link opens (410 when it can no longer be used). */
export const invitePreviewSchema = z.object({
  code: z.string(),
  group: z.object({
    id: z.string(),
    name: z.string(),
    summary: z.string(),
    description: z.string(),
    /** Null too when the cover is not for this viewer (issue 43: a minor and a sensitive image). */
    coverImage: z.string().nullable(),
    coverSensitivity: mediaSensitivitySchema,
    ownerName: z.string(),
    isPaid: z.boolean(),
    price: z.number().int(),
    subscriptionDuration: z.number().int().nullable(),
  }),
  /** Coupon still available for the viewer's first payment, or null. */
  couponPercent: z.number().int().nullable(),
  /** Cents of the first payment with the coupon (the price without one; 0 for free groups). */
  firstPaymentAmount: z.number().int(),
  expiresAt: z.string().nullable(),
  isMember: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/**
 * `POST /api/invites/{code}/accept`: a free group is joined at once ('joined'); a paid one answers
 * where to pay ('payment_required': open `paymentPath`, whose page posts
 * `POST /api/study-groups/{id}/payments {method, inviteCode}` so the coupon applies).
 */
export const inviteAcceptResultSchema = z.object({
  status: z.enum(['joined', 'already_member', 'payment_required']),
  studyGroupId: z.string(),
  /** `/study-groups/{id}/payment?convite={code}` for 'payment_required'; null otherwise. */
  paymentPath: z.string().nullable(),
  /** Cents of the first payment ('payment_required'), coupon applied; null otherwise. */
  amount: z.number().int().nullable(),
  couponPercent: z.number().int().nullable(),
});
export type InviteAcceptResult = z.infer<typeof inviteAcceptResultSchema>;

// Earnings ('Receitas') — `GET /api/study-groups/{id}/earnings` (owner only);
// refund — `POST /api/study-groups/{id}/payments/{paymentId}/refund` (owner only; 409 if refunded).

export const refundInputSchema = z.strictObject({
  reason: z.string().trim().max(REMOVAL_REASON_MAX, M.removeReasonTooLong).optional(),
});

export const earningsSchema = z.object({
  currency: z.literal('BRL'),
  /** Last 12 months in America/Sao_Paulo, oldest first, months without payments included. */
  months: z.array(
    z.object({
      /** 'YYYY-MM'. */
      month: z.string(),
      paymentsCount: z.number().int(),
      /** Cents approved in the month (refunded ones included). */
      grossAmount: z.number().int(),
      /** Cents the payment provider kept of those payments (issue 36): 0 where it reported none. */
      feeAmount: z.number().int(),
      refundsCount: z.number().int(),
      /** Cents refunded in the month. */
      refundedAmount: z.number().int(),
      /** Essay corrections the group's teachers sent in the month (issue 38). */
      correctionsCount: z.number().int(),
    }),
  ),
  /** The months above added up. */
  totals: z.object({
    grossAmount: z.number().int(),
    feeAmount: z.number().int(),
    refundedAmount: z.number().int(),
    /** After the provider's fees and the refunds. */
    netAmount: z.number().int(),
    correctionsCount: z.number().int(),
  }),
  /** Every group the owner has, in the same months (issue 36): `groupsCount` of them with payments. */
  allGroups: z.object({
    groupsCount: z.number().int(),
    grossAmount: z.number().int(),
    feeAmount: z.number().int(),
    refundedAmount: z.number().int(),
    netAmount: z.number().int(),
  }),
  activePaidMembers: z.number().int(),
  /** Paid memberships ending in the next 30 days, soonest first. */
  renewalsDue: z.array(z.object({ userId: z.string(), displayName: z.string(), accessEndsAt: z.string() })),
  refunds: z.array(
    z.object({
      paymentId: z.string(),
      /** Null when the buyer's account was erased. */
      userId: z.string().nullable(),
      displayName: z.string().nullable(),
      amount: z.number().int(),
      refundedAt: z.string(),
      reason: z.string().nullable(),
    }),
  ),
  /** Approved and refunded payments, newest first (at most 100). */
  payments: z.array(
    z.object({
      id: z.string(),
      userId: z.string().nullable(),
      displayName: z.string().nullable(),
      amount: z.number().int(),
      couponPercent: z.number().int().nullable(),
      status: z.enum(['approved', 'refunded']),
      paidAt: z.string(),
      refundedAt: z.string().nullable(),
    }),
  ),
});
export type Earnings = z.infer<typeof earningsSchema>;

// The group page for prospective members

const text = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** `PUT /api/study-groups/{id}/page` (the owner only): the whole page at once. */
export const groupPageInputSchema = z.strictObject({
  learnOutcomes: z
    .string({ error: M.learnOutcomesTooLong })
    .trim()
    .max(LEARN_OUTCOMES_MAX, M.learnOutcomesTooLong),
  syllabus: z
    .array(
      z.strictObject({
        title: text(M.syllabusModuleRequired, M.syllabusModuleTooLong, SYLLABUS_TITLE_MAX),
        lessons: z
          .array(text(M.syllabusLessonRequired, M.syllabusLessonTooLong, SYLLABUS_TITLE_MAX), {
            error: M.syllabusLessonRequired,
          })
          .max(SYLLABUS_LESSONS_MAX, M.syllabusLessonsTooMany),
      }),
      { error: M.syllabusModuleRequired },
    )
    .max(SYLLABUS_MODULES_MAX, M.syllabusTooMany),
  faq: z
    .array(
      z.strictObject({
        question: text(M.faqQuestionRequired, M.faqQuestionTooLong, FAQ_QUESTION_MAX),
        answer: text(M.faqAnswerRequired, M.faqAnswerTooLong, FAQ_ANSWER_MAX),
      }),
      { error: M.faqQuestionRequired },
    )
    .max(FAQ_ITEMS_MAX, M.faqTooMany),
});
export type GroupPageInput = z.infer<typeof groupPageInputSchema>;

export const groupReviewSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  rating: z.number().int(),
  comment: z.string(),
  updatedAt: z.string(),
});
export type GroupReview = z.infer<typeof groupReviewSchema>;

/** `GET /api/study-groups/{id}/page`: for anyone signed in, members or not. */
export const groupPageSchema = groupPageInputSchema.extend({
  /** The newest ratings that came with a comment. */
  reviews: z.array(groupReviewSchema),
});
export type GroupPage = z.infer<typeof groupPageSchema>;
