import type { DataExport } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** How often a running export is asked about (the server's job passes every 15 s). */
export const EXPORT_POLL_MS = 3_000;
const STORAGE_KEY = 'dataExport';

/** The last export asked for on this device, so coming back shows it (and its link) again. */
export function rememberedExportId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberExport(id: string | null) {
  try {
    if (id) localStorage.setItem(STORAGE_KEY, id);
    else localStorage.removeItem(STORAGE_KEY);
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

export const requestDataExport = () => api.post<DataExport>('/me/export');

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (data) => queryClient.setQueryData(getDataExportQueryOptions(data.id).queryKey, data),
  });
}
