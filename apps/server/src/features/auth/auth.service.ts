import {
  AUTH_MESSAGES,
  type ConfirmEmailInput,
  ErrorCode,
  type LoginInput,
  MINORS_ERROR_CODES,
  MINORS_MESSAGES,
  type ResetPasswordInput,
  type SignupInput,
} from '@estudai/contract';
import { openGuardianInvite, signupPrivacy } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { ageBand } from '../../lib/ages.ts';
import { AppError, badRequest, conflict, forbidden, tooManyRequests } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { markUsed } from '../../plugins/robot-check.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { consumeCode, issueCode, lastCodeIssuedAt, revokeCodes } from './auth.codes.ts';
import { passwordResetMail, verificationMail } from './auth.mails.ts';
import {
  cancelDeletion,
  countLoginAttempts,
  deleteLoginAttempts,
  deleteLoginAttemptsBefore,
  deleteLoginAttemptsFrom,
  findUserByEmail,
  insertLoginAttempt,
  insertUser,
  lockUserRow,
  markEmailVerified,
  setPasswordHash,
  updateUser,
} from './auth.queries.ts';
import { isCommonPassword } from './common-passwords.ts';
import { createSession, deleteUserSessions } from './sessions.service.ts';
import { pickUsername } from './usernames.ts';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const VERIFICATION_MIN_INTERVAL_MS = 25 * 1000;

function assertNotCommon(password: string): void {
  if (isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.passwordCommon, ErrorCode.weakPassword);
}

/**
 * A guardian's account (issue 36) comes only from a teen's open invitation, and only for an adult:
 * the type cannot be picked to look like a parent. The link itself waits for the guardian's
 * confirmation, on the invitation's page, once signed in.
 */
async function requireGuardianInvite(ctx: AppContext, input: SignupInput, now: Date) {
  if (!input.guardianInvite) throw badRequest(AUTH_MESSAGES.guardianInviteRequired);
  if (ageBand(input.birthDate, now) !== 'adult') {
    throw badRequest(MINORS_MESSAGES.guardianMinor, MINORS_ERROR_CODES.guardianNotAdult);
  }
  await openGuardianInvite(ctx.database.db, input.guardianInvite, now);
}

/**
 * Creates the account and its first session. Under 12 the sign-up is refused (403, LGPD art. 14:
 * a guardian creates the account with the child); a minor starts with the protective defaults.
 */
export async function signup(ctx: AppContext, input: SignupInput, now = ctx.clock()) {
  assertNotCommon(input.password);
  if (ageBand(input.birthDate, now) === 'child') {
    throw forbidden(MINORS_MESSAGES.underMinAge, MINORS_ERROR_CODES.underMinAge);
  }
  const { db } = ctx.database;
  if (input.profile === 'responsavel') await requireGuardianInvite(ctx, input, now);
  if (await findUserByEmail(db, input.email)) throw conflict(AUTH_MESSAGES.emailTaken, ErrorCode.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        displayName: input.displayName,
        username: await pickUsername(tx, input.displayName, input.email),
        passwordHash,
        userType: input.profile,
        birthDate: input.birthDate,
        ...signupPrivacy(input.birthDate, now),
      });
      if (!user) throw new Error('insert returned no row');
      return { user, token: await createSession(tx, user.id, now) };
    });
  } catch (error) {
    // Two sign-ups with the same e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken, ErrorCode.emailTaken);
    throw error;
  }
}

/**
 * Each attempt is written down before its password is checked, then the attempts in the window are
 * counted: attempts sent at once each see the others, so no more than the limits are ever checked,
 * however many arrive together. Answers the account's attempts from this IP and from anywhere.
 */
async function countAttempt(ctx: AppContext, email: string, ip: string) {
  const { db } = ctx.database;
  await insertLoginAttempt(db, email, ip);
  const since = new Date(ctx.clock().getTime() - FAILURE_WINDOW_MS);
  return countLoginAttempts(db, email, ip, since);
}

/**
 * Signs in with e-mail and password. Wrong passwords are throttled per (account, IP): one address
 * guessing waits 15 minutes, while the owner elsewhere does not. Once the account collects a few
 * failures from anywhere, every attempt must carry a solved ALTCHA proof of work (spent once), so a
 * guesser pays for each try and the owner still gets in.
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string) {
  const { db } = ctx.database;
  const { rateLimits } = ctx.config;
  const attempts = await countAttempt(ctx, input.email, ip);
  if (attempts.fromThisIp > rateLimits.accountFailuresPerIpPer15Min) {
    throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, FAILURE_WINDOW_MS / 1000);
  }
  if (attempts.fromAnywhere > rateLimits.accountFailuresBeforeRobotCheck) {
    if (!input.robotCheck) {
      throw new AppError(401, ErrorCode.robotCheckRequired, AUTH_MESSAGES.robotCheckRequired);
    }
    const challenge = await ctx.robotCheck.verify(input.robotCheck);
    await db.transaction((tx) => markUsed(tx, challenge));
  }
  const user = await findUserByEmail(db, input.email);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    throw new AppError(401, ErrorCode.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
  }
  const now = ctx.clock();
  if (user.suspendedAt && user.suspendedUntil && user.suspendedUntil <= now) {
    // A strike's 7-day suspension that ran out ends at the next sign-in (issue 43).
    await updateUser(db, user.id, { suspendedAt: null, suspendedUntil: null, updatedAt: now });
    user.suspendedAt = null;
    user.suspendedUntil = null;
  }
  if (user.suspendedAt) throw new AppError(403, ErrorCode.accountSuspended, AUTH_MESSAGES.accountSuspended);
  // Only this address's count is cleared: a guesser elsewhere keeps facing the robot check.
  await deleteLoginAttemptsFrom(db, input.email, ip);
  const deletionCancelled = await cancelScheduledDeletion(ctx, user);
  return {
    user: deletionCancelled ? { ...user, deletionScheduledFor: null } : user,
    token: await createSession(db, user.id, ctx.clock()),
    deletionCancelled,
  };
}

/** Signing in while the account's deletion is scheduled cancels it (LGPD 'Meus dados'). */
export async function cancelScheduledDeletion(ctx: AppContext, user: SessionUser): Promise<boolean> {
  if (!user.deletionScheduledFor) return false;
  const cancelled = await cancelDeletion(ctx.database.db, user.id, ctx.clock());
  ctx.sessions.forgetUser(user.id);
  return cancelled;
}

