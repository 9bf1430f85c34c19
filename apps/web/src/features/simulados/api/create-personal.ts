import type { CreatePersonalSimuladoInput, SimuladoDetail } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const createPersonalSimulado = (input: CreatePersonalSimuladoInput) =>
  api.post<SimuladoDetail>('/simulados/personal', input);

/** 'Monte seu simulado': the server draws the questions; the page then opens the new simulado. */
export const useCreatePersonalSimulado = () => useMutation({ mutationFn: createPersonalSimulado });
