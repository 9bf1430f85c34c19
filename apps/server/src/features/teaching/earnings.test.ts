import { createHmac } from 'node:crypto';
import { earningsSchema, TEACHING_ERROR_CODES, TEACHING_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createUser } from '../../../test/factories.ts';
import { groupMemberships, groupPayments, paymentEvents } from '../../db/schema/index.ts';

let t: TestApp;
const useApp = (app: TestApp) => {
  t = app;
};

const WEBHOOK_SECRET = 'whsec_test_estudai';
const stripeConfig = {
  payments: {
    provider: 'stripe' as const,
    stripe: { secretKey: 'sk_test_estudai', webhookSecret: WEBHOOK_SECRET },
  },
};

async function paidGroup() {
  const owner = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
  const group = await createGroup(t.app, owner, {
    name: 'Química Premium',
    isPaid: true,
    price: 4990,
    subscriptionDuration: 1,
  });
  return { owner, group, ownerApi: await as(t.app, owner) };
}

/** An approved, applied payment and the membership it opened (as the real flow leaves them). */
async function payingMember(group: { id: string }, extra: Partial<typeof groupPayments.$inferInsert> = {}) {
  const user = await createUser(t.app, { displayName: 'Paula Pagante' });
  const expiresAt = new Date(Date.now() + 10 * 86_400_000);
  await addMember(t.app, group, user, { expiresAt });
  const [payment] = await t.app.ctx.database.db
    .insert(groupPayments)
    .values({
      studyGroupId: group.id,
      userId: user.id,
      provider: 'sandbox',
      method: 'card',
      status: 'approved',
      amount: 4990,
      durationMonths: 1,
      approvedAt: new Date(),
      appliedAt: new Date(),
      accessEndsAt: expiresAt,
      ...extra,
    })
    .returning();
  if (!payment) throw new Error('no payment');
  return { user, payment };
}

