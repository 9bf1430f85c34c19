// The groups feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { seedDemoGroups } from './groups.demo.ts';
export { groupsRoutes } from './groups.routes.ts';
export { listUserGroupRefs, refreshOwnerSearchText, searchGroups } from './groups.service.ts';
export { findUnappliedPayment, type PaymentRow } from './membership.queries.ts';
export { applyMembershipAction } from './membership.service.ts';
export { applyApprovedPayment } from './paid-membership.service.ts';
export { ownerOverallRating } from './ratings.service.ts';
