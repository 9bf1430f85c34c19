import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { ErrorCode, GROUP_ERROR_CODES, GROUP_MESSAGES } from '@estudai/contract';
import type Stripe from 'stripe';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { CheckoutRequest, FetchLike, PaymentProvider, WebhookEvent } from './payment-provider.ts';

/** A signed delivery older than this is a replay (Stripe's default, kept explicit). */
const SIGNATURE_TOLERANCE_S = 300;
const REQUEST_TIMEOUT_MS = 10_000;

interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  fetch: FetchLike;
}

const invalidSignature = () =>
  badRequest(GROUP_MESSAGES.webhookInvalidSignature, GROUP_ERROR_CODES.invalidSignature);
const unavailable = () => new AppError(503, ErrorCode.unavailable, GROUP_MESSAGES.providerUnavailable);

/** The Checkout Session of one group payment (amount and currency from our row). */
function checkoutSessionParams({
  payment,
  group,
  buyer,
  successUrl,
  cancelUrl,
}: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'brl', unit_amount: payment.amount, product_data: { name: group.name } },
      },
    ],
    // API version 2026-09-30.endive (stripe 23) drops this list for allowed_payment_method_types, a
    // filter over the Dashboard's methods: the SDK stays on 22.x (2026-08-26.dahlia) until then.
    payment_method_types: ['card', 'pix'],
    client_reference_id: payment.id,
    metadata: { paymentId: payment.id, studyGroupId: group.id },
    customer_email: buyer.email,
    locale: 'pt-BR',
    success_url: successUrl,
    cancel_url: cancelUrl,
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A full refund (`charge.refunded` with the whole amount given back, ours or from the Dashboard),
 * told by the PaymentIntent it belongs to; a partial refund is not one this app makes or acts on.
 */
function refundOutcome(event: Stripe.Event): WebhookEvent | null {
  if (event.type !== 'charge.refunded') return null;
  const charge = event.data.object;
  const paymentIntent = idOf(charge.payment_intent);
  if (!charge.refunded || !paymentIntent) return null;
  return {
    eventId: event.id,
    type: event.type,
    providerRef: paymentIntent,
    paymentIntentRef: paymentIntent,
    status: 'refunded',
  };
}

/**
 * A charge with its balance transaction (`charge.succeeded`, or `charge.updated` when Stripe adds it
 * later): the fee Stripe kept is known from then on.
 */
function chargedOutcome(event: Stripe.Event): WebhookEvent | null {
  if (event.type !== 'charge.succeeded' && event.type !== 'charge.updated') return null;
  const charge = event.data.object;
  const paymentIntent = idOf(charge.payment_intent);
  if (!charge.paid || !charge.balance_transaction || !paymentIntent) return null;
  return {
    eventId: event.id,
    type: event.type,
    providerRef: paymentIntent,
    paymentIntentRef: paymentIntent,
    status: 'charged',
  };
}

/** What a Checkout Session event means for the payment; other events are not ours to act on. */
function checkoutOutcome(
  event: Stripe.Event,
): { session: Stripe.Checkout.Session; status: WebhookEvent['status'] } | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      // Pix completes the checkout first and pays later (async_payment_succeeded).
      const session = event.data.object;
      return { session, status: session.payment_status === 'paid' ? 'approved' : 'pending' };
    }
    case 'checkout.session.async_payment_succeeded':
      return { session: event.data.object, status: 'approved' };
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { session: event.data.object, status: 'failed' };
    default:
      return null;
  }
}

/** Stripe Checkout: a hosted page takes card or Pix; the webhook tells us when it was paid. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  // Loaded here, where Stripe is configured, rather than at every start: its SDK is ~10 MiB of memory
  // the sandbox provider never needs (docs/performance.md, `npm run bench:memory`).
  const Stripe = createRequire(import.meta.url)('stripe') as typeof import('stripe').default;
  const stripe = new Stripe(options.secretKey, {
    httpClient: Stripe.createFetchHttpClient(options.fetch),
    timeout: REQUEST_TIMEOUT_MS,
    // One attempt while the buyer waits; a failure marks the payment failed and they may pay again.
    maxNetworkRetries: 0,
    // No request metrics sent to Stripe, no telemetry id file written under $HOME.
    telemetry: false,
  });
  return {
    name: 'stripe',
    testMode: options.secretKey.startsWith('sk_test_'),
    methods: ['card', 'pix'],

    async createCheckout(request) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(checkoutSessionParams(request), {
          // A retried request never opens a second session for the same payment.
          idempotencyKey: request.payment.id,
        });
      } catch {
        throw unavailable();
      }
      if (!session.url) throw unavailable();
      return { status: 'pending', providerRef: session.id, checkoutUrl: session.url };
    },

    async refund(payment) {
      try {
        let paymentIntent = payment.paymentIntentRef;
        if (!paymentIntent && payment.providerRef) {
          const session = await stripe.checkout.sessions.retrieve(payment.providerRef);
          paymentIntent = idOf(session.payment_intent);
        }
        if (!paymentIntent) throw new Error('checkout session without a payment intent');
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            reason: 'requested_by_customer',
            metadata: { paymentId: payment.id },
          },
          // Asked twice (a retried removal), Stripe answers the first refund instead of a second.
          { idempotencyKey: `refund:${payment.id}` },
        );
        return { refundRef: refund.id, paymentIntentRef: paymentIntent };
      } catch {
        throw unavailable();
      }
    },

    async feeOf(paymentIntentRef) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(paymentIntentRef, {
          expand: ['latest_charge.balance_transaction'],
        });
      } catch {
        throw unavailable();
      }
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const balance = typeof charge?.balance_transaction === 'object' ? charge.balance_transaction : null;
      return balance?.fee ?? null;
    },

    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders) {
      const signature = headers['stripe-signature'];
      // Missing, or an array (which the SDK would answer with a plain Error, a 500).
      if (typeof signature !== 'string') throw invalidSignature();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          SIGNATURE_TOLERANCE_S,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw invalidSignature();
        if (error instanceof SyntaxError) throw badRequest('O corpo da requisição não é um JSON válido.');
        throw error;
      }
      const chargeEvent = refundOutcome(event) ?? chargedOutcome(event);
      if (chargeEvent) return chargeEvent;
      const outcome = checkoutOutcome(event);
      if (!outcome) return null;
      return {
        eventId: event.id,
        type: event.type,
        providerRef: outcome.session.id,
        paymentId: outcome.session.client_reference_id,
        paymentIntentRef: idOf(outcome.session.payment_intent),
        status: outcome.status,
      };
    },
  };
}
