import type { SimuladoAnswerInput, SimuladoAnswerResult, SimuladoAttempt } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

// The taker's calls: start the one attempt, save each answer, hand in early.

const base = (simuladoId: string) => `/simulados/${encodeURIComponent(simuladoId)}`;

const startAttempt = (simuladoId: string) => api.post<SimuladoAttempt>(`${base(simuladoId)}/attempts`);

/** Idempotent by `clientId`: sending the same choice again changes nothing. */
export const saveAnswer = (simuladoId: string, questionIndex: number, input: SimuladoAnswerInput) =>
  api.put<SimuladoAnswerResult>(`${base(simuladoId)}/attempts/me/answers/${questionIndex}`, input);

export const submitAttempt = (simuladoId: string) =>
  api.post<SimuladoAttempt>(`${base(simuladoId)}/attempts/me/submit`);

export function useStartAttempt(simuladoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startAttempt(simuladoId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simuladoKeys.one(simuladoId) }),
  });
}
