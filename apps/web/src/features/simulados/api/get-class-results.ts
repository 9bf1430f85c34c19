import type { SimuladoClassResults } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

const classResultsPath = (simuladoId: string) => `/simulados/${encodeURIComponent(simuladoId)}/class-results`;

const getClassResults = (simuladoId: string, signal?: AbortSignal) =>
  api.get<SimuladoClassResults>(classResultsPath(simuladoId), { signal });

const getClassResultsQueryOptions = (simuladoId: string) =>
  queryOptions({
    queryKey: simuladoKeys.classResults(simuladoId),
    queryFn: ({ signal }) => getClassResults(simuladoId, signal),
  });

/** The organizer's class results, once the window closed (issue 36). */
export const useClassResults = (simuladoId: string) => useQuery(getClassResultsQueryOptions(simuladoId));

/** The CSV: a plain link, the browser downloads the attachment. */
export const classResultsCsvUrl = (simuladoId: string) => `/api${classResultsPath(simuladoId)}.csv`;
