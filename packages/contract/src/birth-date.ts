import { z } from 'zod';
import { brasiliaToday } from './dates.ts';
import { ageOn, isCalendarDate, MAX_AGE, MINORS_MESSAGES } from './minors.constants.ts';

/**
 * A birth date as 'YYYY-MM-DD' (what `<input type="date">` gives): a real day, not in the future
 * (Brasília's today), and not 130 years ago or more. Whether the person is old enough to sign up
 * is the server's rule (12, LGPD art. 14), answered with its own message.
 */
export const birthDateSchema = z
  .string({ error: MINORS_MESSAGES.birthDateRequired })
  .trim()
  .min(1, MINORS_MESSAGES.birthDateRequired)
  .refine(isCalendarDate, MINORS_MESSAGES.birthDateInvalid)
  .refine((value) => value <= brasiliaToday(), MINORS_MESSAGES.birthDateFuture)
  .refine((value) => ageOn(value, brasiliaToday()) < MAX_AGE, MINORS_MESSAGES.birthDateTooOld);
