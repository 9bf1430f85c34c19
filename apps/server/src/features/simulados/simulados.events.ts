import type { AppContext } from '../../context.ts';
import { dropCalibration, regradeSimuladoQuestion } from './simulados.queries.ts';

/**
 * Issue 40: a corrected key re-grades every answer, simulados' too, in the correction's transaction:
 * the simulados holding the question take the new key and their answers are graded again (results,
 * figures, ranking and paper sheets follow), and the item's calibration, fitted with the old key,
 * goes (its estimate uses the default parameters until the next hourly fit, which takes it first).
 */
export function subscribeSimulados(ctx: AppContext): void {
  ctx.events.on('question.reviewed', async (tx, review) => {
    if (review.outcome !== 'key_corrected') return;
    const ref = { postId: review.postId, questionIndex: review.questionIndex };
    await regradeSimuladoQuestion(tx, ref, review.correctAnswer);
    await dropCalibration(tx, ref);
  });
}
