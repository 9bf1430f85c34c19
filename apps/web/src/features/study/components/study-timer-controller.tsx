import { STUDY_MESSAGES, type StudySessionKind } from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../../lib/api.ts';
import { formatStudyTime } from '../../../lib/format.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { finishStudyBlock, startStudyBlock, useFocusBlockHeartbeat } from '../../../lib/study-blocks.ts';
import { toast } from '../../../lib/toast.ts';
import { studyKeys } from '../api/study-keys.ts';
import {
  isPomodoroDone,
  pauseTimer,
  resumeTimer,
  sessionSeconds,
  startTimer,
  type TimerState,
} from '../timer-state.ts';
import { StudyTimerPanel } from './study-timer-panel.tsx';

// Here rather than in the contract: the contract's study constants are on the first screen, this is not.
const TEXT = {
  startFailedTitle: 'Não foi possível iniciar o cronômetro',
  overTitle: 'Cronômetro pausado',
  over: 'O bloco de foco foi encerrado em outra aba, numa sala ou por muito tempo sem sinal. Toque em Continuar para seguir contando.',
};
const minutesText = (n: number) => `${n} ${n === 1 ? 'minuto verificado' : 'minutos verificados'}`;
const isVisible = () => document.visibilityState === 'visible';

/**
 * The study timer as a personal focus block (issue 39), counted as a room's block is: each run of the
 * clock is a block on the server with a heartbeat every 30 s saying whether the tab is visible; a
 * pause ends the block, 'Continuar' starts the next, 'Encerrar' (or a pomodoro's 25 minutes) ends the
 * last. Loaded while a timer exists or its panel is open, so none of it weighs on the first screen.
 */
