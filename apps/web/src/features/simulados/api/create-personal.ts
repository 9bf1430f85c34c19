import type { CreatePersonalSimuladoInput, SimuladoDetail } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

const createPersonalSimulado = (input: CreatePersonalSimuladoInput) =>
  api.post<SimuladoDetail>('/simulados/personal', input);

/** 'Monte seu simulado': the server draws the questions; the page then opens the new simulado. */
export function useCreatePersonalSimulado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPersonalSimulado,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simuladoKeys.personalList() }),
  });
}
