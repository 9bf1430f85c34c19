import type { GroupMember } from '@estudai/contract';
import { csvLine } from '../../lib/csv.ts';
import { foldForSearch } from '../../lib/search-text.ts';

// The members CSV, written by lib/csv.ts (semicolons, CRLF and a byte-order mark for a pt-BR Excel).

export { CSV_BOM } from '../../lib/csv.ts';

export const MEMBERS_CSV_HEADER = [
  'Nome',
  'Usuário',
  'Entrou em',
  'Acesso até',
  'Pagante',
  'Última atividade',
  'Respostas',
  'Simulados',
];

const brasilia = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});
const when = (iso: string | null) => (iso ? brasilia.format(new Date(iso)) : '');

export function membersCsvLine(member: GroupMember | string[]): string {
  const cells = Array.isArray(member)
    ? member
    : [
        member.displayName,
        member.username,
        when(member.joinedAt),
        member.isPaying ? when(member.accessEndsAt) || 'Vitalício' : '',
        member.isPaying ? 'Sim' : 'Não',
        when(member.lastActiveAt),
        String(member.answersCount),
        String(member.simuladosCount),
      ];
  return csvLine(cells);
}

/** 'membros-fisica-para-o-enem-2026-11-26.csv'. */
export function csvFileName(groupName: string, now: Date): string {
  const slug = foldForSearch(groupName)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `membros-${slug || 'grupo'}-${now.toISOString().slice(0, 10)}.csv`;
}
