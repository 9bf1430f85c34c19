import { routes } from '../../lib/paths.ts';

/** Spec §2: /chat, or /chat?conversation={id} with that thread open. */
export const chatPath = (conversationId?: string | null) =>
  conversationId ? `${routes.chat}?conversation=${encodeURIComponent(conversationId)}` : routes.chat;

/** Navigation state for a conversation just started: its thread puts the focus in the message box. */
export const focusMessageState = { focusMessage: true } as const;

export const wantsMessageFocus = (state: unknown) =>
  typeof state === 'object' && state !== null && 'focusMessage' in state && state.focusMessage === true;
