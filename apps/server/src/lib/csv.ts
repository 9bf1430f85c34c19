// The app's one CSV writer (the waiting list, a group's members): what a pt-BR spreadsheet opens
// as it is. Semicolons, the list separator of spreadsheets in pt-BR, so Excel splits the columns;
// CRLF line ends (RFC 4180); a byte-order mark before the first line, so Excel reads UTF-8 with its
// accents intact.

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

/** What a spreadsheet would run as a formula: = + - @ first, or a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What makes a cell need quotes: a quote, a separator (';', or ',' for a reader that guesses it) or a line break. */
const NEEDS_QUOTES = /[";\r\n,]/;

/**
 * One cell: a value a spreadsheet would run as a formula gets a leading apostrophe (CSV
 * injection); quotes, separators and line breaks are quoted as RFC 4180 says.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells, CRLF included. */
export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(SEPARATOR)}\r\n`;
