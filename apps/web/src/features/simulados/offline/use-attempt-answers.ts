import type { SimuladoAnswerResult, SimuladoSavedAnswer } from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { SimuladoDetailWithClock } from '../api/get-simulado.ts';
import { simuladoKeys } from '../api/simulado-keys.ts';
import { enqueueAnswer, flushAnswerQueue, readAnswerQueue, subscribeToAnswerQueue } from './answer-queue.ts';
import { sendQueuedAnswer } from './send-answer.ts';

/** While answers wait, the queue is tried again this often (a server that failed, a flaky network). */
const RETRY_MS = 5_000;

/**
 * The attempt's answers as the screen shows them: those the server saved, with the choices still
 * queued on the device on top (they are newer). Each choice is queued, then sent; the queue is sent
 * again when the connection returns, every few seconds while something waits, and on start (a
 * reload). A change made in another tab reaches this one through the storage event: the saved
 * answers are asked again.
 */
export function useAttemptAnswers(
  userId: string,
  simuladoId: string,
  saved: SimuladoSavedAnswer[],
  onEnded: () => void,
) {
  const queryClient = useQueryClient();
  const queueJson = useSyncExternalStore(
    subscribeToAnswerQueue,
    () => JSON.stringify(readAnswerQueue(userId, simuladoId)),
    () => '[]',
  );
  const queue = useMemo(() => JSON.parse(queueJson) as ReturnType<typeof readAnswerQueue>, [queueJson]);

  const sync = useCallback(async () => {
    // The stored answer (the latest choice by answeredAt) replaces the one the screen had.
    const handleSaved = ({ index, optionIndex, answeredAt }: SimuladoAnswerResult) =>
      queryClient.setQueryData<SimuladoDetailWithClock>(simuladoKeys.detail(simuladoId), (detail) =>
        detail?.attempt
          ? {
              ...detail,
              attempt: {
                ...detail.attempt,
                answers: [
                  ...detail.attempt.answers.filter((answer) => answer.index !== index),
                  { index, optionIndex, answeredAt },
                ],
              },
            }
          : detail,
      );
    const { sent, ended } = await flushAnswerQueue(userId, simuladoId, (answer) =>
      sendQueuedAnswer(simuladoId, answer, handleSaved),
    );
    if (ended) onEnded();
    return sent;
  }, [userId, simuladoId, onEnded, queryClient]);

  useEffect(() => {
    const handleOnline = () => void sync();
    void sync();
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, [sync]);

  const hasPending = queue.length > 0;
  useEffect(() => {
    if (!hasPending) return;
    const timer = window.setInterval(() => void sync(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [hasPending, sync]);

  // Another tab saved or queued something: this one asks the server for the saved answers.
  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key?.endsWith(`:${simuladoId}`))
        void queryClient.invalidateQueries({ queryKey: simuladoKeys.detail(simuladoId) });
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [queryClient, simuladoId]);

  const answers = useMemo(() => {
    const map = new Map<number, number>();
    for (const answer of saved) map.set(answer.index, answer.optionIndex);
    for (const answer of queue) map.set(answer.questionIndex, answer.optionIndex);
    return map;
  }, [saved, queue]);

  const choose = (questionIndex: number, optionIndex: number) => {
    enqueueAnswer(userId, simuladoId, {
      questionIndex,
      optionIndex,
      clientId: crypto.randomUUID(),
      answeredAt: new Date().toISOString(),
    });
    void sync();
  };

  return { answers, pendingCount: queue.length, choose, sync };
}
