// The payments feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { findInviteLink, hasPaidBefore, hasUsedLink, type InviteLinkRow } from './coupons.queries.ts';
export { couponLeft, discounted, inviteGone, linkIsOpen } from './coupons.service.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { findGroupPayment, latestAppliedPayment } from './refunds.queries.ts';
export {
  type FetchLike,
  type PaymentProvider,
  paymentProviderFor,
  refundPayment,
} from './refunds.service.ts';
