import { type IMPORT_CSV_COLUMNS, IMPORT_MESSAGES } from '@estudai/contract';
import { lazyModule } from '../../lib/lazy-module.ts';
import { FormatError, type ParseResult } from './parsed.ts';

// The CSV template (docs/features.md): a header row with IMPORT_CSV_COLUMNS, comma or semicolon
// separated (Excel in pt-BR writes ';'), then one question a row; options A–E, key a letter.

const csvParse = lazyModule<typeof import('csv-parse/sync')>('csv-parse/sync');

type Row = Partial<Record<(typeof IMPORT_CSV_COLUMNS)[number], string>>;
const REQUIRED = ['enunciado', 'alternativa_a', 'alternativa_b', 'gabarito'];
const OPTION_COLUMNS = [
  'alternativa_a',
  'alternativa_b',
  'alternativa_c',
  'alternativa_d',
  'alternativa_e',
] as const;

export function parseCsv(text: string): ParseResult {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  let records: { record: Row; info: { lines: number } }[];
  try {
    records = csvParse().parse(text, {
      bom: true,
      delimiter,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    });
  } catch {
    throw new FormatError(IMPORT_MESSAGES.notCsv);
  }
  const header = firstLine.toLowerCase();
  if (!REQUIRED.every((column) => header.includes(column))) throw new FormatError(IMPORT_MESSAGES.notCsv);
  const result: ParseResult = { questions: [], errors: [] };
  for (const { record, info } of records) {
    const line = info.lines;
    const options = OPTION_COLUMNS.map((column) => record[column]?.trim() ?? '');
    while (options.length > 0 && options[options.length - 1] === '') options.pop();
    const key = (record.gabarito ?? '').trim().toUpperCase();
    if (!/^[A-E]$/.test(key)) {
      result.errors.push({ line, message: IMPORT_MESSAGES.keyInvalid });
      continue;
    }
    result.questions.push({
      line,
      question: record.enunciado?.trim() ?? '',
      options,
      correctAnswer: key.charCodeAt(0) - 65,
      explanation: record.explicacao?.trim(),
      subject: record.materia,
      topic: record.assunto,
      exam: record.banca,
      year: record.ano,
    });
  }
  return result;
}
