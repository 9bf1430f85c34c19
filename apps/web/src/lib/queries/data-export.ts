import type { DataExport } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';

// A copy of an account's data (LGPD art. 18), asked by its owner on 'Meus dados' or by a linked
// teen's guardian on /responsavel: both follow it through `GET /api/me/export/{id}`, which answers
// whoever asked for it.

/** How often a running export is asked about (the server's job passes every 15 s). */
const EXPORT_POLL_MS = 3_000;

/** The last export asked for on this device under `key`, so coming back shows it (and its link) again. */
export function rememberedExportId(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberExport(key: string, id: string | null) {
  try {
    if (id) localStorage.setItem(key, id);
    else localStorage.removeItem(key);
  } catch {
    // Storage refused: the export is still shown until the page is left.
  }
}

export const isExportRunning = (data: DataExport | undefined) =>
  data?.status === 'pending' || data?.status === 'running';

export const getDataExportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['me', 'export', id],
    queryFn: ({ signal }) => api.get<DataExport>(`/me/export/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
    refetchInterval: (query) => (isExportRunning(query.state.data) ? EXPORT_POLL_MS : false),
  });

/** 202 with the new export; 409 (with the running one's id) while another runs. */
export function useRequestDataExport(request: () => Promise<DataExport>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (data) => queryClient.setQueryData(getDataExportQueryOptions(data.id).queryKey, data),
  });
}
