/** Navigation state for a conversation just started: its thread puts the focus in the message box. */
export const focusMessageState = { focusMessage: true } as const;

export const wantsMessageFocus = (state: unknown) =>
  typeof state === 'object' && state !== null && 'focusMessage' in state && state.focusMessage === true;
