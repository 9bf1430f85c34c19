import { WAITLIST_OBJECTIVE_LABELS } from '@estudai/contract';
import type { WaitlistEntry } from './waitlist.queries.ts';

/** Semicolon: the list separator of spreadsheets in pt-BR, so Excel splits the columns. */
const SEPARATOR = ';';
/** A byte-order mark so Excel reads the file as UTF-8 (accents intact). */
export const CSV_BOM = '\uFEFF';

export const CSV_HEADER = ['Nome', 'E-mail', 'Telefone', 'Objetivo', 'Cadastro (horário de Brasília)'];

const brasiliaTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/**
 * One cell: a value a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading
 * apostrophe (CSV injection); quotes, separators and line breaks are quoted as RFC 4180 says.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n,]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(SEPARATOR)}\r\n`;

export function toCsvLine(entry: WaitlistEntry): string {
  return csvLine([
    entry.name,
    entry.email,
    entry.phone,
    WAITLIST_OBJECTIVE_LABELS[entry.objective],
    brasiliaTime.format(entry.createdAt),
  ]);
}
