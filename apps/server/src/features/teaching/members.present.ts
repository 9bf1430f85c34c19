import type { GroupMember } from '@estudai/contract';
import { foldForSearch } from '../../lib/search-text.ts';

// The members CSV: semicolons and a byte-order mark, so a pt-BR Excel opens it with accents intact.

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

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

/** A value a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n,]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

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
  return `${cells.map(csvCell).join(SEPARATOR)}\r\n`;
}

/** 'membros-fisica-para-o-enem-2026-11-26.csv'. */
export function csvFileName(groupName: string, now: Date): string {
  const slug = foldForSearch(groupName)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `membros-${slug || 'grupo'}-${now.toISOString().slice(0, 10)}.csv`;
}
