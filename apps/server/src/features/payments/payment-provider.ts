import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentMethod, PaymentProviderName } from '@estudai/contract';
import type { GroupRow } from '../../access/index.ts';
import type { PaymentRow } from '../groups/index.ts';

// Where a paid group's money is taken. The service only talks to this interface, so the sandbox
// (development, demos, tests) and Stripe behave the same from the outside.

export interface CheckoutRequest {
  payment: PaymentRow;
  group: GroupRow;
  buyer: { id: string; email: string; displayName: string };
  successUrl: string;
  cancelUrl: string;
}

interface CheckoutResult {
  /** 'approved': settled already (sandbox); 'pending': the buyer must finish at `checkoutUrl`. */
  status: 'approved' | 'pending';
  providerRef: string;
  checkoutUrl: string | null;
  /** Cents the provider keeps of an approved checkout, when it says so at once (the sandbox). */
  feeAmount?: number;
}

export interface WebhookEvent {
  /** The provider's event id: a repeated delivery carries the same one. */
  eventId: string;
  type: string;
  /** The provider's id of the payment (Stripe: the checkout session). */
  providerRef: string;
  /** Our payment id, when the provider echoes it back (Stripe: client_reference_id). */
  paymentId?: string | null;
  /** Stripe's PaymentIntent: named by the checkout once paid, and by refund events (then `providerRef` too). */
  paymentIntentRef?: string | null;
  /**
   * 'refunded': the whole payment was given back (by us or from the provider's dashboard).
   * 'charged': the payment's charge changed and the provider's fee may now be known (`feeOf`).
   */
  status: 'approved' | 'pending' | 'failed' | 'refunded' | 'charged';
}

interface RefundResult {
  /** The provider's refund id. */
  refundRef: string;
  paymentIntentRef: string | null;
}

export interface PaymentProvider {
  name: PaymentProviderName;
  testMode: boolean;
  methods: PaymentMethod[];
  createCheckout(request: CheckoutRequest): Promise<CheckoutResult>;
  /** Gives an approved payment back in full; repeating it for the same payment refunds once. */
  refund(payment: PaymentRow): Promise<RefundResult>;
  /**
   * The event in a webhook delivery, or null for an event this app does not act on. Throws a 400
   * (INVALID_SIGNATURE) when the delivery is not signed by the provider.
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookEvent | null;
  /**
   * Cents the provider kept of a paid PaymentIntent, or null while it has not said (Stripe settles
   * some methods later). Throws a 503 when the provider does not answer. Absent where the fee comes
   * with the checkout (the sandbox).
   */
  feeOf?(paymentIntentRef: string): Promise<number | null>;
}

/** Outbound HTTP; tests pass a fake, since the machine running them has no internet. */
export type FetchLike = typeof fetch;
