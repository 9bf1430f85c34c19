import { createContext, type RefObject } from 'react';

// What the app's dialogs note as they open, so focus can go back to it when they close: shared by
// `Dialog` (dialog.tsx, in every first route) and its content (dialog-radix.tsx, loaded on opening).

/**
 * Where focus goes back to when a dialog closes: the element that had it, or for an item of a menu
 * (gone once the menu closes) the button that opened that menu.
 */
export function focusOrigin(element: Element | null): HTMLElement | null {
  let current = element;
  while (current instanceof HTMLElement && current !== document.body) {
    const menu = current.closest('[role="menu"]');
    if (!menu) return current;
    const triggerId = menu.getAttribute('aria-labelledby');
    current = triggerId ? document.getElementById(triggerId) : null;
  }
  return null;
}

export const OpenerContext = createContext<RefObject<HTMLElement | null> | null>(null);
