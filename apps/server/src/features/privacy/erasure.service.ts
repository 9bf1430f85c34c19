import {
  ACCOUNT_DELETION_DAYS,
  type DeletionScheduled,
  deletionScheduledMessage,
  MINORS_ERROR_CODES,
  PRIVACY_MESSAGES,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { checkPassword, logoutEverywhere } from '../auth/index.ts';
import {
  conversationsWithPartners,
  deletePendingWorkNaming,
  deleteRowsByEmail,
  deleteUnapprovedPayments,
  deleteUser,
  dueAccounts,
  eraseMessages,
  insertStandIn,
  lockDueAccount,
  recount,
  scheduleDeletion,
  setConversationPair,
  touchedCounters,
} from './erasure.queries.ts';
import { exportFilesOf } from './export.queries.ts';
import { removeExportFiles, uploadedFilesOf } from './export.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'long' });

/**
 * Schedules the erasure of `userId` 7 days ahead and ends their sessions: signing in before then
 * cancels it (auth.service). Whoever asks has checked the right password already.
 */
export async function scheduleErasure(
  ctx: AppContext,
  userId: string,
  now = ctx.clock(),
): Promise<DeletionScheduled> {
  const scheduledFor = new Date(now.getTime() + ACCOUNT_DELETION_DAYS * DAY_MS);
  await scheduleDeletion(ctx.database.db, userId, scheduledFor, now);
  await logoutEverywhere(ctx, userId);
  return {
    scheduledFor: scheduledFor.toISOString(),
    message: deletionScheduledMessage(dateFormat.format(scheduledFor)),
  };
}

/** `DELETE /api/users/me {password}` (and a guardian's for their teen, with the guardian's password). */
export async function requirePassword(user: SessionUser, password: string): Promise<void> {
  if (!user.passwordHash) throw forbidden(PRIVACY_MESSAGES.noPassword, MINORS_ERROR_CODES.wrongPassword);
  if (!(await checkPassword(user, password))) {
    throw forbidden(PRIVACY_MESSAGES.wrongPassword, MINORS_ERROR_CODES.wrongPassword);
  }
}

/**
 * The partner keeps the thread: the person's side moves to a stand-in ('Conta excluída') and their
 * messages lose their text ('Mensagem apagada'). A thread whose partner was erased before goes.
 */
async function handOverConversations(tx: Tx, userId: string, now: Date): Promise<void> {
  const rows = await conversationsWithPartners(tx, userId);
  const kept = rows.filter((row) => !row.partnerErased).map((row) => row.conversation);
  if (kept.length === 0) return;
  const standIn = await insertStandIn(tx, now);
  for (const conversation of kept) {
    const partner = conversation.userA === userId ? conversation.userB : conversation.userA;
    // The pair stays ordered (user_a < user_b), whatever the stand-in's id.
    const [userA, userB] = partner < standIn ? [partner, standIn] : [standIn, partner];
    await setConversationPair(tx, conversation.id, { userA, userB });
  }
  await eraseMessages(
    tx,
    userId,
    kept.map((conversation) => conversation.id),
    standIn,
    now,
  );
}

/**
 * Erases one account whose time has come, in one transaction (the row is locked, so two processes
 * never erase it twice): posts, comments and everything else of theirs go with the row; a chat
 * partner keeps the thread ('Mensagem apagada'); approved payments stay as tax records without the
 * person; the evidence of a child-exploitation report stays (ERASURE_EXCEPTIONS). Their failed
 * sign-ins, waiting-list entry and queued work naming them go, and so do all their files.
 */
async function eraseAccount(ctx: AppContext, userId: string, now: Date): Promise<boolean> {
  const erased = await ctx.database.db.transaction(async (tx) => {
    const user = await lockDueAccount(tx, userId, now);
    if (!user) return false;
    const files = await uploadedFilesOf(tx, userId);
    const exports = await exportFilesOf(tx, userId);
    await handOverConversations(tx, userId, now);
    await deleteUnapprovedPayments(tx, userId);
    const touched = await touchedCounters(tx, userId);
    // Issue 37: rows kept under their e-mail, and work still queued that names them.
    await deleteRowsByEmail(tx, user.email);
    await deletePendingWorkNaming(tx, user);
    // Every other row of theirs goes with this one (ON DELETE CASCADE); approved payments keep no id.
    await deleteUser(tx, userId);
    await recount(tx, touched);
    // Files before the commit: if it fails, the job runs again and finds nothing more to remove.
    for (const file of files) await ctx.storage.delete(file.key);
    await removeExportFiles(
      ctx,
      exports.map((row) => row.fileName),
    );
    return true;
  });
  if (erased) {
    ctx.sessions.forgetUser(userId);
    ctx.bus.publish('author.changed', { userId, visibility: true });
  }
  return erased;
}

/** The erasure job: every account whose deletion date has passed. Answers how many were erased. */
export async function runErasureJobs(ctx: AppContext, now: Date): Promise<number> {
  const due = await dueAccounts(ctx.database.db, now);
  let erased = 0;
  for (const { id } of due) if (await eraseAccount(ctx, id, now)) erased++;
  return erased;
}
