import { type SimuladoAnswerResult, SimuladoErrorCode } from '@estudai/contract/constants';
import { ApiError } from '../../../lib/api.ts';
import { saveAnswer } from '../api/attempt.ts';
import type { AnswerSendOutcome, QueuedAnswer } from './answer-queue.ts';

/**
 * One queued answer to the server. No reply, a 5xx, a 401, 408 or 429: try again later. The time
 * over (409 SIMULADO_ATTEMPT_ENDED): nothing more will be taken. Any other refusal never succeeds.
 */
export async function sendQueuedAnswer(
  simuladoId: string,
  answer: QueuedAnswer,
  onSaved: (result: SimuladoAnswerResult) => void = () => {},
): Promise<AnswerSendOutcome> {
  try {
    const result = await saveAnswer(simuladoId, answer.questionIndex, {
      optionIndex: answer.optionIndex,
      clientId: answer.clientId,
      answeredAt: answer.answeredAt,
    });
    onSaved(result);
    return 'sent';
  } catch (error) {
    if (!(error instanceof ApiError)) return 'offline';
    if (error.code === SimuladoErrorCode.attemptEnded) return 'ended';
    const retryLater = error.status === 0 || error.status >= 500 || [401, 408, 429].includes(error.status);
    return retryLater ? 'offline' : 'rejected';
  }
}
