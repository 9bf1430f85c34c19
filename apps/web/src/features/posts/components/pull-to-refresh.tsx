import { ArrowDown, LoaderCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { PULL_TRIGGER_PX, pullDistance, pullPrompt } from '../pull-distance.ts';

/**
 * Pull down at the top of the page to refresh (spec §2): the prompt says whether letting go will
 * refresh, and 'Atualizando...' while it does.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  const startY = useRef<number | null>(null);
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const distanceRef = useRef(0);
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const setPull = (value: number) => {
      distanceRef.current = value;
      setDistance(value);
    };
    const handleStart = (event: TouchEvent) => {
      startY.current =
        window.scrollY <= 0 && event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null;
    };
    const handleMove = (event: TouchEvent) => {
      if (startY.current === null) return;
      const moved = (event.touches[0]?.clientY ?? startY.current) - startY.current;
      if (moved <= 0 || window.scrollY > 0) {
        setPull(0);
        return;
      }
      // Our pull replaces the browser's own (which would reload the whole app).
      if (event.cancelable) event.preventDefault();
      setPull(pullDistance(moved));
    };
    const handleEnd = () => {
      if (startY.current === null) return;
      startY.current = null;
      const shouldRefresh = distanceRef.current > PULL_TRIGGER_PX;
      setPull(0);
      if (!shouldRefresh) return;
      setRefreshing(true);
      refreshRef.current().finally(() => setRefreshing(false));
    };
    element.addEventListener('touchstart', handleStart, { passive: true });
    element.addEventListener('touchmove', handleMove, { passive: false });
    element.addEventListener('touchend', handleEnd);
    element.addEventListener('touchcancel', handleEnd);
    return () => {
      element.removeEventListener('touchstart', handleStart);
      element.removeEventListener('touchmove', handleMove);
      element.removeEventListener('touchend', handleEnd);
      element.removeEventListener('touchcancel', handleEnd);
    };
  }, []);

  const visible = refreshing || distance > 0;
  const height = refreshing ? PULL_TRIGGER_PX : distance;
  return (
    <div ref={container}>
      <div
        aria-live="polite"
        className="flex items-end justify-center overflow-hidden text-sm text-slate-500 dark:text-slate-400"
        style={{ height, transition: startY.current === null ? 'height 200ms ease-out' : undefined }}
      >
        {visible && (
          <p className="flex items-center gap-2 pb-3">
            {refreshing ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
            ) : (
              <ArrowDown
                className={cn('size-4 transition-transform', distance > PULL_TRIGGER_PX && 'rotate-180')}
                aria-hidden
              />
            )}
            {pullPrompt(distance, refreshing)}
          </p>
        )}
      </div>
      {children}
    </div>
  );
}
