import { useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdle } from './idle.ts';

/**
 * Registers the service worker once the page has loaded and is idle (its install downloads the whole
 * app, which must not compete with the first screen); calls `onWaiting` when a new version waits.
 */
function registerServiceWorker(onWaiting: (activate: () => void) => void): () => void {
  let cancelled = false;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    if (cancelled) return;
    const workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () => {
      onWaiting(() => {
        // Reload into the new version as soon as it controls the page.
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      });
    });
    await workbox.register();
  };
  let cancelIdle = () => {};
  const start = () => {
    cancelIdle = whenIdle(() => void register().catch(() => {}));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    cancelIdle();
    window.removeEventListener('load', start);
  };
}

/**
 * The installed app's service worker (production builds only): null, or the way to switch to the
 * new version that has been downloaded and waits.
 */
export function useServiceWorkerUpdate(): (() => void) | null {
  const [activate, setActivate] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    return registerServiceWorker((next) => setActivate(() => next));
  }, []);
  return activate;
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a network. */
export const useIsOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
