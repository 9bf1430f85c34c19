import type { Simulado } from '@estudai/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

/** The latest of a student's own simulados: one page, the list under 'Monte seu simulado'. */
const LIST_LIMIT = 20;

const getPersonalSimulados = (signal?: AbortSignal) =>
  api.getPage<Simulado>(`/simulados/personal?limit=${LIST_LIMIT}`, { signal });

/** Asked afresh whenever the page opens: attempts start and finish, windows close. */
export const usePersonalSimulados = () =>
  useQuery({
    queryKey: simuladoKeys.personalList(),
    queryFn: ({ signal }) => getPersonalSimulados(signal),
    refetchOnMount: 'always',
  });
