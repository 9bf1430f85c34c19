import { MINORS_MESSAGES } from '@estudai/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { activeGuardianId, requirePaidCapable } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { guardianApprovals, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deliver, notify } from '../notifications/index.ts';
import { approvalRequestMail } from './payments.mails.ts';

/** Go ahead (with the guardian's approval to use up, for a supervised teen), or wait for it. */
export type PaidCheckoutGate =
  | { allowed: true; approvalId?: string }
  | { allowed: false; approvalId: string; message: string };

async function findOpenApproval(db: Tx, teenId: string, groupId: string) {
  const [row] = await db
    .select()
    .from(guardianApprovals)
    .where(
      and(
        eq(guardianApprovals.teenId, teenId),
        eq(guardianApprovals.studyGroupId, groupId),
        inArray(guardianApprovals.status, ['pending', 'approved']),
      ),
    )
    .limit(1);
  return row;
}

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
  const created = await db.transaction(async (tx) => {
    const [approval] = await tx
      .insert(guardianApprovals)
      .values({ teenId: viewer.id, studyGroupId: group.id, status: 'pending' })
      .onConflictDoNothing()
      .returning();
    if (!approval || !guardianId) return approval && { approval, notification: undefined };
    const notification = await notify(tx, {
      userId: guardianId,
      actorId: viewer.id,
      type: 'system',
      title: 'Pedido de autorização',
      message: `${viewer.displayName} quer entrar no grupo pago ${group.name}.`,
      actionUrl: '/responsavel',
      dedupeKey: `guardian-approval:${approval.id}`,
    });
    return { approval, notification };
  });
  // Two asks at once: the unique index kept one; answer with it.
  if (!created) {
    const again = await findOpenApproval(db, viewer.id, group.id);
    if (!again) throw new Error('approval neither inserted nor found');
    return { allowed: false, approvalId: again.id, message: MINORS_MESSAGES.approvalStillPending };
  }
  deliver(ctx, [created.notification]);
  if (guardianId) {
    const [guardian] = await db.select({ email: users.email }).from(users).where(eq(users.id, guardianId));
    if (guardian) {
      const url = `${ctx.config.publicUrl}/responsavel`;
      await ctx.jobs.send(
        'mail.send',
        approvalRequestMail(guardian.email, viewer.displayName, group.name, url),
      );
    }
  }
  return { allowed: false, approvalId: created.approval.id, message: MINORS_MESSAGES.approvalRequested };
}

/** The approval is spent by the payment it allowed. */
export async function markApprovalUsed(db: Tx, approvalId: string): Promise<void> {
  await db
    .update(guardianApprovals)
    .set({ status: 'used', usedAt: new Date() })
    .where(and(eq(guardianApprovals.id, approvalId), eq(guardianApprovals.status, 'approved')));
}
