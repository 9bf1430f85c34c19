import { WifiOff } from 'lucide-react';
import { useIsOnline } from '../lib/pwa.ts';

/**
 * While offline, the title bar says so ('Offline'; the whole sentence for screen readers and on
 * hover), instead of a banner lying over the page (a pending chat message, the last post).
 */
export function OfflineIndicator() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  const sentence = 'Você está offline. Mostrando o que foi salvo neste aparelho.';
  return (
    <p
      role="status"
      title={sentence}
      className="flex h-8 items-center gap-1.5 rounded-full bg-slate-900 px-3 text-xs font-medium text-white dark:bg-slate-100 dark:text-slate-900"
    >
      <WifiOff className="size-4" aria-hidden />
      <span aria-hidden>Offline</span>
      <span className="sr-only">{sentence}</span>
    </p>
  );
}
