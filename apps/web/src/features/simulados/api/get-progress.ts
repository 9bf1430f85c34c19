import type { SimuladoProgress } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

const getSimuladoProgress = (simuladoId: string, signal?: AbortSignal) =>
  api.get<SimuladoProgress>(`/simulados/${encodeURIComponent(simuladoId)}/progress`, { signal });

const getSimuladoProgressQueryOptions = (simuladoId: string) =>
  queryOptions({
    queryKey: simuladoKeys.progress(simuladoId),
    queryFn: ({ signal }) => getSimuladoProgress(simuladoId, signal),
  });

/** The organizer's list; `simulado:progress` events keep it current (live/use-progress-live.ts). */
export const useSimuladoProgress = (simuladoId: string, enabled: boolean) =>
  useQuery({ ...getSimuladoProgressQueryOptions(simuladoId), enabled, refetchOnMount: 'always' });