export function StudyTimerController({
  userId,
  timer,
  now,
  shown,
  open,
  onTimer,
  onClose,
}: {
  userId: string;
  timer: TimerState | null;
  now: number;
  shown: number;
  open: boolean;
  onTimer: (next: TimerState | null) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const latest = useRef(timer);
  latest.current = timer;
  // The running block's verified minutes so far, from its last heartbeat.
  const [live, setLive] = useState<{ blockId: string; minutes: number } | null>(null);

  const running = timer?.runningSince != null;
  const liveMinutes = live && timer?.blockId === live.blockId ? live.minutes : 0;
  const verified = (timer?.verifiedMinutes ?? 0) + liveMinutes;

  /** One action at a time (a double tap, or the pomodoro's end while 'Encerrar' is under way). */
  const act = useCallback(async (work: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  const start = (kind: StudySessionKind) =>
    act(async () => {
      try {
        const block = await startStudyBlock();
        onTimer(startTimer(kind, Date.now(), block.id));
      } catch (error) {
        toast({
          title: TEXT.startFailedTitle,
          description: error instanceof Error ? error.message : undefined,
          variant: 'destructive',
        });
      }
    });

  /** Ends `state`'s block into its verified minutes; a block that could not be ended stays, for the next try. */
  const endBlockOf = async (state: TimerState): Promise<TimerState> => {
    if (!state.blockId) return state;
    // A block ended elsewhere answers 0: its minutes are the last heartbeat's.
    const seen = live?.blockId === state.blockId ? live.minutes : 0;
    const minutes = Math.max(await finishStudyBlock(state.blockId), seen);
    return { ...state, blockId: null, verifiedMinutes: (state.verifiedMinutes ?? 0) + minutes };
  };

  const pause = () =>
    act(async () => {
      const state = latest.current;
      if (!state) return;
      // The clock stops at once; the block ends behind it (kept if that fails: 'Encerrar' ends it).
      const paused = pauseTimer(state, Date.now());
      onTimer(paused);
      onTimer(await endBlockOf(paused).catch(() => paused));
    });

  const resume = () =>
    act(async () => {
      const state = latest.current;
      if (!state) return;
      try {
        const ended = await endBlockOf(state);
        const block = await startStudyBlock();
        onTimer({ ...resumeTimer(ended, Date.now()), blockId: block.id });
      } catch (error) {
        toast({
          title: TEXT.startFailedTitle,
          description: error instanceof Error ? error.message : undefined,
          variant: 'destructive',
        });
      }
    });

  const stop = () =>
    act(async () => {
      const state = latest.current;
      if (!state) return;
      const paused = pauseTimer(state, Date.now());
      onTimer(paused);
      let ended: TimerState;
      try {
        ended = await endBlockOf(paused);
      } catch {
        // Kept, paused, with its block: 'Encerrar' tries again; nothing studied is lost.
        toast({
          title: STUDY_MESSAGES.saveFailedTitle,
          description: STUDY_MESSAGES.saveFailed,
          variant: 'destructive',
        });
        return;
      }
      onTimer(null);
      const studied = sessionSeconds(ended, Date.now()) / 60;
      toast({
        title: STUDY_MESSAGES.savedTitle,
        description: `Você estudou ${formatStudyTime(studied)}: ${minutesText(ended.verifiedMinutes ?? 0)}. Bom trabalho!`,
      });
      void queryClient.invalidateQueries({ queryKey: studyKeys.stats(userId) });
      void queryClient.invalidateQueries({ queryKey: userKeys.profile(userId) });
    });
  const stopRef = useRef(stop);
  stopRef.current = stop;

  useFocusBlockHeartbeat(running ? timer?.blockId : null, {
    onVerified: (minutes, blockId) => setLive({ blockId, minutes }),
    // Ended elsewhere (another tab, a room's block: one at a time) or stopped after long without a
    // sign: the clock pauses with what was verified.
    onOver: (blockId) => {
      const state = latest.current;
      if (!state || state.blockId !== blockId) return;
      const shown = live?.blockId === blockId ? live.minutes : 0;
      const paused = { ...pauseTimer(state, Date.now()), blockId: null };
      onTimer({ ...paused, verifiedMinutes: (state.verifiedMinutes ?? 0) + shown });
      toast({ title: TEXT.overTitle, description: TEXT.over });
      // A block that stopped without a sign is still open: end it, so its minutes are counted now
      // (one ended elsewhere answers 0, its minutes were counted there).
      void finishStudyBlock(blockId)
        .catch(() => 0)
        .then((minutes) => {
          if (minutes <= shown || latest.current?.startedAt !== state.startedAt) return;
          const current = latest.current;
          onTimer({ ...current, verifiedMinutes: (current.verifiedMinutes ?? 0) + minutes - shown });
        });
    },
  });

  // A pomodoro ends itself when its 25 minutes are up (also if they ran out while away), in a tab
  // that is seen: several tabs would each try.
  useEffect(() => {
    if (timer && timer.runningSince !== null && isPomodoroDone(timer, now) && isVisible())
      void stopRef.current();
  }, [timer, now]);

  // A timer kept from before the timer ran blocks (no `blockId` at all): its time is saved as it was
  // then, an unverified session, and the timer is done; the next one runs blocks.
  useEffect(() => {
    if (!timer || timer.blockId !== undefined || !isVisible()) return;
    void act(async () => {
      const state = latest.current;
      if (!state || state.blockId !== undefined) return;
      const durationSeconds = sessionSeconds(state, Date.now());
      try {
        if (durationSeconds >= 1)
          await api.post('/study-sessions', {
            durationSeconds,
            startedAt: state.startedAt,
            kind: state.kind,
          });
      } catch (error) {
        // Refused for good (started too long ago): nothing more to try. Otherwise it stays for later.
        if (!(error instanceof ApiError) || error.status !== 400) return;
      }
      onTimer(null);
      if (durationSeconds >= 1)
        toast({
          title: STUDY_MESSAGES.savedTitle,
          description: `Você estudou ${formatStudyTime(durationSeconds / 60)}. Bom trabalho!`,
        });
      void queryClient.invalidateQueries({ queryKey: userKeys.profile(userId) });
    });
  }, [timer, act, onTimer, queryClient, userId]);

  if (!open) return null;
  return (
    <StudyTimerPanel
      timer={timer}
      shown={shown}
      running={running}
      busy={busy}
      verifiedMinutes={verified}
      onStart={start}
      onPause={pause}
      onResume={resume}
      onStop={stop}
      onClose={onClose}
    />
  );
}
