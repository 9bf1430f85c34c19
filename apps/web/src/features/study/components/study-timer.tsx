import { POMODORO_SECONDS } from '@estudai/contract/constants';
import { Timer } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { elapsedMs, formatClock, readTimer, type TimerState, writeTimer } from '../timer-state.ts';

// Its own chunk: the focus block behind a started timer (its calls, heartbeats and the panel) loads
// once a timer exists or the panel opens; the title bar's clock is all the first screen needs (budget).
const StudyTimerController = lazyPart(() => import('./study-timer-controller.tsx'), 'StudyTimerController');

/** Re-renders every second while `active`, so the clock on screen moves. */
function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!active) return;
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, [active]);
  return now;
}

/**
 * The study timer, reachable from every screen's title bar: a personal focus block (issue 39) with a
 * free clock or a 25-minute pomodoro. Its state is kept in localStorage and survives a reload.
 */
export function StudyTimer({ userId }: { userId: string }) {
  const [timer, setTimerState] = useState<TimerState | null>(() => readTimer(userId));
  const [open, setOpen] = useState(false);
  const now = useNow(timer?.runningSince != null);

  const setTimer = useCallback(
    (next: TimerState | null) => {
      writeTimer(userId, next);
      setTimerState(next);
    },
    [userId],
  );

  // Another tab started, paused or stopped the timer: follow it.
  useEffect(() => {
    const handleStorage = () => setTimerState(readTimer(userId));
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [userId]);

  const seconds = timer ? Math.floor(elapsedMs(timer, now) / 1000) : 0;
  const shown = timer?.kind === 'pomodoro' ? Math.max(0, POMODORO_SECONDS - seconds) : seconds;
  const running = timer?.runningSince != null;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={timer ? `Cronômetro de estudo: ${formatClock(shown)}` : 'Cronômetro de estudo'}
        className={cn(
          // In the title bar (components/header-actions.tsx): round when idle, a clock pill once started.
          'flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-full text-sm font-semibold',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
          timer && 'px-3',
          running
            ? 'bg-emerald-600 text-white'
            : timer
              ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
              : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        )}
      >
        <Timer className={timer ? 'size-4' : 'size-6'} aria-hidden />
        {timer && <span className="tabular-nums">{formatClock(shown)}</span>}
      </button>
      {(timer || open) && (
        <StudyTimerController
          userId={userId}
          timer={timer}
          now={now}
          shown={shown}
          open={open}
          onTimer={setTimer}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
