import {
  POMODORO_SECONDS,
  STUDY_SESSION_MAX_SECONDS,
  type StudySessionKind,
} from '@estudai/contract/constants';

/** A timer in progress; it lives in localStorage so a reload (or a closed tab) keeps it. */
export interface TimerState {
  kind: StudySessionKind;
  /** When the session first started (ISO), sent with the session. */
  startedAt: string;
  /** Epoch ms since when it runs now, or null while paused. */
  runningSince: number | null;
  /** Time counted before the current run, in ms. */
  accumulatedMs: number;
  /**
   * The focus block on the server while it runs (issue 39: the timer counts verified minutes as a
   * room does). Each run is a block: a pause ends it, 'Continuar' starts the next. Absent in a timer
   * kept from before; null once ended.
   */
  blockId?: string | null;
  /** Verified minutes of this timer's blocks that ended (the running one's come with its heartbeats). */
  verifiedMinutes?: number;
}

const timerStorageKey = (userId: string) => `studyTimer:${userId}`;

export function startTimer(kind: StudySessionKind, now: number, blockId: string | null = null): TimerState {
  return {
    kind,
    startedAt: new Date(now).toISOString(),
    runningSince: now,
    accumulatedMs: 0,
    blockId,
    verifiedMinutes: 0,
  };
}

export function pauseTimer(state: TimerState, now: number): TimerState {
  if (state.runningSince === null) return state;
  return { ...state, runningSince: null, accumulatedMs: state.accumulatedMs + (now - state.runningSince) };
}

export function resumeTimer(state: TimerState, now: number): TimerState {
  return state.runningSince === null ? { ...state, runningSince: now } : state;
}

export const elapsedMs = (state: TimerState, now: number) =>
  state.accumulatedMs + (state.runningSince === null ? 0 : Math.max(0, now - state.runningSince));

/** Whole seconds to record: capped at the pomodoro's 25 minutes or the 12-hour maximum. */
export function sessionSeconds(state: TimerState, now: number): number {
  const seconds = Math.floor(elapsedMs(state, now) / 1000);
  return Math.min(seconds, state.kind === 'pomodoro' ? POMODORO_SECONDS : STUDY_SESSION_MAX_SECONDS);
}

export const isPomodoroDone = (state: TimerState, now: number) =>
  state.kind === 'pomodoro' && elapsedMs(state, now) >= POMODORO_SECONDS * 1000;

/** 'h:mm:ss' from an hour up, otherwise 'mm:ss'. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

export function readTimer(userId: string): TimerState | null {
  try {
    const raw = localStorage.getItem(timerStorageKey(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<TimerState>;
    const valid =
      (value.kind === 'timer' || value.kind === 'pomodoro') &&
      typeof value.startedAt === 'string' &&
      !Number.isNaN(Date.parse(value.startedAt)) &&
      (value.runningSince === null || typeof value.runningSince === 'number') &&
      typeof value.accumulatedMs === 'number' &&
      (value.blockId == null || typeof value.blockId === 'string') &&
      (value.verifiedMinutes == null || typeof value.verifiedMinutes === 'number');
    return valid ? (value as TimerState) : null;
  } catch {
    return null;
  }
}

export function writeTimer(userId: string, state: TimerState | null) {
  try {
    if (state) localStorage.setItem(timerStorageKey(userId), JSON.stringify(state));
    else localStorage.removeItem(timerStorageKey(userId));
  } catch {
    // Storage refused: the timer still runs in this page, it only would not survive a reload.
  }
}
