import { describe, expect, it } from 'vitest';
import {
  elapsedMs,
  formatClock,
  isPomodoroDone,
  pauseTimer,
  readTimer,
  resumeTimer,
  sessionSeconds,
  startTimer,
  writeTimer,
} from './timer-state.ts';

const t0 = Date.parse('2026-03-10T14:00:00Z');
const min = 60_000;

describe('study timer state', () => {
  it('counts running time only, across pauses', () => {
    let timer = startTimer('timer', t0);
    timer = pauseTimer(timer, t0 + 10 * min);
    expect(elapsedMs(timer, t0 + 60 * min)).toBe(10 * min);
    timer = resumeTimer(timer, t0 + 60 * min);
    expect(elapsedMs(timer, t0 + 65 * min)).toBe(15 * min);
    expect(sessionSeconds(timer, t0 + 65 * min)).toBe(15 * 60);
    expect(timer.startedAt).toBe('2026-03-10T14:00:00.000Z');
  });

  it('caps a pomodoro at 25 minutes and a timer at 12 hours', () => {
    const pomodoro = startTimer('pomodoro', t0);
    expect(isPomodoroDone(pomodoro, t0 + 24 * min)).toBe(false);
    expect(isPomodoroDone(pomodoro, t0 + 25 * min)).toBe(true);
    expect(sessionSeconds(pomodoro, t0 + 90 * min)).toBe(25 * 60);
    expect(sessionSeconds(startTimer('timer', t0), t0 + 13 * 60 * min)).toBe(12 * 3600);
  });

  it('survives a reload through localStorage, per user, and ignores damaged values', () => {
    const timer = pauseTimer(startTimer('timer', t0), t0 + 5 * min);
    writeTimer('u-ana', timer);
    expect(readTimer('u-ana')).toEqual(timer);
    expect(readTimer('u-bruno')).toBeNull();
    localStorage.setItem('studyTimer:u-ana', '{"kind":"nap"}');
    expect(readTimer('u-ana')).toBeNull();
    writeTimer('u-ana', null);
    expect(localStorage.getItem('studyTimer:u-ana')).toBeNull();
  });

  it('shows mm:ss, and h:mm:ss from an hour up', () => {
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(3_725)).toBe('1:02:05');
  });
});
