import type { SimuladoDetail } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type ClockReading, readServerClock } from '../server-clock.ts';
import { simuladoKeys } from './simulado-keys.ts';

/** One simulado, with the device's offset from the server's clock measured on the same call. */
export type SimuladoDetailWithClock = SimuladoDetail & { clock: ClockReading };

async function getSimulado(simuladoId: string, signal?: AbortSignal): Promise<SimuladoDetailWithClock> {
  const sentAt = Date.now();
  const detail = await api.get<SimuladoDetail>(`/simulados/${encodeURIComponent(simuladoId)}`, { signal });
  return { ...detail, clock: readServerClock(detail.serverNow, sentAt, Date.now()) };
}

const getSimuladoQueryOptions = (simuladoId: string) =>
  queryOptions({
    queryKey: simuladoKeys.detail(simuladoId),
    queryFn: ({ signal }) => getSimulado(simuladoId, signal),
  });

export const useSimulado = (simuladoId: string) =>
  useQuery({ ...getSimuladoQueryOptions(simuladoId), refetchOnMount: 'always' });
