import type { SimuladoResult } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

const getSimuladoResult = (simuladoId: string, signal?: AbortSignal) =>
  api.get<SimuladoResult>(`/simulados/${encodeURIComponent(simuladoId)}/attempts/me/result`, { signal });

const getSimuladoResultQueryOptions = (simuladoId: string) =>
  queryOptions({
    queryKey: simuladoKeys.result(simuladoId),
    queryFn: ({ signal }) => getSimuladoResult(simuladoId, signal),
  });

/** Asked afresh on each visit: the ranking appears once the window closes. */
export const useSimuladoResult = (simuladoId: string) =>
  useQuery({ ...getSimuladoResultQueryOptions(simuladoId), refetchOnMount: 'always' });