/** Whether `password` is the account's (argon2id, same cost either way); false without one. */
export const checkPassword = (user: SessionUser, password: string): Promise<boolean> =>
  verifyPassword(user.passwordHash, password);

/** Ends every session of the user: the rows, every process's memory of them, and the open tabs. */
export async function logoutEverywhere(ctx: AppContext, userId: string): Promise<void> {
  await deleteUserSessions(ctx.database.db, userId);
  ctx.sessions.forgetUser(userId);
  ctx.realtime.endConnections({ userId });
}

/**
 * Mails a verification link to a signed-in user, or, without a session, to the unverified
 * account of that e-mail (answering the same whether or not there is one).
 */
export async function sendVerificationEmail(ctx: AppContext, sessionUser: SessionUser | null, email: string) {
  const user = sessionUser ?? (await findUserByEmail(ctx.database.db, email));
  if (!user || user.emailVerified) return;
  // The user's row is locked while the last code is read, so two requests at once send one mail.
  const code = await ctx.database.db.transaction(async (tx) => {
    await lockUserRow(tx, user.id);
    const last = await lastCodeIssuedAt(tx, user.id, 'verify_email');
    const now = ctx.clock();
    const wait = last ? VERIFICATION_MIN_INTERVAL_MS - (now.getTime() - last.getTime()) : 0;
    // Retry-After says how long is left, so the page counts down from the mail already sent.
    if (wait > 0) throw tooManyRequests(AUTH_MESSAGES.verificationTooSoon, Math.ceil(wait / 1000));
    return issueCode(tx, user.id, 'verify_email', now);
  });
  const url = `${ctx.config.publicUrl}/auth/mgmt?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`;
  await ctx.jobs.send('mail.send', verificationMail(user.email, user.displayName, url));
}

export async function confirmEmail(ctx: AppContext, input: ConfirmEmailInput): Promise<void> {
  const userId = await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock();
    const codeUserId = await consumeCode(tx, input.oobCode, 'verify_email', now);
    if (!codeUserId) throw badRequest(AUTH_MESSAGES.codeInvalid, ErrorCode.invalidCode);
    await markEmailVerified(tx, codeUserId, now);
    return codeUserId;
  });
  ctx.sessions.forgetUser(userId);
  ctx.realtime.endConnections({ userId });
}

/**
 * Queues the reset (a durable job): the reply is identical for known and unknown e-mails, since the
 * account is looked for only by the job.
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  await ctx.jobs.send('auth.password-reset-mail', { email });
}

/** The reset job: a code for the account of that e-mail, if there is one, mailed by the mail job. */
async function runPasswordResetJob(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user || user.suspendedAt) return;
  const code = await issueCode(ctx.database.db, user.id, 'reset_password', ctx.clock());
  const url = `${ctx.config.publicUrl}/auth/mgmt?mode=resetPassword&oobCode=${encodeURIComponent(code)}`;
  await ctx.jobs.send('mail.send', passwordResetMail(user.email, user.displayName, url));
}

/** The auth feature's jobs (plugins/jobs.ts). */
export function registerAuthJobs(ctx: AppContext, pruneEveryMs = 3_600_000): void {
  ctx.jobs.define('auth.password-reset-mail', ({ email }) => runPasswordResetJob(ctx, email));
  ctx.jobs.every('auth.prune-login-failures', pruneEveryMs, () => pruneLoginFailures(ctx));
}

/**
 * Failed sign-ins are kept only while they count (issue 37): the hourly pass deletes those older
 * than the window, so an address and its IPs are not remembered for longer than the guard needs.
 */
export async function pruneLoginFailures(ctx: AppContext, now = ctx.clock()): Promise<number> {
  return deleteLoginAttemptsBefore(ctx.database.db, new Date(now.getTime() - FAILURE_WINDOW_MS));
}

/** Sets the new password and signs the account out everywhere. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput): Promise<void> {
  assertNotCommon(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock();
    const codeUserId = await consumeCode(tx, input.oobCode, 'reset_password', now);
    if (!codeUserId) throw badRequest(AUTH_MESSAGES.resetInvalid, ErrorCode.invalidCode);
    // Any other reset link mailed before would still open the account: the new password ends them.
    await revokeCodes(tx, codeUserId, 'reset_password', now);
    const user = await setPasswordHash(tx, codeUserId, passwordHash, now);
    await deleteUserSessions(tx, codeUserId);
    if (user) await deleteLoginAttempts(tx, user.email);
    return codeUserId;
  });
  ctx.sessions.forgetUser(userId);
  ctx.realtime.endConnections({ userId });
}
