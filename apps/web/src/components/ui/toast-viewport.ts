// The toasts' region, the same before Radix's toaster has loaded (toaster.tsx) and after
// (toaster-radix.tsx).

export const VIEWPORT_HOTKEY = 'F8';
/** Radix puts the hotkey in place of `{hotkey}`; toaster.tsx does the same. */
export const VIEWPORT_LABEL = 'Notificações ({hotkey})';
// Phones and tablets: above the tab bar, clear of the title bar's back arrow and title; wide
// screens: the top right corner, beside the centred column.
export const VIEWPORT_CLASSES =
  'fixed right-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none lg:top-0 lg:bottom-auto';

/** One toast's box, by its variant. */
export const toastClasses = (variant: string | undefined) =>
  variant === 'destructive'
    ? 'toast relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg border-red-700 bg-red-600 text-white'
    : 'toast relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-50';
