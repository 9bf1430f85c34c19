import { OPTION_SHARES_MIN_ANSWERS } from '@estudai/contract';
import type { Tx } from '../../db/client.ts';
import { optionCountsOf } from './answers.queries.ts';

/**
 * 'What others chose' (issue 40): the share (0–1, three decimals) of first answers that chose each
 * of `optionCount` options, or null under OPTION_SHARES_MIN_ANSWERS answers (a few answers would say
 * more about who answered than about the question).
 */
function sharesFrom(counts: readonly (number | undefined)[] | undefined, optionCount: number) {
  const perOption = Array.from({ length: optionCount }, (_, index) => counts?.[index] ?? 0);
  const total = perOption.reduce((sum, n) => sum + n, 0);
  if (total < OPTION_SHARES_MIN_ANSWERS) return null;
  return perOption.map((n) => Math.round((n / total) * 1000) / 1000);
}

/** The option shares of several questions at once, by `postId:questionIndex`. */
export async function optionSharesOf(
  db: Tx,
  questions: readonly { postId: string; questionIndex: number; optionCount: number }[],
): Promise<Map<string, number[] | null>> {
  const counts = await optionCountsOf(db, questions);
  return new Map(
    questions.map((question) => {
      const key = `${question.postId}:${question.questionIndex}`;
      return [key, sharesFrom(counts.get(key), question.optionCount)];
    }),
  );
}
