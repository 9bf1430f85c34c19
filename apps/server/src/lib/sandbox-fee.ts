import type { PaymentMethod } from '@estudai/contract';

/**
 * The sandbox's pretend tariff, near what Brazilian card and Pix processors charge, so 'Receitas'
 * shows a net after fees in development and demos as it will with a real provider.
 */
const SANDBOX_FEES: Record<PaymentMethod, { percent: number; fixed: number }> = {
  card: { percent: 3.99, fixed: 39 },
  pix: { percent: 1.19, fixed: 0 },
};

/** The sandbox's fee in cents for a payment of `amount` cents. */
export function sandboxFee(amount: number, method: PaymentMethod): number {
  const { percent, fixed } = SANDBOX_FEES[method];
  return Math.min(amount, Math.round((amount * percent) / 100) + fixed);
}
