import type {
  SimuladoPaperAnswersInput,
  SimuladoPaperEntry,
  SimuladoPaperSheet,
} from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

// 'Lançar respostas' (issue 42): whom a sheet may be typed for and those typed; typing one.

const getPaperSheet = (simuladoId: string, signal?: AbortSignal) =>
  api.get<SimuladoPaperSheet>(`/simulados/${encodeURIComponent(simuladoId)}/paper-answers`, { signal });

const enterPaperAnswers = (simuladoId: string, input: SimuladoPaperAnswersInput) =>
  api.post<SimuladoPaperEntry>(`/simulados/${encodeURIComponent(simuladoId)}/paper-answers`, input);

const getPaperSheetQueryOptions = (simuladoId: string) =>
  queryOptions({
    queryKey: simuladoKeys.paper(simuladoId),
    queryFn: ({ signal }) => getPaperSheet(simuladoId, signal),
  });

export const usePaperSheet = (simuladoId: string) => useQuery(getPaperSheetQueryOptions(simuladoId));

/** Types one sheet; the list, the progress and the simulado's figures are read again. */
export function useEnterPaperAnswers(simuladoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SimuladoPaperAnswersInput) => enterPaperAnswers(simuladoId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: simuladoKeys.one(simuladoId) }),
  });
}
