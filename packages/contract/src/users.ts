import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  BIO_MAX,
  DISPLAY_NAME_MAX,
  LOCATION_MAX,
  REPORT_REASONS,
  USER_TYPES,
  WEBSITE_MAX,
} from './constants.ts';
import { STUDY_MESSAGES, STUDY_SESSION_MAX_SECONDS } from './study-sessions.constants.ts';
import {
  CONTEST_REASON_MAX,
  MODERATION_NOTE_MAX,
  REPORT_CONTENT_KINDS,
  REPORT_DESCRIPTION_MAX,
  REPORT_MESSAGES,
  USER_MESSAGES,
} from './users.constants.ts';

/** Spec §3 follower/following list item, plus whether the viewer follows them. */
export const userSummarySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  userType: z.enum(USER_TYPES),
  isFollowing: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** `POST`/`DELETE /api/users/{id}/block` answer the state after the call (both idempotent). */
export const blockStateSchema = z.object({ isBlocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

/** `GET /api/users/me/blocks`: the people the viewer blocked, most recent first. */
export const blockedUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/** `POST`/`DELETE /api/users/{id}/follow` answer the state after the call. */
export const followStateSchema = z.object({
  isFollowing: z.boolean(),
  followersCount: z.number().int(),
  /** Following a minor waits for their approval (issue 25): true while that request waits. */
  followRequested: z.boolean(),
});
export type FollowState = z.infer<typeof followStateSchema>;

export const groupRefSchema = z.object({ id: z.string(), name: z.string() });
export type GroupRef = z.infer<typeof groupRefSchema>;

/** Spec §3 User (profile). `email` only on one's own profile; `followsYou` lets chat check mutual follows. */
export const userProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  userType: z.enum(USER_TYPES),
  isVerified: z.boolean(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  totalStudyHours: z.number(),
  accuracyPercentage: z.number().int(),
  /** Questions answered: with none, 'Taxa de Acerto' shows '—' rather than 0% (issue 36; older servers send none). */
  questionsAnswered: z.number().int().optional(),
  studyStreak: z.number().int(),
  todayStudyTime: z.number().int(),
  materialsCount: z.number().int(),
  videosCount: z.number().int(),
  questionsCount: z.number().int(),
  overallRating: z.number(),
  ownGroups: z.array(groupRefSchema),
  memberGroups: z.array(groupRefSchema),
  createdAt: z.string(),
  isOwnProfile: z.boolean(),
  isFollowing: z.boolean(),
  followsYou: z.boolean(),
  /** The viewer asked this user to connect ('Conectar') or to follow them, and the request still waits. */
  connectionRequested: z.boolean(),
  /**
   * The profile is for followers only and the viewer is not one: bio, location, website, figures and
   * groups come empty (always sent; optional only for older clients).
   */
  isRestricted: z.boolean().optional(),
  /** The viewer blocked this user (issue 21): 'Desbloquear' in the profile menu. Always sent. */
  isBlocked: z.boolean().optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

const trimmedMax = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);

/** An avatar is sent as an embedded image (data URL); null removes it. */
export const AVATAR_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;
/** Base64 of the largest allowed image, plus room for the other fields (route body limit). */
export const PROFILE_BODY_MAX_BYTES = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 256 * 1024;

/** `PATCH /api/users/me`: every field optional, trimmed; unknown fields refused (spec §5). */
export const updateProfileSchema = z.strictObject({
  displayName: z
    .string({ error: USER_MESSAGES.displayNameRequired })
    .trim()
    .min(1, USER_MESSAGES.displayNameRequired)
    .max(DISPLAY_NAME_MAX, USER_MESSAGES.displayNameLong)
    .optional(),
  bio: trimmedMax(BIO_MAX, USER_MESSAGES.bioLong).optional(),
  location: trimmedMax(LOCATION_MAX, USER_MESSAGES.locationLong).optional(),
  website: trimmedMax(WEBSITE_MAX, USER_MESSAGES.websiteLong).optional(),
  userType: z.enum(USER_TYPES, { error: USER_MESSAGES.userTypeInvalid }).optional(),
  avatar: z
    .string({ error: USER_MESSAGES.avatarInvalid })
    .max(PROFILE_BODY_MAX_BYTES, USER_MESSAGES.avatarTooLarge)
    .regex(AVATAR_DATA_URL, USER_MESSAGES.avatarInvalid)
    .nullable()
    .optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** A report's body: a user's, and `POST /api/posts/{id}/report` and the comment and message ones. */
export const reportInputSchema = z
  .strictObject({
    reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
    description: trimmedMax(REPORT_DESCRIPTION_MAX, REPORT_MESSAGES.descriptionLong).optional(),
  })
  .refine((input) => input.reason !== 'outro' || Boolean(input.description), {
    message: REPORT_MESSAGES.descriptionRequired,
    path: ['description'],
  });
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportCheckSchema = z.object({ hasReported: z.boolean() });
export const reportIntegritySchema = z.object({ canReport: z.boolean(), message: z.string() });
export type ReportIntegrity = z.infer<typeof reportIntegritySchema>;

export const MODERATION_ACTIONS = ['dismiss', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const reportPartySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  userType: z.enum(USER_TYPES),
});

/** What a content report points at, as the moderator reviews it (the evidence copy when it is gone). */
export const reportedContentSchema = z.object({
  kind: z.enum(REPORT_CONTENT_KINDS),
  id: z.string(),
  text: z.string(),
  mediaUrls: z.array(z.string()),
  /** Hidden from everyone but admins (an 'exploracao_infantil' report, or a decision against it). */
  hidden: z.boolean(),
  /** The author deleted it; what is shown is the evidence kept when it was reported. */
  deleted: z.boolean(),
  /**
   * The post to open it at: the post itself, or the post a comment is on (the moderation queue's
   * link, issue 21); null for a chat message. Always sent; optional only for older clients.
   */
  postId: z.string().nullable().optional(),
});
export type ReportedContent = z.infer<typeof reportedContentSchema>;

/**
 * A report in the moderation queue: open ones, and decided ones whose author contested. Urgent
 * ('exploracao_infantil') first, then contested, then oldest. The fields after `target` are always
 * sent (optional only for older clients).
 */
export const reportQueueItemSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  description: z.string(),
  createdAt: z.string(),
  reporter: reportPartySchema,
  target: reportPartySchema.extend({ reportsCount: z.number().int() }),
  urgent: z.boolean().optional(),
  content: reportedContentSchema.nullable().optional(),
  contest: z.object({ reason: z.string(), createdAt: z.string() }).nullable().optional(),
});
export type ReportQueueItem = z.infer<typeof reportQueueItemSchema>;

/** 'Contestar': the author of reported content disagrees with the decision, once. */
export const contestReportSchema = z.strictObject({
  reason: z
    .string({ error: REPORT_MESSAGES.contestReasonRequired })
    .trim()
    .min(1, REPORT_MESSAGES.contestReasonRequired)
    .max(CONTEST_REASON_MAX, REPORT_MESSAGES.contestReasonLong),
});
export type ContestReportInput = z.infer<typeof contestReportSchema>;

/** An admin's answer to a contest: keep the decision (`uphold`) or reverse it. */
export const decideContestSchema = z.strictObject({
  uphold: z.boolean({ error: 'Informe uphold: true ou false.' }),
  note: z.string().trim().max(MODERATION_NOTE_MAX, 'A observação é longa demais.').optional(),
});
export type DecideContestInput = z.infer<typeof decideContestSchema>;

export const resolveReportSchema = z.strictObject({
  action: z.enum(MODERATION_ACTIONS, { error: 'Escolha uma ação: dismiss, warn ou suspend.' }),
  note: z.string().trim().max(MODERATION_NOTE_MAX, 'A observação é longa demais.').optional(),
});
export type ResolveReportInput = z.infer<typeof resolveReportSchema>;

/** One line of the moderation audit log: who decided what, and when. */
export const moderationActionSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  note: z.string(),
  createdAt: z.string(),
  admin: reportPartySchema,
  target: reportPartySchema,
});
export type ModerationActionEntry = z.infer<typeof moderationActionSchema>;

