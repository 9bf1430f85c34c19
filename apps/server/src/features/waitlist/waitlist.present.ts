import { WAITLIST_OBJECTIVE_LABELS } from '@estudai/contract';
import { csvLine } from '../../lib/csv.ts';
import type { WaitlistEntry } from './waitlist.queries.ts';

// The waiting list's CSV, written by lib/csv.ts (semicolons, CRLF and a byte-order mark for a pt-BR Excel).

export { CSV_BOM, csvLine } from '../../lib/csv.ts';

export const CSV_HEADER = ['Nome', 'E-mail', 'Telefone', 'Objetivo', 'Cadastro (horário de Brasília)'];

const brasiliaTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});

export function toCsvLine(entry: WaitlistEntry): string {
  return csvLine([
    entry.name,
    entry.email,
    entry.phone,
    WAITLIST_OBJECTIVE_LABELS[entry.objective],
    brasiliaTime.format(entry.createdAt),
  ]);
}
