/**
 * A screen's sticky title bar, for the screens that build their own (page.tsx's `Page` has one). Its
 * own module, so a screen of the first route (a route's error) takes it without the rest of page.tsx.
 */
export const TITLE_BAR_CLASSES =
  'sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90';
