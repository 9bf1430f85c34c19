// The enforcement feature's public face (issue 43): recording an action against a person inside
// the caller's transaction, strikes and their ladder, and undoing an action. The lowest rank, so
// every feature that hides, removes or holds something (images, chat) records it here.

export { subscribeEnforcement } from './enforcement.events.ts';
export { type EnforcementRow, enforcementsOfReport } from './enforcement.queries.ts';
export {
  recordModerationAction,
  reverseModerationAction,
} from './enforcement.service.ts';
