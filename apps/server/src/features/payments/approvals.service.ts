import { MINORS_MESSAGES } from '@estudai/contract';
import { activeGuardianId, requirePaidCapable } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findEmail, findOpenApproval, insertPendingApproval } from './approvals.queries.ts';
import { approvalRequestMail } from './payments.mails.ts';

/** Go ahead (with the guardian's approval to use up, for a supervised teen), or wait for it. */
export type PaidCheckoutGate =
  | { allowed: true; approvalId?: string }
  | { allowed: false; approvalId: string; message: string };

/**
 * Before a paid group's checkout: 403 in 'modo protegido' (or without a birth date); a supervised
 * teen's first ask creates a pending approval and tells the guardian (202 for the caller), and only
 * an approved one lets the payment start. Adults and unsupervised teens of 16–17 go ahead.
 */
export async function gatePaidCheckout(
  ctx: AppContext,
  viewer: SessionUser,
  group: { id: string; name: string },
): Promise<PaidCheckoutGate> {
  const { db } = ctx.database;
  const status = await requirePaidCapable(db, viewer);
  if (!status.isMinor || status.supervision.status !== 'active') return { allowed: true };
  const open = await findOpenApproval(db, viewer.id, group.id);
  if (open?.status === 'approved') return { allowed: true, approvalId: open.id };
  if (open) return { allowed: false, approvalId: open.id, message: MINORS_MESSAGES.approvalStillPending };

  const guardianId = await activeGuardianId(db, viewer.id);
  const approval = await ctx.events.transaction(async (tx) => {
    const inserted = await insertPendingApproval(tx, viewer.id, group.id);
    // The guardian is asked in the app (notifications/subscribers/payments.ts), and by e-mail below.
    if (inserted && guardianId)
      await ctx.events.emit(tx, 'payment.approvalRequested', {
        approvalId: inserted.id,
        groupId: group.id,
        groupName: group.name,
        teenId: viewer.id,
        teenName: viewer.displayName,
        guardianId,
      });
    return inserted;
  });
  // Two asks at once: the unique index kept one; answer with it.
  if (!approval) {
    const again = await findOpenApproval(db, viewer.id, group.id);
    if (!again) throw new Error('approval neither inserted nor found');
    return { allowed: false, approvalId: again.id, message: MINORS_MESSAGES.approvalStillPending };
  }
  if (guardianId) {
    const email = await findEmail(db, guardianId);
    if (email) {
      const url = `${ctx.config.publicUrl}/responsavel`;
      await ctx.jobs.send('mail.send', approvalRequestMail(email, viewer.displayName, group.name, url));
    }
  }
  return { allowed: false, approvalId: approval.id, message: MINORS_MESSAGES.approvalRequested };
}
