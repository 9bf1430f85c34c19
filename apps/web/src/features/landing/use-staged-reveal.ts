import { startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How many of `total` below-the-fold sections to render: none on the first paint, then one more
 * per task, each as a transition (rendered in slices that yield to the browser), so a slow phone
 * never spends one long task on the page (Total Blocking Time).
 * `revealAll` renders the rest at once (before scrolling to one of them).
 */
export function useStagedReveal(total: number) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((current) => current + 1)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  const revealAll = useCallback(() => flushSync(() => setCount(total)), [total]);
  return { count, revealAll };
}
