import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupPayments, paymentEvents, studyGroups } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PaymentRow } from '../groups/index.ts';

// A group's payments: starting one, the buyer's receipts, the provider's webhook (payments.service.ts).

/** The buyer's confirmed payments with their group's name, newest first. */
export function listReceiptRows(db: Tx, userId: string) {
  return db
    .select({ payment: groupPayments, groupName: studyGroups.name })
    .from(groupPayments)
    .innerJoin(studyGroups, eq(studyGroups.id, groupPayments.studyGroupId))
    .where(and(eq(groupPayments.userId, userId), inArray(groupPayments.status, ['approved', 'refunded'])))
    .orderBy(desc(groupPayments.approvedAt), desc(groupPayments.id));
}

export async function insertPayment(db: Tx, values: typeof groupPayments.$inferInsert) {
  const [payment] = await db.insert(groupPayments).values(values).returning();
  return payment;
}

export async function updatePayment(
  db: Tx,
  paymentId: string,
  changes: Partial<typeof groupPayments.$inferInsert>,
): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .update(groupPayments)
    .set(changes)
    .where(eq(groupPayments.id, paymentId))
    .returning();
  return payment;
}

/** Records a webhook event once: false when it was recorded before (a repeated delivery). */
export async function recordPaymentEvent(
  tx: Tx,
  event: { provider: PaymentRow['provider']; eventId: string; type: string },
): Promise<boolean> {
  const [fresh] = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return Boolean(fresh);
}

/** The provider's payment an event is about: by its reference, its PaymentIntent or our id. */
export async function findEventPayment(
  tx: Tx,
  provider: PaymentRow['provider'],
  event: { providerRef: string; paymentIntentRef?: string | null; paymentId?: string | null },
): Promise<PaymentRow | undefined> {
  const matches: SQL[] = [eq(groupPayments.providerRef, event.providerRef)];
  if (event.paymentIntentRef) matches.push(eq(groupPayments.paymentIntentRef, event.paymentIntentRef));
  if (event.paymentId && isUuid(event.paymentId)) matches.push(eq(groupPayments.id, event.paymentId));
  const [payment] = await tx
    .select()
    .from(groupPayments)
    .where(and(eq(groupPayments.provider, provider), or(...matches)))
    .limit(1);
  return payment;
}

/** A pending payment failed: the row, or undefined when it was not pending. */
export async function failPendingPayment(tx: Tx, paymentId: string): Promise<PaymentRow | undefined> {
  const [failed] = await tx
    .update(groupPayments)
    .set({ status: 'failed' })
    .where(and(eq(groupPayments.id, paymentId), eq(groupPayments.status, 'pending')))
    .returning();
  return failed;
}

/** A pending (or failed) payment approved at `now`. */
export async function approvePayment(
  tx: Tx,
  paymentId: string,
  now: Date,
  paymentIntentRef: string | null | undefined,
): Promise<void> {
  await tx
    .update(groupPayments)
    .set({
      status: 'approved',
      approvedAt: now,
      ...(paymentIntentRef ? { paymentIntentRef } : {}),
    })
    .where(and(eq(groupPayments.id, paymentId), inArray(groupPayments.status, ['pending', 'failed'])));
}

/** The provider's fee of the payment its PaymentIntent names (reported after the approval). */
export async function setPaymentFee(
  db: Tx,
  provider: PaymentRow['provider'],
  paymentIntentRef: string,
  feeAmount: number,
): Promise<void> {
  await db
    .update(groupPayments)
    .set({ feeAmount })
    .where(and(eq(groupPayments.provider, provider), eq(groupPayments.paymentIntentRef, paymentIntentRef)));
}

export async function findGroupName(tx: Tx, groupId: string) {
  const [group] = await tx
    .select({ id: studyGroups.id, name: studyGroups.name })
    .from(studyGroups)
    .where(eq(studyGroups.id, groupId));
  return group;
}
