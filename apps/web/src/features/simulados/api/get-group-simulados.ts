import type { Simulado } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

/** The list a group shows is short (a few a month): one page of the maximum size. */
const LIST_LIMIT = 50;

const getGroupSimulados = (groupId: string, signal?: AbortSignal) =>
  api.getPage<Simulado>(`/study-groups/${encodeURIComponent(groupId)}/simulados?limit=${LIST_LIMIT}`, {
    signal,
  });

const getGroupSimuladosQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: simuladoKeys.groupList(groupId),
    queryFn: ({ signal }) => getGroupSimulados(groupId, signal),
  });

/** Asked afresh whenever the tab opens: windows open and close, attempts start. */
export const useGroupSimulados = (groupId: string) =>
  useQuery({ ...getGroupSimuladosQueryOptions(groupId), refetchOnMount: 'always' });
