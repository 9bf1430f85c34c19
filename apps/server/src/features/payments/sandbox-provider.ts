import { randomUUID } from 'node:crypto';
import { sandboxFee } from '../../lib/sandbox-fee.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The default provider: no money moves, every checkout is approved at once (the payment screen
 * already waits its 2 s before asking), every refund is done at once. It has no webhooks.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    testMode: true,
    methods: ['card', 'pix'],
    async createCheckout({ payment }) {
      return {
        status: 'approved',
        providerRef: `sandbox_${randomUUID()}`,
        checkoutUrl: null,
        feeAmount: sandboxFee(payment.amount, payment.method),
      };
    },
    // Marks the payment refunded: no money moved, none goes back.
    async refund() {
      return { refundRef: `sandbox_re_${randomUUID()}`, paymentIntentRef: null };
    },
    parseWebhook() {
      return null;
    },
  };
}
