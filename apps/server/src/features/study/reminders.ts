import { REMINDER_FIRST_HOUR, REMINDER_LAST_HOUR } from '@estudai/contract';
import { studyDay, studyHour } from '../../lib/study-days.ts';

// When the daily review reminder goes out, as a pure rule (the clock is passed in), and the job it
// becomes: a name, a payload and an idempotency key, ready for the durable queue of a later issue.

const REMINDER_JOB = 'study.daily-reminder';

export interface ReminderPayload {
  userId: string;
  /** The Brasília day it is for, 'YYYY-MM-DD': one reminder per user and day. */
  day: string;
}

export interface ReminderJob {
  name: typeof REMINDER_JOB;
  payload: ReminderPayload;
  idempotencyKey: string;
}

export interface ReminderSetting {
  userId: string;
  enabled: boolean;
  hour: number;
  /** The Brasília day the last reminder went out, 'YYYY-MM-DD'. */
  lastSentDay: string | null;
}

/** Never between 22:00 and 07:00 Brasília time. */
export const isQuietHour = (hour: number) => hour < REMINDER_FIRST_HOUR || hour > REMINDER_LAST_HOUR;

/**
 * The reminder owed to this user at `now`, or null: opted in, the chosen hour reached, outside the
 * quiet hours, and none sent yet today. Whether cards are due is the job's to check.
 */
export function reminderJobFor(setting: ReminderSetting, now: Date): ReminderJob | null {
  const hour = studyHour(now);
  const day = studyDay(now);
  if (!setting.enabled || isQuietHour(hour) || hour < setting.hour) return null;
  if (setting.lastSentDay !== null && setting.lastSentDay >= day) return null;
  return {
    name: REMINDER_JOB,
    payload: { userId: setting.userId, day },
    idempotencyKey: `${REMINDER_JOB}:${setting.userId}:${day}`,
  };
}
