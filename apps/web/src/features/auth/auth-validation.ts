import {
  AUTH_MESSAGES,
  ageOn,
  brasiliaToday,
  type EmailOnlyInput,
  emailOnlySchema,
  type LoginInput,
  loginSchema,
  MIN_SIGNUP_AGE,
  MINORS_MESSAGES,
  PASSWORD_MIN,
  type ResetPasswordInput,
  resetPasswordSchema,
  type SignupInput,
  type SignupProfile,
  signupSchema,
} from '@estudai/contract';
import type { z } from 'zod';

/** What the screen tells the user when a form cannot be sent: a toast title and its text. */
interface Problem {
  title: string;
  description: string;
}

type Checked<T> = { ok: true; data: T } | { ok: false; problem: Problem };

const ok = <T>(data: T): Checked<T> => ({ ok: true, data });
const fail = (title: string, description: string): Checked<never> => ({
  ok: false,
  problem: { title, description },
});

/** After the spec's own checks, the contract schema (the server's) has the last word. */
function parseWith<T>(schema: z.ZodType<T>, input: unknown, title: string): Checked<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  return fail(title, parsed.error.issues[0]?.message ?? AUTH_MESSAGES.loginErrorFallback);
}

export interface LoginValues {
  email: string;
  password: string;
}

export function checkLogin(values: LoginValues): Checked<LoginInput> {
  if (!values.email.trim() || !values.password) {
    return fail(AUTH_MESSAGES.requiredTitle, AUTH_MESSAGES.loginRequired);
  }
  return parseWith(loginSchema, values, AUTH_MESSAGES.loginErrorTitle);
}

export interface SignUpValues {
  displayName: string;
  email: string;
  /** 'YYYY-MM-DD', as `<input type="date">` gives it. */
  birthDate: string;
  password: string;
  confirmPassword: string;
}

/**
 * Spec §5, in its order: everything filled in, passwords equal, then long enough; then the birth
 * date (issue 25) by the contract's schema, and under 12 the server's refusal said before sending.
 */
export function checkSignUp(
  values: SignUpValues,
  profile: SignupProfile | null,
  guardianInvite?: string,
): Checked<SignupInput> {
  const { displayName, email, birthDate, password, confirmPassword } = values;
  if (!displayName.trim() || !email.trim() || !birthDate || !password || !confirmPassword || !profile) {
    return fail(AUTH_MESSAGES.requiredTitle, AUTH_MESSAGES.signupRequired);
  }
  if (password !== confirmPassword) {
    return fail(AUTH_MESSAGES.passwordMismatchTitle, AUTH_MESSAGES.passwordMismatch);
  }
  if (password.length < PASSWORD_MIN) {
    return fail(AUTH_MESSAGES.passwordShortTitle, AUTH_MESSAGES.passwordShort);
  }
  const checked = parseWith(
    signupSchema,
    { displayName, email, password, profile, birthDate, ...(guardianInvite ? { guardianInvite } : {}) },
    AUTH_MESSAGES.signupErrorTitle,
  );
  if (checked.ok && ageOn(checked.data.birthDate, brasiliaToday()) < MIN_SIGNUP_AGE) {
    return fail(AUTH_MESSAGES.signupErrorTitle, MINORS_MESSAGES.underMinAge);
  }
  return checked;
}

export function checkForgotPassword(email: string): Checked<EmailOnlyInput> {
  if (!email.trim()) return fail(AUTH_MESSAGES.emailRequiredTitle, AUTH_MESSAGES.emailRequired);
  return parseWith(emailOnlySchema, { email }, AUTH_MESSAGES.forgotErrorTitle);
}

/** The new password of the account-management screen; its problem is shown under the field. */
export function checkNewPassword(oobCode: string, newPassword: string): Checked<ResetPasswordInput> {
  if (newPassword.length < PASSWORD_MIN) return fail('', AUTH_MESSAGES.newPasswordShort);
  return parseWith(resetPasswordSchema, { oobCode, newPassword }, '');
}
