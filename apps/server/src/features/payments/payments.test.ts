import { createHmac } from 'node:crypto';
import {
  GROUP_ERROR_CODES,
  GROUP_MESSAGES,
  paymentConfigSchema,
  paymentSchema,
  receiptSchema,
} from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { loadConfig } from '../../config.ts';
import { groupMemberships, groupPayments, notifications, paymentEvents } from '../../db/schema/index.ts';
import { addMonths } from '../../lib/add-months.ts';
import { applyApprovedPayment } from '../groups/paid-membership.service.ts';

const STRIPE_CHECKOUT_URL = 'https://api.stripe.com/v1/checkout/sessions';
const WEBHOOK_SECRET = 'whsec_test_estudai';
const stripeConfig = {
  payments: {
    provider: 'stripe' as const,
    stripe: { secretKey: 'sk_test_estudai', webhookSecret: WEBHOOK_SECRET },
  },
};

let t: TestApp;
const useApp = (app: TestApp) => {
  t = app;
};

type User = Awaited<ReturnType<typeof createUser>>;
type Group = Awaited<ReturnType<typeof createGroup>>;

/** A paid group (R$ 49,90 for 3 months) owned by a verified teacher, and a signed-in student. */
async function setup(groupOverrides: Parameters<typeof createGroup>[2] = {}) {
  const owner = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
  const buyer = await createUser(t.app, { displayName: 'Ana Souza' });
  const group = await createGroup(t.app, owner, {
    name: 'Matemática ENEM Premium',
    isPaid: true,
    price: 4990,
    subscriptionDuration: 3,
    ...groupOverrides,
  });
  return { owner, buyer, group, cookie: await signedInAs(t.app, buyer) };
}

const pay = async (group: { id: string }, cookie: string, payload: object = { method: 'card' }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/study-groups/${group.id}/payments`,
    payload,
    headers: { cookie },
  });

const join = (group: { id: string }, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/study-groups/${group.id}/membership`,
    payload: { action: 'join' },
    headers: { cookie },
  });

const paymentsOf = (user: User) =>
  t.app.ctx.database.db.select().from(groupPayments).where(eq(groupPayments.userId, user.id));
const membershipsOf = (group: Group) =>
  t.app.ctx.database.db.select().from(groupMemberships).where(eq(groupMemberships.studyGroupId, group.id));
const apply = (paymentId: string, now?: Date) =>
  t.app.ctx.database.db.transaction((tx) => applyApprovedPayment(tx, paymentId, now ?? new Date()));

