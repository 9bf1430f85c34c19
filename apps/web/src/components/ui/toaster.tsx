import { useEffect, useRef, useState } from 'react';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { type ToastItem, useCurrentToast } from '../../lib/toast.ts';
import { toastClasses, VIEWPORT_CLASSES, VIEWPORT_HOTKEY, VIEWPORT_LABEL } from './toast-viewport.ts';

// Radix's toast (swipe, timers, focus proxies, the screen reader's announcement) loads with the
// first toast, which follows something the student did: not with the first route.
const RadixToaster = lazyPart(() => import('./toaster-radix.tsx'), 'RadixToaster');

/**
 * Shows the toast of lib/toast.ts (one at a time); F8 focuses it, a 50 px swipe dismisses it.
 * Until the first toast it is the empty region Radix's toaster renders, with the same name, and
 * F8 focuses its list as Radix's does; from the first toast on, once its code has arrived (at once
 * if it already has), Radix's toaster, which shows the toast then on screen.
 */
export function Toaster() {
  const current = useCurrentToast();
  const [wanted, setWanted] = useState(() => RadixToaster.loaded() !== undefined);
  if (current && !wanted) setWanted(true);
  const [, setArrived] = useState(false);
  const ready = wanted && RadixToaster.loaded() !== undefined;
  const toastId = current?.id;
  useEffect(() => {
    // A chunk that fails to arrive leaves the empty region; the next toast asks for it again.
    if (wanted && !ready && toastId !== undefined)
      void RadixToaster.preload().then(
        () => setArrived(true),
        () => undefined,
      );
  }, [wanted, ready, toastId]);
  return ready ? <RadixToaster /> : <EmptyViewport current={current} />;
}

/** While Radix's code arrives, the toast shows at once as text, so one replaced meanwhile is still seen. */
function EmptyViewport({ current }: { current: ToastItem | null }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const focusOnHotkey = (event: KeyboardEvent) => {
      if (event.code === VIEWPORT_HOTKEY) list.current?.focus();
    };
    document.addEventListener('keydown', focusOnHotkey);
    return () => document.removeEventListener('keydown', focusOnHotkey);
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the same element as Radix's region, which replaces it.
    <div
      role="region"
      aria-label={VIEWPORT_LABEL.replace('{hotkey}', VIEWPORT_HOTKEY)}
      tabIndex={-1}
      style={{ pointerEvents: 'none' }}
    >
      <ol ref={list} tabIndex={-1} className={VIEWPORT_CLASSES}>
        {current && (
          <li key={current.id} role="status" aria-atomic className={toastClasses(current.variant)}>
            <div className="grid gap-1">
              <p className="text-sm font-semibold">{current.title}</p>
              {current.description && <p className="text-sm opacity-90">{current.description}</p>}
            </div>
          </li>
        )}
      </ol>
    </div>
  );
}
