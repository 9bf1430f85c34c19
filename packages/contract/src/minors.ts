import { z } from 'zod';
import { apiErrorSchema } from './api.ts';
import { currentUserSchema, emailSchema } from './auth.ts';
import { birthDateSchema } from './birth-date.ts';
import { PASSWORD_MAX, USER_TYPES } from './constants.ts';
import {
  APPROVAL_STATUSES,
  EXPORT_STATUSES,
  PRIVACY_MESSAGES,
  PROFILE_VISIBILITIES,
  SUPERVISION_STATUSES,
} from './minors.constants.ts';
import { studyPlanSchema } from './study-plan.ts';

export { birthDateSchema } from './birth-date.ts';

/** `PUT /api/users/me/birth-date`: once, for accounts made before the birth date was asked. */
export const setBirthDateSchema = z.strictObject({ birthDate: birthDateSchema });
export type SetBirthDateInput = z.infer<typeof setBirthDateSchema>;

/**
 * Who sees what of a person. `profileVisibility` 'followers': profile details and main-feed posts for
 * followers only; `allowAdultChat` false: no adult may chat with them; `discoverable` false: never
 * offered in 'quem seguir'. Minors start at 'followers' and may not loosen past their floor alone.
 */
export const privacySettingsSchema = z.object({
  profileVisibility: z.enum(PROFILE_VISIBILITIES),
  allowAdultChat: z.boolean(),
  discoverable: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** `PATCH /api/users/me/privacy` and the guardian's `PATCH /api/guardian/teens/{id}/privacy`. */
export const updatePrivacySchema = z.strictObject({
  profileVisibility: z.enum(PROFILE_VISIBILITIES, { error: 'Escolha: public ou followers.' }).optional(),
  allowAdultChat: z.boolean({ error: 'Use true ou false.' }).optional(),
  discoverable: z.boolean({ error: 'Use true ou false.' }).optional(),
});
export type UpdatePrivacyInput = z.infer<typeof updatePrivacySchema>;

/** A teen's guardian link as the teen sees it: 'Supervisão ativa' or 'modo protegido'. */
export const supervisionSchema = z.object({
  status: z.enum(SUPERVISION_STATUSES),
  guardianName: z.string().optional(),
  /** The pending invitation's address, while it waits. */
  invitedEmail: z.string().optional(),
  /** The link, so a teen of 16 or 17 may undo it (`DELETE /api/guardian/links/{id}`). */
  linkId: z.string().optional(),
  /** True when the teen may undo the active link now (16 or 17; younger ones may not). */
  canEnd: z.boolean().optional(),
});
export type Supervision = z.infer<typeof supervisionSchema>;

/**
 * The signed-in user as sign-up, login, `/auth/session` and `GET /api/users/me` answer it: the
 * `CurrentUser` plus what only its owner sees (birth date, protective state, privacy, deletion).
 */
export const meSchema = currentUserSchema.extend({
  birthDate: z.string().nullable(),
  /** Accounts from before issue 25 (and Google sign-ins) are asked once: `PUT /api/users/me/birth-date`. */
  needsBirthDate: z.boolean(),
  isMinor: z.boolean(),
  /** Under 16 without a confirmed guardian: no chat, no paid groups. */
  protectedMode: z.boolean(),
  supervision: supervisionSchema,
  privacy: privacySettingsSchema,
  /** Set while a deletion is scheduled; signing in again cancels it. */
  deletionScheduledFor: z.string().nullable(),
  /** Goal and subjects from the first-run step (issue 21); null until chosen: the feed asks once. */
  studyPlan: studyPlanSchema.nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** `POST /api/auth/login`: the user, and whether this sign-in cancelled a scheduled deletion. */
export const loginReplySchema = meSchema.extend({
  deletionCancelled: z.boolean(),
  message: z.string().optional(),
});
export type LoginReply = z.infer<typeof loginReplySchema>;

export const guardianInviteSchema = z.strictObject({ email: emailSchema });
export type GuardianInviteInput = z.infer<typeof guardianInviteSchema>;

export const guardianInviteResultSchema = z.object({
  id: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  message: z.string(),
});
export type GuardianInviteResult = z.infer<typeof guardianInviteResultSchema>;

export const guardianLinkAcceptedSchema = z.object({
  linkId: z.string(),
  teen: z.object({ id: z.string(), displayName: z.string() }),
  message: z.string(),
});
export type GuardianLinkAccepted = z.infer<typeof guardianLinkAcceptedSchema>;

/**
 * `GET /api/guardian/links/{token}`, open to whoever holds the mail's link (issue 36): who invited,
 * by first name and photo as the mail says, so the page that confirms names the teen.
 */
export const guardianInvitePreviewSchema = z.object({
  teen: z.object({ firstName: z.string(), avatar: z.string().nullable() }),
  expiresAt: z.string(),
});
export type GuardianInvitePreview = z.infer<typeof guardianInvitePreviewSchema>;

const personSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  userType: z.enum(USER_TYPES),
});

/** One linked teen on the guardian's dashboard (`GET /api/guardian/teens`). Never message contents. */
export const guardianTeenSchema = z.object({
  linkId: z.string(),
  since: z.string(),
  teen: personSchema.extend({ age: z.number().int() }),
  /** Oldest first, 14 Brasília days ending today. */
  activity: z.array(
    z.object({
      day: z.string(),
      appMinutes: z.number().int(),
      studyMinutes: z.number().int(),
      /** 'Horas verificadas' (issue 39): focus blocks with evidence. */
      verifiedMinutes: z.number().int(),
    }),
  ),
  /** Adults the teen has a conversation with, and since when. */
  adultContacts: z.array(personSchema.extend({ since: z.string() })),
  pendingApprovals: z.array(
    z.object({
      id: z.string(),
      requestedAt: z.string(),
      group: z.object({ id: z.string(), name: z.string(), price: z.number().int(), currency: z.string() }),
    }),
  ),
  privacy: privacySettingsSchema,
  /**
   * The teen's safety layer (issue 43): for a minor, 'Palavras ocultas' and sensitive-image
   * protection are always on; how many people they blocked and reports they made, never contents.
   */
  protections: z.object({
    hiddenWords: z.boolean(),
    sensitiveImages: z.boolean(),
    blockedContacts: z.number().int(),
    reportsMade: z.number().int(),
  }),
  /** Set while the teen's account deletion is scheduled (by the teen or the guardian). */
  deletionScheduledFor: z.string().nullable(),
  /**
   * The teen's redação (issue 38): the scores of their last corrected essays, newest first (at most
   * GUARDIAN_ESSAYS_SHOWN), and how many wait for a correction. Scores only: never the text, the
   * comments nor who corrected.
   */
  essays: z.object({
    corrected: z.array(
      z.object({
        promptTitle: z.string(),
        correctedAt: z.string(),
        total: z.number().int(),
        c1: z.number().int(),
        c2: z.number().int(),
        c3: z.number().int(),
        c4: z.number().int(),
        c5: z.number().int(),
      }),
    ),
    waiting: z.number().int(),
  }),
});
export type GuardianTeen = z.infer<typeof guardianTeenSchema>;

export const approvalDecisionSchema = z.strictObject({
  approve: z.boolean({ error: 'Informe approve: true ou false.' }),
});
export type ApprovalDecisionInput = z.infer<typeof approvalDecisionSchema>;

export const approvalResultSchema = z.object({
  id: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  message: z.string(),
});
export type ApprovalResult = z.infer<typeof approvalResultSchema>;

/** 202 of `POST /api/study-groups/{id}/payments` for a supervised teen: the guardian decides first. */
export const guardianApprovalPendingSchema = z.object({
  approvalId: z.string(),
  status: z.literal('pending'),
  message: z.string(),
});
export type GuardianApprovalPending = z.infer<typeof guardianApprovalPendingSchema>;

/** 'Meus dados': an export and, once ready, where to download it (7 days). */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  /** What went wrong with the last try, in pt-BR, while another one waits (issue 37); else null. */
  problem: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** 409 of `POST /api/me/export`: the export already running, by id. */
export const exportRunningErrorSchema = apiErrorSchema.extend({ id: z.string() });

export const deleteAccountSchema = z.strictObject({
  password: z
    .string({ error: PRIVACY_MESSAGES.passwordRequired })
    .min(1, PRIVACY_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, PRIVACY_MESSAGES.wrongPassword),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const deletionScheduledSchema = z.object({ scheduledFor: z.string(), message: z.string() });
export type DeletionScheduled = z.infer<typeof deletionScheduledSchema>;
