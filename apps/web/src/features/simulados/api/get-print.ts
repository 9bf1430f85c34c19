import type { SimuladoPrint } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

const getSimuladoPrint = (simuladoId: string, signal?: AbortSignal) =>
  api.get<SimuladoPrint>(`/simulados/${encodeURIComponent(simuladoId)}/print`, { signal });

const getSimuladoPrintQueryOptions = (simuladoId: string) =>
  queryOptions({
    queryKey: simuladoKeys.print(simuladoId),
    queryFn: ({ signal }) => getSimuladoPrint(simuladoId, signal),
  });

/** The booklet's statements and options (organizers only; never the keys). */
export const useSimuladoPrint = (simuladoId: string) => useQuery(getSimuladoPrintQueryOptions(simuladoId));
