import type { Config } from '../../config.ts';
import type { FetchLike, PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** The provider `PAYMENT_PROVIDER` names (README, 'Pagamentos'). */
export function createPaymentProvider(config: Config, fetchImpl: FetchLike = fetch): PaymentProvider {
  const { payments } = config;
  if (payments.provider === 'stripe') {
    // loadConfig refuses PAYMENT_PROVIDER=stripe without both keys; this guards hand-built configs.
    if (!payments.stripe)
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return createStripeProvider({ ...payments.stripe, fetch: fetchImpl });
  }
  return createSandboxProvider();
}
