import { useEffect, useRef } from 'react';

/** Spec §9: the next page is asked for when the end of the list comes within 100 px. */
export const LOAD_MORE_MARGIN_PX = 100;

/** An invisible marker at the end of a list that calls `onReach` as it nears the screen. */
export function LoadMoreTrigger({ onReach, disabled }: { onReach: () => void; disabled: boolean }) {
  const marker = useRef<HTMLDivElement>(null);
  const reach = useRef(onReach);
  reach.current = onReach;

  useEffect(() => {
    const element = marker.current;
    if (disabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach.current();
      },
      { rootMargin: `0px 0px ${LOAD_MORE_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [disabled]);

  return <div ref={marker} aria-hidden className="h-px" />;
}
