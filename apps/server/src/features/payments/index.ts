// The payments feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export {
  couponLeft,
  discounted,
  findInviteLink,
  hasPaidBefore,
  hasUsedLink,
  type InviteLinkRow,
  inviteGone,
  linkIsOpen,
} from './coupons.service.ts';
export { paymentsRoutes } from './payments.routes.ts';
export {
  type FetchLike,
  findGroupPayment,
  latestAppliedPayment,
  type PaymentProvider,
  paymentProviderFor,
  refundPayment,
} from './refunds.service.ts';
