import type { CreateSimuladoInput, SimuladoDetail, UpdateSimuladoInput } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { simuladoKeys } from './simulado-keys.ts';

// The organizer's calls: create a draft, edit it, publish it. Each refreshes the group's list.

const createSimulado = (groupId: string, input: CreateSimuladoInput) =>
  api.post<SimuladoDetail>(`/study-groups/${encodeURIComponent(groupId)}/simulados`, input);

const updateSimulado = (simuladoId: string, input: UpdateSimuladoInput) =>
  api.patch<SimuladoDetail>(`/simulados/${encodeURIComponent(simuladoId)}`, input);

const publishSimulado = (simuladoId: string) =>
  api.post<SimuladoDetail>(`/simulados/${encodeURIComponent(simuladoId)}/publish`);

function useRefresh() {
  const queryClient = useQueryClient();
  return (detail: SimuladoDetail) => {
    if (detail.studyGroupId)
      void queryClient.invalidateQueries({ queryKey: simuladoKeys.groupList(detail.studyGroupId) });
    void queryClient.invalidateQueries({ queryKey: simuladoKeys.one(detail.id) });
  };
}

export function useCreateSimulado(groupId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateSimuladoInput) => createSimulado(groupId, input),
    onSuccess: refresh,
  });
}

export function useUpdateSimulado(simuladoId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: UpdateSimuladoInput) => updateSimulado(simuladoId, input),
    onSuccess: refresh,
  });
}

export function usePublishSimulado(simuladoId: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => publishSimulado(simuladoId), onSuccess: refresh });
}