export const STUDY_SESSION_KINDS = ['timer', 'pomodoro'] as const;
export type StudySessionKind = (typeof STUDY_SESSION_KINDS)[number];

export const createStudySessionSchema = z.strictObject({
  durationSeconds: z
    .number({ error: STUDY_MESSAGES.durationInvalid })
    .int(STUDY_MESSAGES.durationInvalid)
    .min(1, STUDY_MESSAGES.durationInvalid)
    .max(STUDY_SESSION_MAX_SECONDS, STUDY_MESSAGES.durationInvalid),
  startedAt: z.iso.datetime({ offset: true, error: STUDY_MESSAGES.startedAtInvalid }),
  kind: z.enum(STUDY_SESSION_KINDS).default('timer'),
});
export type CreateStudySessionInput = z.infer<typeof createStudySessionSchema>;

/** A student's study statistics, as the profile shows them (spec §2). */
export const studyStatsSchema = z.object({
  totalStudyHours: z.number(),
  todayStudyTime: z.number().int(),
  studyStreak: z.number().int(),
  accuracyPercentage: z.number().int(),
  /** Questions answered: with none, 'Taxa de Acerto' shows '—' rather than 0%. */
  questionsAnswered: z.number().int(),
});
export type StudyStats = z.infer<typeof studyStatsSchema>;
