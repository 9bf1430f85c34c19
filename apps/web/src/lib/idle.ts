import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has nothing more urgent to do (the first screen rendered and painted),
 * or after `timeoutMs` at the latest; returns a function that cancels it. What can wait a moment
 * (live events, badge counts, the service worker) waits for this: on a slow phone it would
 * otherwise compete with the first posts for the main thread and the network.
 */
export function whenIdle(task: () => void, timeoutMs = 3_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: just after the next paint (or the timeout, in a hidden tab).
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    task();
  };
  const timer = setTimeout(run, timeoutMs);
  const frame = requestAnimationFrame(() => setTimeout(run, 0));
  return () => {
    done = true;
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}

let idleReached = false;

/** False until the page has first been idle (see whenIdle), then true for the rest of the visit. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(idleReached);
  useEffect(() => {
    if (idle) return;
    return whenIdle(() => {
      idleReached = true;
      setIdle(true);
    });
  }, [idle]);
  return idle;
}
