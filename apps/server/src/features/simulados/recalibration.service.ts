import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { firstAnswersTo } from '../posts/index.ts';
import { questionsAnsweredAtLeast } from '../study/index.ts';
import { CalibrationThread } from './calibration-thread.ts';
import { type Answer, MIN_RESPONSES_FOR_CALIBRATION } from './psychometrics.ts';
import {
  claimCalibrationRun,
  finishCalibrationRun,
  listFittedQuestions,
  upsertCalibrations,
} from './recalibration.queries.ts';

// The recalibration job: 3PL parameters for every question with at least 200 first answers of
// distinct users (post_answers has one per user and question), fitted by calibrate() off any request.

const RECALIBRATION_JOB = 'simulados.recalibrate';
/** One run per UTC hour, whichever process gets there first. */
const recalibrationPayloadSchema = z.strictObject({
  slot: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/),
});
export type RecalibrationPayload = z.infer<typeof recalibrationPayloadSchema>;

export function recalibrationJobFor(now: Date) {
  const payload: RecalibrationPayload = { slot: now.toISOString().slice(0, 13) };
  return { name: RECALIBRATION_JOB, payload, idempotencyKey: `${RECALIBRATION_JOB}:${payload.slot}` };
}

/** Questions fitted together (they share the users' abilities); a run fits at most MAX_ITEMS. */
const BATCH_ITEMS = 50;
const MAX_ITEMS = 2_000;

type Ref = { postId: string; questionIndex: number };
const keyOf = (ref: Ref) => `${ref.postId}:${ref.questionIndex}`;

/** Candidates whose answers changed since their last fit (or never fitted), never fitted first. */
async function itemsToFit(db: Tx): Promise<Ref[]> {
  const candidates = await questionsAnsweredAtLeast(db, MIN_RESPONSES_FOR_CALIBRATION);
  const fitted = await listFittedQuestions(db);
  const responsesAt = new Map(fitted.map((row) => [keyOf(row), row.responses]));
  return candidates
    .filter((item) => responsesAt.get(keyOf(item)) !== item.answers)
    .sort((a, b) => Number(responsesAt.has(keyOf(a))) - Number(responsesAt.has(keyOf(b))))
    .slice(0, MAX_ITEMS);
}

/** One batch: the response matrix (a row per user, null where they did not answer), fitted and stored. */
async function fitBatch(db: Tx, thread: CalibrationThread, items: Ref[], at: Date): Promise<void> {
  const column = new Map(items.map((item, j) => [keyOf(item), j]));
  const rows = new Map<string, (Answer | null)[]>();
  const counts = new Array<number>(items.length).fill(0);
  for (const answer of await firstAnswersTo(db, items)) {
    const j = column.get(keyOf(answer));
    if (j === undefined) continue;
    let row = rows.get(answer.userId);
    if (!row) {
      row = new Array<Answer | null>(items.length).fill(null);
      rows.set(answer.userId, row);
    }
    row[j] = answer.isCorrect ? 1 : 0;
    counts[j]!++;
  }
  const fit = await thread.fit([...rows.values()]);
  const values = items.map((item, j) => ({
    ...item,
    ...fit.items[j]!,
    responses: counts[j]!,
    calibratedAt: at,
  }));
  await upsertCalibrations(db, values);
}

/**
 * Runs the job for a slot once across every process: the slot's row is claimed first, and a run that
 * finds it taken does nothing (null). Answers how many questions were fitted.
 */
export async function runRecalibration(ctx: AppContext, input: RecalibrationPayload): Promise<number | null> {
  const payload = recalibrationPayloadSchema.parse(input);
  const { db } = ctx.database;
  const startedAt = ctx.clock();
  if (!(await claimCalibrationRun(db, payload.slot, startedAt))) return null;
  const items = await itemsToFit(db);
  if (items.length > 0) {
    // calibrate() may take seconds: off the event loop, so requests are served meanwhile.
    const thread = new CalibrationThread();
    try {
      for (let start = 0; start < items.length; start += BATCH_ITEMS)
        await fitBatch(db, thread, items.slice(start, start + BATCH_ITEMS), startedAt);
    } finally {
      await thread.close();
    }
  }
  await finishCalibrationRun(db, payload.slot, ctx.clock(), items.length);
  return items.length;
}