describe('payments with the sandbox provider (default)', () => {
  oneAppPerDescribe(() => buildTestApp(), useApp);

  it('publishes the provider, test mode and methods', async () => {
    const { cookie } = await setup();
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(paymentConfigSchema.parse(res.json().data)).toEqual({
      provider: 'sandbox',
      testMode: true,
      methods: ['card', 'pix'],
    });
  });

  it('approves a payment at once, for the group’s price, without opening the membership yet', async () => {
    const { buyer, group, cookie } = await setup();
    const res = await pay(group, cookie, { method: 'pix' });
    expect(res.statusCode).toBe(201);
    const payment = paymentSchema.parse(res.json().data);
    expect(payment).toMatchObject({
      studyGroupId: group.id,
      provider: 'sandbox',
      status: 'approved',
      amount: 4990,
      currency: 'BRL',
      testMode: true,
      checkoutUrl: null,
    });
    const [row] = await paymentsOf(buyer);
    expect(row).toMatchObject({ method: 'pix', durationMonths: 3, appliedAt: null });
    expect(row?.approvedAt).toBeInstanceOf(Date);
    expect(row?.providerRef).toMatch(/^sandbox_/);
    expect(await membershipsOf(group)).toEqual([]);

    // The join that follows turns the approved payment into the membership, exactly once.
    const before = new Date();
    const joined = await join(group, cookie);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data).toMatchObject({ userId: buyer.id, studyGroupId: group.id, status: 'active' });
    const expiresAt = new Date(joined.json().data.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(addMonths(before, 3).getTime());
    expect(expiresAt).toBeLessThanOrEqual(addMonths(new Date(), 3).getTime());
    expect((await paymentsOf(buyer))[0]?.appliedAt).toBeInstanceOf(Date);
    expect(await membershipsOf(group)).toHaveLength(1);
    expect(await apply(payment.id)).toBeNull();
  });

  it('renews through pay-then-join, from the end of the current subscription', async () => {
    const { group, cookie } = await setup();
    await pay(group, cookie);
    const first = (await join(group, cookie)).json().data;
    const firstEnd = new Date(first.expiresAt);
    const renewal = await pay(group, cookie);
    expect(renewal.statusCode).toBe(201);
    const renewed = await join(group, cookie);
    expect(renewed.statusCode).toBe(200);
    expect(new Date(renewed.json().data.expiresAt).getTime()).toBe(addMonths(firstEnd, 3).getTime());
  });

  it('never opens a paid group because the client says it paid', async () => {
    const { group, cookie } = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/study-groups/${group.id}/membership`,
      payload: { action: 'join', paid: true },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe(GROUP_ERROR_CODES.paymentRequired);
    expect(await membershipsOf(group)).toEqual([]);
  });

  it('answers the same approved payment again instead of charging twice before it is applied', async () => {
    const { buyer, group, cookie } = await setup();
    const first = (await pay(group, cookie)).json().data;
    const second = await pay(group, cookie);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.id);
    expect(await paymentsOf(buyer)).toHaveLength(1);
  });

  it('ignores a client that says it already paid or sets its own amount (400, nothing recorded)', async () => {
    const { buyer, group, cookie } = await setup();
    for (const payload of [
      { method: 'card', paid: true },
      { method: 'card', amount: 1 },
    ]) {
      const res = await pay(group, cookie, payload);
      expect(res.statusCode).toBe(400);
    }
    expect(await paymentsOf(buyer)).toEqual([]);
    expect(await membershipsOf(group)).toEqual([]);
  });

  it('refuses an unknown payment method with a pt-BR message', async () => {
    const { group, cookie } = await setup();
    const res = await pay(group, cookie, { method: 'boleto' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Forma de pagamento inválida.');
  });

  it('answers 404 for an unknown or malformed group id, 401 when signed out', async () => {
    const { cookie } = await setup();
    for (const id of ['8a0e2f6e-5b8a-4c1e-9a55-3f7f2b1d9c00', 'nao-e-um-id', "1' or '1'='1"]) {
      const res = await pay({ id: encodeURIComponent(id) }, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: GROUP_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    const { group } = await setup();
    expect((await pay(group, '')).statusCode).toBe(401);
  });

  it('refuses free, inactive and full groups', async () => {
    const { cookie, owner } = await setup();
    const free = await createGroup(t.app, owner, { name: 'Grátis' });
    let res = await pay(free, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(GROUP_MESSAGES.alreadyFree);

    const inactive = await createGroup(t.app, owner, { isPaid: true, price: 1000, isActive: false });
    res = await pay(inactive, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: GROUP_MESSAGES.groupInactive,
      code: GROUP_ERROR_CODES.groupInactive,
    });

    const full = await createGroup(t.app, owner, { isPaid: true, price: 1000, maxMembers: 1 });
    await addMember(t.app, full, await createUser(t.app));
    res = await pay(full, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: GROUP_MESSAGES.groupFull, code: GROUP_ERROR_CODES.groupFull });

    // An expired membership frees its seat.
    const expiredSeat = await createGroup(t.app, owner, { isPaid: true, price: 1000, maxMembers: 1 });
    await addMember(t.app, expiredSeat, await createUser(t.app), { expiresAt: new Date(Date.now() - 1000) });
    expect((await pay(expiredSeat, cookie)).statusCode).toBe(201);
  });

  it('refuses the owner and lifetime members, but lets a subscriber renew', async () => {
    const { owner, buyer, group, cookie } = await setup();
    let res = await pay(group, await signedInAs(t.app, owner));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(GROUP_MESSAGES.alreadyMember);

    const lifetime = await createUser(t.app);
    await addMember(t.app, group, lifetime);
    res = await pay(group, await signedInAs(t.app, lifetime));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(GROUP_MESSAGES.alreadyMember);

    await addMember(t.app, group, buyer, { expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await pay(group, cookie)).statusCode).toBe(201);
  });

  it('limits payment attempts per account (429 after 10 a minute)', async () => {
    const { group, cookie } = await setup();
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await pay(group, cookie)).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    // Another account is not held back by the first one.
    const other = await signedInAs(t.app, await createUser(t.app));
    expect((await pay(group, other)).statusCode).toBe(201);
  });

  it('has no webhook: the Stripe address answers 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('receipts', () => {
  oneAppPerDescribe(() => buildTestApp(), useApp);

  it("lists the buyer's confirmed payments as receipts, newest first, and nobody else's", async () => {
    const { owner, group, cookie } = await setup();
    const other = await createGroup(t.app, owner, { name: 'Física Premium', isPaid: true, price: 2990 });
    expect((await pay(group, cookie)).statusCode).toBe(201);
    expect((await pay(other, cookie, { method: 'pix' })).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/mine', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const receipts = z.array(receiptSchema).parse(res.json().data);
    expect(receipts).toMatchObject([
      { studyGroupId: other.id, groupName: 'Física Premium', amount: 2990, method: 'pix', testMode: true },
      {
        studyGroupId: group.id,
        groupName: 'Matemática ENEM Premium',
        amount: 4990,
        method: 'card',
        durationMonths: 3,
        provider: 'sandbox',
      },
    ]);
    const stranger = await signedInAs(t.app, await createUser(t.app));
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/payments/mine',
      headers: { cookie: stranger },
    });
    expect(theirs.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/mine' })).statusCode).toBe(401);
  });
});

describe('membership dates from payments', () => {
  oneAppPerDescribe(() => buildTestApp(), useApp);

  const insertApproved = async (group: Group, buyer: User, durationMonths: number | null) => {
    const [row] = await t.app.ctx.database.db
      .insert(groupPayments)
      .values({
        studyGroupId: group.id,
        userId: buyer.id,
        provider: 'sandbox',
        method: 'card',
        status: 'approved',
        amount: group.price,
        durationMonths,
        approvedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('no payment');
    return row;
  };

  it('expires subscriptionDuration months after paying; lifetime never expires', async () => {
    const { owner, buyer, group } = await setup();
    const now = new Date('2026-01-31T12:00:00Z');
    const monthly = await apply((await insertApproved(group, buyer, 1)).id, now);
    expect(monthly?.expiresAt?.toISOString()).toBe('2026-02-28T12:00:00.000Z');

    const lifetimeGroup = await createGroup(t.app, owner, { isPaid: true, price: 990 });
    const lifetime = await apply((await insertApproved(lifetimeGroup, buyer, null)).id, now);
    expect(lifetime?.expiresAt).toBeNull();
  });

  it('extends a second payment from the end of the current one', async () => {
    const { buyer, group } = await setup();
    const now = new Date();
    const first = await apply((await insertApproved(group, buyer, 3)).id, now);
    const end = first?.expiresAt;
    if (!end) throw new Error('no end date');
    expect(end.getTime()).toBe(addMonths(now, 3).getTime());
    const second = await apply((await insertApproved(group, buyer, 3)).id, now);
    expect(second?.expiresAt?.getTime()).toBe(addMonths(end, 3).getTime());
    expect(await membershipsOf(group)).toHaveLength(1);
  });

  it('starts again from now after the membership expired', async () => {
    const { buyer, group } = await setup();
    await addMember(t.app, group, buyer, { expiresAt: new Date(Date.now() - 86_400_000) });
    const now = new Date();
    const renewed = await apply((await insertApproved(group, buyer, 6)).id, now);
    expect(renewed?.expiresAt?.getTime()).toBe(addMonths(now, 6).getTime());
  });
});

describe('payments with Stripe Checkout', () => {
  interface Sent {
    url: string;
    init: RequestInit;
  }
  let sent: Sent[];
  let stripeAnswers: (url: string) => Response;
  const fakeFetch: typeof fetch = async (input, init = {}) => {
    sent.push({ url: String(input), init });
    return stripeAnswers(String(input));
  };
  const sessionResponse = (id: string) =>
    new Response(JSON.stringify({ id, url: `https://checkout.stripe.com/c/pay/${id}` }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });

  oneAppPerDescribe(() => buildTestApp(stripeConfig, { fetch: fakeFetch }), useApp);
  beforeEach(() => {
    sent = [];
    let n = 0;
    stripeAnswers = () => sessionResponse(`cs_test_${++n}`);
  });

  const sign = (body: string, timestamp = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

  const stripeEvent = (type: string, sessionId: string, paymentId: string, extra: object = {}) =>
    JSON.stringify({
      id: `evt_${type}_${sessionId}`,
      object: 'event',
      type,
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          client_reference_id: paymentId,
          payment_status: 'paid',
          ...extra,
        },
      },
    });

  const deliverWebhook = (body: string, signature = sign(body)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload: body,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });

  async function startCheckout() {
    const setupResult = await setup();
    const res = await pay(setupResult.group, setupResult.cookie);
    expect(res.statusCode).toBe(201);
    return { ...setupResult, payment: paymentSchema.parse(res.json().data) };
  }

  it('opens a Checkout Session with the right form fields and stores its id', async () => {
    const { buyer, group, payment } = await startCheckout();
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      amount: 4990,
      testMode: true,
      checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe(STRIPE_CHECKOUT_URL);
    expect(request?.init.method).toBe('POST');
    const headers = new Headers(request?.init.headers);
    expect(headers.get('authorization')).toBe('Bearer sk_test_estudai');
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(headers.get('idempotency-key')).toBe(payment.id);
    const form = new URLSearchParams(String(request?.init.body));
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '4990',
      'line_items[0][price_data][product_data][name]': 'Matemática ENEM Premium',
      'line_items[0][quantity]': '1',
      'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'pix',
      client_reference_id: payment.id,
      'metadata[paymentId]': payment.id,
      customer_email: buyer.email,
      success_url: `${t.config.publicUrl}/study-groups/${group.id}/payment?status=success`,
      cancel_url: `${t.config.publicUrl}/study-groups/${group.id}/payment?status=cancel`,
    });
    const [row] = await paymentsOf(buyer);
    expect(row).toMatchObject({ provider: 'stripe', providerRef: 'cs_test_1', status: 'pending' });
    expect(await membershipsOf(group)).toEqual([]);
  });

  it('answers 503 in pt-BR and marks the payment failed when Stripe does not answer', async () => {
    stripeAnswers = () => new Response('{"error":{"message":"boom"}}', { status: 500 });
    const { buyer, group, cookie } = await setup();
    const res = await pay(group, cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(GROUP_MESSAGES.providerUnavailable);
    expect((await paymentsOf(buyer))[0]?.status).toBe('failed');
  });

  it('asks Stripe once while the buyer waits: no retry after an error or a dropped connection', async () => {
    const { group, cookie } = await setup();
    stripeAnswers = () => new Response('{"error":{"message":"boom"}}', { status: 500 });
    expect((await pay(group, cookie)).statusCode).toBe(503);
    expect(sent).toHaveLength(1);
    stripeAnswers = () => {
      throw new TypeError('fetch failed');
    };
    const res = await pay(group, cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(GROUP_MESSAGES.providerUnavailable);
    expect(sent).toHaveLength(2);
  });

  describe("Stripe's fee (issue 36: 'Receitas' after fees)", () => {
    const json = (body: object, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    /** The PaymentIntent as Stripe answers it with its charge's balance transaction expanded. */
    const intent = (fee: number | null) =>
      json({
        id: 'pi_1',
        object: 'payment_intent',
        latest_charge: {
          id: 'ch_1',
          object: 'charge',
          balance_transaction: fee === null ? null : { id: 'txn_1', object: 'balance_transaction', fee },
        },
      });
    const chargeEvent = (type: string, balanceTransaction: string | null) =>
      JSON.stringify({
        id: `evt_${type}_ch_1`,
        object: 'event',
        type,
        data: {
          object: {
            id: 'ch_1',
            object: 'charge',
            paid: true,
            payment_intent: 'pi_1',
            balance_transaction: balanceTransaction,
          },
        },
      });
    const feeOf = async (buyer: Parameters<typeof paymentsOf>[0]) => (await paymentsOf(buyer))[0]?.feeAmount;

    it('stores the fee of a paid checkout, read from its PaymentIntent', async () => {
      const { buyer, payment } = await startCheckout();
      stripeAnswers = () => intent(289);
      const completed = stripeEvent('checkout.session.completed', 'cs_test_1', payment.id, {
        payment_intent: 'pi_1',
      });
      expect((await deliverWebhook(completed)).statusCode).toBe(200);
      expect(await feeOf(buyer)).toBe(289);
      const asked = new URL(sent.at(-1)?.url ?? '');
      expect(asked.pathname).toBe('/v1/payment_intents/pi_1');
      expect(asked.searchParams.get('expand[0]')).toBe('latest_charge.balance_transaction');
    });

    it("takes the fee from the charge's later event when the checkout's moment had none", async () => {
      const { buyer, payment } = await startCheckout();
      stripeAnswers = () => intent(null);
      const completed = stripeEvent('checkout.session.completed', 'cs_test_1', payment.id, {
        payment_intent: 'pi_1',
      });
      expect((await deliverWebhook(completed)).statusCode).toBe(200);
      expect(await feeOf(buyer)).toBeNull();
      // A charge without its balance transaction yet says nothing, and asks Stripe nothing.
      const asks = sent.length;
      expect((await deliverWebhook(chargeEvent('charge.succeeded', null))).statusCode).toBe(200);
      expect(sent).toHaveLength(asks);
      stripeAnswers = () => intent(310);
      expect((await deliverWebhook(chargeEvent('charge.updated', 'txn_1'))).statusCode).toBe(200);
      expect(await feeOf(buyer)).toBe(310);
      // The membership opened once, at the checkout's event.
      expect((await paymentsOf(buyer))[0]?.status).toBe('approved');
    });

    it("answers 503 to a charge's event while Stripe does not answer, so Stripe delivers it again", async () => {
      const { buyer, payment } = await startCheckout();
      stripeAnswers = () => json({ error: { message: 'boom' } }, 500);
      const completed = stripeEvent('checkout.session.completed', 'cs_test_1', payment.id, {
        payment_intent: 'pi_1',
      });
      // The payment is approved all the same; only its fee waits.
      expect((await deliverWebhook(completed)).statusCode).toBe(200);
      expect((await paymentsOf(buyer))[0]).toMatchObject({ status: 'approved', feeAmount: null });
      const res = await deliverWebhook(chargeEvent('charge.updated', 'txn_1'));
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe(GROUP_MESSAGES.providerUnavailable);
      stripeAnswers = () => intent(305);
      expect((await deliverWebhook(chargeEvent('charge.updated', 'txn_1'))).statusCode).toBe(200);
      expect(await feeOf(buyer)).toBe(305);
    });
  });

  it('opens the membership when the paid webhook arrives and tells the buyer', async () => {
    const { buyer, group, payment } = await startCheckout();
    const res = await deliverWebhook(stripeEvent('checkout.session.completed', 'cs_test_1', payment.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { received: true } });
    const [row] = await paymentsOf(buyer);
    expect(row?.status).toBe('approved');
    expect(row?.appliedAt).toBeInstanceOf(Date);
    const [membership] = await membershipsOf(group);
    expect(membership).toMatchObject({ userId: buyer.id, status: 'active' });
    expect(membership?.expiresAt?.getTime()).toBeGreaterThan(addMonths(new Date(), 3).getTime() - 60_000);
    const inbox = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.id));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      type: 'study_group',
      title: 'Pagamento aprovado!',
      message: 'Bem-vindo ao grupo Matemática ENEM Premium.',
      actionUrl: `/study-groups/${group.id}`,
    });
  });

  it('applies the same event delivered five times at once exactly once', async () => {
    const { buyer, group, payment } = await startCheckout();
    const body = stripeEvent('checkout.session.completed', 'cs_test_1', payment.id);
    const replies = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(body)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await membershipsOf(group)).toHaveLength(1);
    const rows = await paymentsOf(buyer);
    expect(rows.filter((row) => row.appliedAt !== null)).toHaveLength(1);
    expect(await t.app.ctx.database.db.select().from(paymentEvents)).toHaveLength(1);
    const inbox = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.id));
    expect(inbox).toHaveLength(1);
  });

  it('approves a Pix payment when it settles later, not when the checkout completes', async () => {
    const { buyer, group, payment } = await startCheckout();
    const completed = stripeEvent('checkout.session.completed', 'cs_test_1', payment.id, {
      payment_status: 'unpaid',
    });
    expect((await deliverWebhook(completed)).statusCode).toBe(200);
    expect((await paymentsOf(buyer))[0]?.status).toBe('pending');
    expect(await membershipsOf(group)).toEqual([]);
    const settled = stripeEvent('checkout.session.async_payment_succeeded', 'cs_test_1', payment.id);
    expect((await deliverWebhook(settled)).statusCode).toBe(200);
    expect((await paymentsOf(buyer))[0]?.status).toBe('approved');
    expect(await membershipsOf(group)).toHaveLength(1);
  });

  it('marks the payment failed when the Pix fails or the session expires', async () => {
    const { buyer, group, payment } = await startCheckout();
    const failed = stripeEvent('checkout.session.async_payment_failed', 'cs_test_1', payment.id);
    expect((await deliverWebhook(failed)).statusCode).toBe(200);
    expect((await paymentsOf(buyer))[0]?.status).toBe('failed');
    expect(await membershipsOf(group)).toEqual([]);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { buyer, group, payment } = await startCheckout();
    const body = stripeEvent('checkout.session.completed', 'cs_test_1', payment.id);
    const forged = [sign(body, undefined, 'whsec_someone_else'), sign(`${body} `), 't=1,v1=zz', 'v1=abc', ''];
    for (const signature of forged) {
      const res = await deliverWebhook(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: GROUP_MESSAGES.webhookInvalidSignature,
        code: GROUP_ERROR_CODES.invalidSignature,
      });
    }
    const missingHeader = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(missingHeader.statusCode).toBe(400);
    expect((await paymentsOf(buyer))[0]?.status).toBe('pending');
    expect(await membershipsOf(group)).toEqual([]);
    expect(await t.app.ctx.database.db.select().from(paymentEvents)).toEqual([]);
  });

  it('refuses a correctly signed delivery older than 5 minutes (replay)', async () => {
    const { group, payment } = await startCheckout();
    const body = stripeEvent('checkout.session.completed', 'cs_test_1', payment.id);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const res = await deliverWebhook(body, sign(body, sixMinutesAgo));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(GROUP_ERROR_CODES.invalidSignature);
    expect(await membershipsOf(group)).toEqual([]);
  });

  it('needs no session and passes the CSRF check (server-to-server, no Origin)', async () => {
    const { group, payment } = await startCheckout();
    const body = stripeEvent('checkout.session.completed', 'cs_test_1', payment.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': sign(body),
        'user-agent': 'Stripe/1.0',
      },
    });
    expect(res.statusCode).toBe(200);
    const [membership] = await membershipsOf(group);
    expect(membership?.status).toBe('active');
  });

  it('acknowledges events it does not act on, and events of unknown sessions, without changes', async () => {
    const { buyer } = await startCheckout();
    const other = JSON.stringify({
      id: 'evt_other',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1' } },
    });
    expect((await deliverWebhook(other)).statusCode).toBe(200);
    const unknown = stripeEvent('checkout.session.completed', 'cs_unknown', 'nao-e-um-id');
    expect((await deliverWebhook(unknown)).statusCode).toBe(200);
    expect((await paymentsOf(buyer))[0]?.status).toBe('pending');
  });

  it('publishes Stripe as the provider', async () => {
    const { cookie } = await setup();
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config', headers: { cookie } });
    expect(res.json().data).toEqual({ provider: 'stripe', testMode: true, methods: ['card', 'pix'] });
  });
});

describe('payment configuration', () => {
  it('defaults to the sandbox', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', stripe: undefined });
  });

  it('refuses to boot with Stripe and no keys, naming each missing one', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }).payments,
    ).toEqual({ provider: 'stripe', stripe: { secretKey: 'sk_live_1', webhookSecret: 'whsec_1' } });
  });
});
