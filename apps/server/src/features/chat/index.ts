// The chat feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { listConversationPartners } from './chat.queries.ts';
export { chatRoutes } from './chat.routes.ts';
export { findReportableMessage, setMessageHidden } from './chat.service.ts';
