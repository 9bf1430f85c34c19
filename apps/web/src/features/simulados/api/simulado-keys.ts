import { GROUPS_KEY } from '../../../lib/query-keys.ts';

// A group's list sits under the group keys (joining or leaving refreshes it); one simulado, its
// attempt, result and progress under ['simulados', id], refreshed together after a step.
export const simuladoKeys = {
  groupList: (groupId: string) => [GROUPS_KEY, 'simulados', groupId] as const,
  /** A student's own ('Monte seu simulado'). */
  personalList: () => ['simulados', 'personal'] as const,
  one: (simuladoId: string) => ['simulados', simuladoId] as const,
  detail: (simuladoId: string) => [...simuladoKeys.one(simuladoId), 'detail'] as const,
  result: (simuladoId: string) => [...simuladoKeys.one(simuladoId), 'result'] as const,
  progress: (simuladoId: string) => [...simuladoKeys.one(simuladoId), 'progress'] as const,
  print: (simuladoId: string) => [...simuladoKeys.one(simuladoId), 'print'] as const,
  paper: (simuladoId: string) => [...simuladoKeys.one(simuladoId), 'paper'] as const,
  classResults: (simuladoId: string) => [...simuladoKeys.one(simuladoId), 'class-results'] as const,
};
