import { useCallback, useSyncExternalStore } from 'react';

/** The desktop layout's breakpoint (Tailwind's `lg`): three columns from here, the phone's one below. */
const DESKTOP_QUERY = '(min-width: 1024px)';

const mediaList = (query: string): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/** Whether `query` matches now, and again whenever the window crosses it. */
function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = mediaList(query);
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}

/** The desktop layout (1024 px and wider): the side navigation and the right column instead of the tab bar. */
export const useIsDesktop = () => useMediaQuery(DESKTOP_QUERY);