describe('GET /api/study-groups/{id}/earnings', () => {
  oneAppPerDescribe(() => buildTestApp(), useApp);

  it('sums payments per month, paying members, renewals due in 30 days and refunds, for the owner only', async () => {
    const { group, ownerApi } = await paidGroup();
    const { user, payment } = await payingMember(group);
    await payingMember(group);
    const refunded = await ownerApi.post(`/api/study-groups/${group.id}/payments/${payment.id}/refund`, {
      reason: 'Desistiu na primeira semana.',
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({ id: payment.id, status: 'refunded' });
    const again = await ownerApi.post(`/api/study-groups/${group.id}/payments/${payment.id}/refund`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: TEACHING_MESSAGES.alreadyRefunded,
      code: TEACHING_ERROR_CODES.alreadyRefunded,
    });
    // The refunded member lost the access it paid for.
    const [membership] = await t.app.ctx.database.db
      .select()
      .from(groupMemberships)
      .where(eq(groupMemberships.userId, user.id));
    expect(membership?.status).toBe('left');

    const res = await ownerApi.get(`/api/study-groups/${group.id}/earnings`);
    expect(res.statusCode).toBe(200);
    const earnings = earningsSchema.parse(res.json().data);
    expect(earnings.months).toHaveLength(12);
    expect(earnings.months.at(-1)).toMatchObject({
      paymentsCount: 2,
      grossAmount: 9980,
      refundsCount: 1,
      refundedAmount: 4990,
    });
    expect(earnings.totals).toEqual({
      grossAmount: 9980,
      feeAmount: 0,
      refundedAmount: 4990,
      netAmount: 4990,
      correctionsCount: 0,
    });
    expect(earnings.activePaidMembers).toBe(1);
    expect(earnings.renewalsDue).toHaveLength(1);
    expect(earnings.refunds).toEqual([
      expect.objectContaining({
        paymentId: payment.id,
        amount: 4990,
        reason: 'Desistiu na primeira semana.',
      }),
    ]);

    const member = await as(t.app, user);
    expect((await member.get(`/api/study-groups/${group.id}/earnings`)).statusCode).toBe(403);
    expect(
      (await member.post(`/api/study-groups/${group.id}/payments/${payment.id}/refund`, {})).statusCode,
    ).toBe(403);
  });
});

describe("'Receitas' after fees and across groups (issue 36)", () => {
  oneAppPerDescribe(() => buildTestApp(), useApp);

  it("records the sandbox's fee on a checkout and takes it off the net", async () => {
    const { group, ownerApi } = await paidGroup();
    const buyer = await createUser(t.app, { displayName: 'Bruno Pagante' });
    const paid = await (await as(t.app, buyer)).post(`/api/study-groups/${group.id}/payments`, {
      method: 'pix',
    });
    expect(paid.statusCode).toBe(201);
    const [row] = await t.app.ctx.database.db
      .select()
      .from(groupPayments)
      .where(eq(groupPayments.userId, buyer.id));
    // 1,19% of R$ 49,90 by Pix, rounded to the cent.
    expect(row?.feeAmount).toBe(59);
    const earnings = earningsSchema.parse(
      (await ownerApi.get(`/api/study-groups/${group.id}/earnings`)).json().data,
    );
    expect(earnings.months.at(-1)).toMatchObject({ grossAmount: 4990, feeAmount: 59 });
    expect(earnings.totals).toMatchObject({ grossAmount: 4990, feeAmount: 59, netAmount: 4931 });
  });

  it("adds up the owner's groups, fees and refunds taken off, and no one else's", async () => {
    const { owner, group, ownerApi } = await paidGroup();
    const second = await createGroup(t.app, owner, { name: 'Física Premium', isPaid: true, price: 2990 });
    const stranger = await createUser(t.app, { userType: 'professor' });
    const theirs = await createGroup(t.app, stranger, { name: 'Outro grupo', isPaid: true, price: 9990 });
    await payingMember(group, { feeAmount: 238 });
    const { payment } = await payingMember(group, { feeAmount: 238 });
    await ownerApi.post(`/api/study-groups/${group.id}/payments/${payment.id}/refund`, {});
    await payingMember(second, { amount: 2990, feeAmount: 158 });
    await payingMember(theirs, { amount: 9990, feeAmount: 500 });

    const earnings = earningsSchema.parse(
      (await ownerApi.get(`/api/study-groups/${group.id}/earnings`)).json().data,
    );
    // This group: two payments, both fees kept by the provider, one refunded.
    expect(earnings.totals).toMatchObject({
      grossAmount: 9980,
      feeAmount: 476,
      refundedAmount: 4990,
      netAmount: 9980 - 476 - 4990,
    });
    expect(earnings.allGroups).toEqual({
      groupsCount: 2,
      grossAmount: 9980 + 2990,
      feeAmount: 476 + 158,
      refundedAmount: 4990,
      netAmount: 9980 + 2990 - 476 - 158 - 4990,
    });
  });
});

describe('refunds through Stripe (recorded responses)', () => {
  const sent: { url: string; init: RequestInit }[] = [];
  // Bodies as the Stripe API answers them (2026-08-26.dahlia), trimmed to the fields the SDK reads.
  const recorded: Record<string, object> = {
    'GET /v1/checkout/sessions/cs_test_paid': {
      id: 'cs_test_paid',
      object: 'checkout.session',
      payment_intent: 'pi_3QxYz2LkdIwHu7ix0abcDEF1',
      payment_status: 'paid',
      status: 'complete',
    },
    'POST /v1/refunds': {
      id: 're_3QxYz2LkdIwHu7ix0refund1',
      object: 'refund',
      amount: 4990,
      currency: 'brl',
      payment_intent: 'pi_3QxYz2LkdIwHu7ix0abcDEF1',
      reason: 'requested_by_customer',
      status: 'succeeded',
    },
  };
  const fakeFetch: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input));
    sent.push({ url: url.toString(), init });
    const body = recorded[`${init.method ?? 'GET'} ${url.pathname}`];
    return new Response(JSON.stringify(body ?? { error: { message: 'not recorded' } }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  };
  const sign = (body: string, secret = WEBHOOK_SECRET) => {
    const timestamp = Math.floor(Date.now() / 1000);
    return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  };
  const chargeRefunded = JSON.stringify({
    id: 'evt_charge_refunded_1',
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: 'ch_3QxYz2LkdIwHu7ix0charge1',
        object: 'charge',
        amount: 4990,
        amount_refunded: 4990,
        payment_intent: 'pi_3QxYz2LkdIwHu7ix0abcDEF1',
        refunded: true,
      },
    },
  });
  oneAppPerDescribe(() => buildTestApp(stripeConfig, { fetch: fakeFetch }), useApp);

  const deliver = (body: string, signature = sign(body)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  it('refunds a removed member through the Stripe API, and the refund event after it changes nothing', async () => {
    sent.length = 0;
    const { group, ownerApi } = await paidGroup();
    const { user, payment } = await payingMember(group, { provider: 'stripe', providerRef: 'cs_test_paid' });
    const res = await ownerApi.del(`/api/study-groups/${group.id}/members/${user.id}`, {
      reason: 'Pediu para sair.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userId: user.id, refunded: true, refundAmount: 4990 });
    expect(sent.map((s) => `${s.init.method} ${new URL(s.url).pathname}`)).toEqual([
      'GET /v1/checkout/sessions/cs_test_paid',
      'POST /v1/refunds',
    ]);
    const form = new URLSearchParams(String(sent[1]?.init.body));
    expect(form.get('payment_intent')).toBe('pi_3QxYz2LkdIwHu7ix0abcDEF1');
    expect(new Headers(sent[1]?.init.headers).get('idempotency-key')).toBe(`refund:${payment.id}`);
    const [row] = await t.app.ctx.database.db
      .select()
      .from(groupPayments)
      .where(eq(groupPayments.id, payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundRef: 're_3QxYz2LkdIwHu7ix0refund1' });

    expect((await deliver(chargeRefunded)).statusCode).toBe(200);
    const [after] = await t.app.ctx.database.db
      .select()
      .from(groupPayments)
      .where(eq(groupPayments.id, payment.id));
    expect(after?.refundedAt?.getTime()).toBe(row?.refundedAt?.getTime());
    expect(after?.refundRef).toBe('re_3QxYz2LkdIwHu7ix0refund1');
  });

  it('applies a Dashboard refund event once, ends the access, and refuses a forged signature', async () => {
    const { group, ownerApi } = await paidGroup();
    const { user, payment } = await payingMember(group, {
      provider: 'stripe',
      providerRef: 'cs_test_paid',
      paymentIntentRef: 'pi_3QxYz2LkdIwHu7ix0abcDEF1',
    });
    const forged = await deliver(chargeRefunded, sign(chargeRefunded, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(
      (await t.app.ctx.database.db.select().from(groupPayments).where(eq(groupPayments.id, payment.id)))[0]
        ?.status,
    ).toBe('approved');
    expect((await deliver(chargeRefunded)).statusCode).toBe(200);
    expect((await deliver(chargeRefunded)).statusCode).toBe(200);
    const [row] = await t.app.ctx.database.db
      .select()
      .from(groupPayments)
      .where(eq(groupPayments.id, payment.id));
    expect(row?.status).toBe('refunded');
    expect(await t.app.ctx.database.db.select().from(paymentEvents)).toHaveLength(1);
    expect((await (await as(t.app, user)).get(`/api/study-groups/${group.id}/posts`)).statusCode).toBe(403);
    const again = await ownerApi.post(`/api/study-groups/${group.id}/payments/${payment.id}/refund`, {});
    expect(again.statusCode).toBe(409);
  });
});
