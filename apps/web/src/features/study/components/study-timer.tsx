import { POMODORO_SECONDS, STUDY_MESSAGES } from '@estudai/contract/constants';
import { Timer } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatStudyTime } from '../../../lib/format.ts';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRecordStudySession } from '../api/record-study-session.ts';
import {
  elapsedMs,
  formatClock,
  isPomodoroDone,
  pauseTimer,
  readTimer,
  sessionSeconds,
  type TimerState,
  writeTimer,
} from '../timer-state.ts';

// Its own chunk: the panel opens on a tap; the title bar's clock is all the first screen needs (budget).
const StudyTimerPanel = lazyPart(() => import('./study-timer-panel.tsx'), 'StudyTimerPanel');

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
 * The study timer, reachable from every screen's title bar: start, pause, stop and save, or a 25-minute
 * pomodoro that saves itself. Its state is kept in localStorage and survives a reload.
 */
export function StudyTimer({ userId }: { userId: string }) {
  const [timer, setTimerState] = useState<TimerState | null>(() => readTimer(userId));
  const [open, setOpen] = useState(false);
  const record = useRecordStudySession(userId);
  const saving = useRef(false);
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

  const save = useCallback(
    (state: TimerState, at: number) => {
      const durationSeconds = sessionSeconds(state, at);
      if (durationSeconds < 1) {
        setTimer(null);
        return;
      }
      if (saving.current) return;
      saving.current = true;
      // Paused while saving; on failure it stays, so nothing studied is lost.
      setTimer(pauseTimer(state, at));
      record.mutate(
        { durationSeconds, startedAt: state.startedAt, kind: state.kind },
        {
          onSuccess: () => {
            setTimer(null);
            toast({
              title: STUDY_MESSAGES.savedTitle,
              description: `Você estudou ${formatStudyTime(durationSeconds / 60)}. Bom trabalho!`,
            });
          },
          onError: () =>
            toast({
              title: STUDY_MESSAGES.saveFailedTitle,
              description: STUDY_MESSAGES.saveFailed,
              variant: 'destructive',
            }),
          onSettled: () => {
            saving.current = false;
          },
        },
      );
    },
    [record, setTimer],
  );

  // A pomodoro saves itself when its 25 minutes are up (also if they ran out while away).
  useEffect(() => {
    if (timer && timer.runningSince !== null && isPomodoroDone(timer, now)) save(timer, now);
  }, [timer, now, save]);

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
      {open && (
        <StudyTimerPanel
          timer={timer}
          shown={shown}
          running={running}
          saving={record.isPending}
          onTimer={setTimer}
          onSave={(state) => save(state, Date.now())}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
