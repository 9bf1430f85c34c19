import { Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { type ClockReading, formatCountdown, remainingMs } from '../server-clock.ts';

/** The last minutes are shown in red. */
const WARNING_MS = 5 * 60 * 1000;

/** The time left on the server's clock, ticking each second; `onEnd` once it reaches zero. */
export function Countdown({
  endsAt,
  clock,
  onEnd,
}: {
  endsAt: string;
  clock: ClockReading;
  onEnd: () => void;
}) {
  const [left, setLeft] = useState(() => remainingMs(endsAt, clock));
  const latestOnEnd = useRef(onEnd);
  latestOnEnd.current = onEnd;
  useEffect(() => {
    let ended = false;
    const tick = () => {
      const next = remainingMs(endsAt, clock);
      setLeft(next);
      if (next <= 0 && !ended) {
        ended = true;
        latestOnEnd.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1_000);
    return () => window.clearInterval(timer);
  }, [endsAt, clock]);
  return (
    <span
      role="timer"
      aria-label={`Tempo restante: ${formatCountdown(left)}`}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 font-mono text-sm font-semibold tabular-nums',
        left <= WARNING_MS
          ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200'
          : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
      )}
    >
      <Timer className="size-4" aria-hidden />
      {formatCountdown(left)}
    </span>
  );
}
