import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.constants.ts';
import { birthDateSchema } from './birth-date.ts';
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SIGNUP_PROFILES, USER_TYPES } from './constants.ts';
import { ROBOT_CHECK_RESPONSE_MAX } from './waitlist.constants.ts';

/** E-mail as stored: trimmed, Unicode NFC, lower-case; international addresses allowed. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailInvalid })
  .trim()
  .normalize('NFC')
  .toLowerCase()
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ pattern: z.regexes.unicodeEmail, error: AUTH_MESSAGES.emailInvalid }));

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordShort })
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong);

export const signupSchema = z.strictObject({
  displayName: z
    .string({ error: AUTH_MESSAGES.displayNameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.displayNameRequired)
    .max(DISPLAY_NAME_MAX, AUTH_MESSAGES.displayNameLong),
  email: emailSchema,
  password: passwordSchema,
  profile: z.enum(SIGNUP_PROFILES, { error: AUTH_MESSAGES.profileInvalid }),
  /** 'YYYY-MM-DD'; under 12 the server refuses the sign-up (issue 25). */
  birthDate: birthDateSchema,
  /**
   * The token of a teen's guardian invitation (the mail's link): needed for, and only read with,
   * `profile: 'responsavel'` (issue 36). The account is not linked until the guardian confirms.
   */
  guardianInvite: z.string({ error: AUTH_MESSAGES.guardianInviteRequired }).trim().min(1).max(128).optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.strictObject({
  email: z
    .string({ error: AUTH_MESSAGES.loginRequired })
    .trim()
    .normalize('NFC')
    .toLowerCase()
    .min(1, AUTH_MESSAGES.loginRequired)
    .max(254, AUTH_MESSAGES.invalidCredentials),
  password: z
    .string({ error: AUTH_MESSAGES.loginRequired })
    .min(1, AUTH_MESSAGES.loginRequired)
    .max(PASSWORD_MAX, AUTH_MESSAGES.invalidCredentials),
  /**
   * The ALTCHA payload (base64 JSON of a challenge from `GET /api/altcha/challenge` and its solution),
   * needed only after the server answered ROBOT_CHECK_REQUIRED: many wrong passwords for the account.
   */
  robotCheck: z.string().trim().min(1).max(ROBOT_CHECK_RESPONSE_MAX).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailOnlySchema = z.strictObject({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/** Codes are 32 random bytes in base64url: 43 characters. */
const oobCodeSchema = z
  .string({ error: AUTH_MESSAGES.codeInvalid })
  .trim()
  .min(1, AUTH_MESSAGES.codeInvalid)
  .max(128, AUTH_MESSAGES.codeInvalid);

export const confirmEmailSchema = z.strictObject({ oobCode: oobCodeSchema });
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;

export const resetPasswordSchema = z.strictObject({
  oobCode: oobCodeSchema,
  newPassword: z
    .string({ error: AUTH_MESSAGES.newPasswordShort })
    .min(PASSWORD_MIN, AUTH_MESSAGES.newPasswordShort)
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The signed-in user, as `GET /api/users/me`, login and sign-up answer it. */
export const currentUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  userType: z.enum(USER_TYPES),
  avatar: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const messageSchema = z.object({ message: z.string() });

/** Which sign-in providers the server has keys for; the screen shows only those. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;
