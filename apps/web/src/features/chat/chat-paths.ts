import { routes } from '../../app/paths.ts';

/** Spec §2: /chat, or /chat?conversation={id} with that thread open. */
export const chatPath = (conversationId?: string | null) =>
  conversationId ? `${routes.chat}?conversation=${encodeURIComponent(conversationId)}` : routes.chat;
