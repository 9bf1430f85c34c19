import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ErrorCode, GROUP_ERROR_CODES, GROUP_MESSAGES } from '@estudai/contract';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { CheckoutRequest, FetchLike, PaymentProvider, WebhookEvent } from './payment-provider.ts';

export const STRIPE_CHECKOUT_URL = 'https://api.stripe.com/v1/checkout/sessions';
/** Stripe's own default: a signed delivery older than this is a replay. */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;
const REQUEST_TIMEOUT_MS = 10_000;

interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  fetch: FetchLike;
  /** Seconds since the epoch; tests move the clock. */
  now?: () => number;
}

const invalidSignature = () =>
  badRequest(GROUP_MESSAGES.webhookInvalidSignature, GROUP_ERROR_CODES.invalidSignature);
const unavailable = () => new AppError(503, ErrorCode.unavailable, GROUP_MESSAGES.providerUnavailable);

/** The form fields of a Checkout Session for one group payment (amount and currency from our row). */
export function checkoutSessionForm({ payment, group, buyer, successUrl, cancelUrl }: CheckoutRequest) {
  return new URLSearchParams({
    mode: 'payment',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'brl',
    'line_items[0][price_data][unit_amount]': String(payment.amount),
    'line_items[0][price_data][product_data][name]': group.name,
    'payment_method_types[0]': 'card',
    'payment_method_types[1]': 'pix',
    client_reference_id: payment.id,
    'metadata[paymentId]': payment.id,
    'metadata[studyGroupId]': group.id,
    customer_email: buyer.email,
    locale: 'pt-BR',
    success_url: successUrl,
    cancel_url: cancelUrl,
  });
}

/** Checks `Stripe-Signature: t=…,v1=…` (HMAC-SHA256 of `${t}.${body}`), in constant time. */
export function verifyStripeSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  secret: string,
  nowSeconds: number,
): void {
  if (typeof header !== 'string') throw invalidSignature();
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const timestamp = pairs.find(([key]) => key === 't')?.[1];
  const signatures = pairs.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) throw invalidSignature();
  if (Math.abs(nowSeconds - Number(timestamp)) > STRIPE_SIGNATURE_TOLERANCE_S) throw invalidSignature();
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  });
  if (!matches) throw invalidSignature();
}

/** What a Checkout Session event means for the payment; other events are not ours to act on. */
function statusOf(type: string, paymentStatus: unknown): WebhookEvent['status'] | null {
  switch (type) {
    case 'checkout.session.completed':
      // Pix completes the checkout first and pays later (async_payment_succeeded).
      return paymentStatus === 'paid' ? 'approved' : 'pending';
    case 'checkout.session.async_payment_succeeded':
      return 'approved';
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return 'failed';
    default:
      return null;
  }
}

/** Stripe Checkout: a hosted page takes card or Pix; the webhook tells us when it was paid. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  return {
    name: 'stripe',
    testMode: options.secretKey.startsWith('sk_test_'),
    methods: ['card', 'pix'],

    async createCheckout(request) {
      let response: Response;
      try {
        response = await options.fetch(STRIPE_CHECKOUT_URL, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.secretKey}`,
            'content-type': 'application/x-www-form-urlencoded',
            // A retried request never opens a second session for the same payment.
            'idempotency-key': request.payment.id,
          },
          body: checkoutSessionForm(request).toString(),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch {
        throw unavailable();
      }
      const session = (await response.json().catch(() => null)) as { id?: unknown; url?: unknown } | null;
      if (!response.ok || typeof session?.id !== 'string' || typeof session.url !== 'string') {
        throw unavailable();
      }
      return { status: 'pending', providerRef: session.id, checkoutUrl: session.url };
    },

    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders) {
      verifyStripeSignature(rawBody, headers['stripe-signature'], options.webhookSecret, now());
      let event: { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest('O corpo da requisição não é um JSON válido.');
      }
      const session = event.data?.object;
      if (typeof event.id !== 'string' || typeof event.type !== 'string') return null;
      const status = statusOf(event.type, session?.payment_status);
      if (!status || typeof session?.id !== 'string') return null;
      const reference = session.client_reference_id;
      return {
        eventId: event.id,
        type: event.type,
        providerRef: session.id,
        paymentId: typeof reference === 'string' ? reference : null,
        status,
      };
    },
  };
}
