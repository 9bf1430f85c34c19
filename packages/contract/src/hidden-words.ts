import { z } from 'zod';
import { HIDDEN_WORD_MAX, HIDDEN_WORDS_MAX, HIDDEN_WORDS_MESSAGES } from './hidden-words.constants.ts';

/** One word or phrase: trimmed, not empty, at most HIDDEN_WORD_MAX characters. */
export const hiddenWordSchema = z
  .string({ error: HIDDEN_WORDS_MESSAGES.wordRequired })
  .trim()
  .min(1, HIDDEN_WORDS_MESSAGES.wordRequired)
  .max(HIDDEN_WORD_MAX, HIDDEN_WORDS_MESSAGES.wordTooLong);

/**
 * `PUT /api/users/me/hidden-words`: the user's own list, replacing the one stored. `useDefaults`
 * turns the default list on or off for an adult; a minor's is always on (false answers 403).
 */
export const hiddenWordsInputSchema = z.strictObject({
  words: z
    .array(hiddenWordSchema, { error: HIDDEN_WORDS_MESSAGES.wordsRequired })
    .max(HIDDEN_WORDS_MAX, HIDDEN_WORDS_MESSAGES.tooMany),
  useDefaults: z.boolean().optional(),
});
export type HiddenWordsInput = z.infer<typeof hiddenWordsInputSchema>;

/** `GET /api/users/me/hidden-words`: the user's own words and the default list, apart. */
export const hiddenWordsSchema = z.object({
  words: z.array(z.string()),
  /** The default list of offensive and sexual terms (for everyone to read; applied when on). */
  defaults: z.array(z.string()),
  /** Whether the default list folds items for this user. */
  defaultsOn: z.boolean(),
  /** Minors cannot turn the default list off. */
  defaultsLocked: z.boolean(),
});
export type HiddenWords = z.infer<typeof hiddenWordsSchema>;
