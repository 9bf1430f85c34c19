import {
  DECK_MESSAGES,
  EXAM_LABELS,
  type NotebookEntry,
  type NotebookExportFormat,
  SUBJECT_LABELS,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { type AnkiNote, textToAnkiHtml, writeApkg } from '../../lib/anki/apkg-write.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { allNotebookEntries } from './notebook.service.ts';

// `GET /api/notebook/export?format=apkg|csv`: the viewer's caderno de erros, to Anki (one note per
// entry: statement and options on the front; key, explanation and 'Por que errei?' on the back;
// tags for subject and topic) or to a spreadsheet.

const M = DECK_MESSAGES;
const LETTERS = 'ABCDE';

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const letter = (index: number) => LETTERS[index] ?? String(index + 1);

function statementWithOptions(entry: NotebookEntry): string {
  const { questionData } = entry.question;
  const options = questionData.options.map((option, index) => `${letter(index)}) ${option}`);
  return [questionData.question, '', ...options].join('\n');
}

function keyOf(entry: NotebookEntry): string {
  const { correctAnswer, options } = entry.question.questionData;
  if (correctAnswer === undefined) return '';
  return `${letter(correctAnswer)}) ${options[correctAnswer] ?? ''}`.trim();
}

function backOf(entry: NotebookEntry): string {
  const { explanation } = entry.question.questionData;
  const key = keyOf(entry);
  const parts = [
    key ? `${M.exportKey}: ${key}` : '',
    explanation ? `${M.exportExplanation}: ${explanation}` : '',
    entry.note ? `${M.exportWhyWrong} ${entry.note}` : '',
  ];
  return parts.filter(Boolean).join('\n\n');
}

/** Tags 'materia::biologia' and 'assunto::genetica' style: Anki's hierarchical tags. */
function tagsOf(entry: NotebookEntry): string[] {
  const { subject, topic } = entry.question.questionData;
  return [subject ? `materia::${subject}` : '', topic ? `assunto::${topic}` : ''].filter(Boolean);
}

function toAnkiNote(entry: NotebookEntry): AnkiNote {
  return {
    sourceId: entry.id,
    front: textToAnkiHtml(statementWithOptions(entry)),
    back: textToAnkiHtml(backOf(entry)),
    tags: tagsOf(entry),
  };
}

const CSV_HEADER = [
  'enunciado',
  'alternativas',
  'gabarito',
  'explicacao',
  'por_que_errei',
  'materia',
  'assunto',
  'banca',
  'ano',
];

function csvOf(entries: NotebookEntry[]): string {
  const lines = entries.map((entry) => {
    const data = entry.question.questionData;
    return csvLine([
      data.question,
      data.options.map((option, index) => `${letter(index)}) ${option}`).join('\n'),
      data.correctAnswer === undefined ? '' : letter(data.correctAnswer),
      data.explanation ?? '',
      entry.note,
      data.subject ? SUBJECT_LABELS[data.subject] : '',
      data.topic ?? '',
      data.exam ? EXAM_LABELS[data.exam] : '',
      data.year ? String(data.year) : '',
    ]);
  });
  return CSV_BOM + csvLine(CSV_HEADER) + lines.join('');
}

export async function exportNotebook(
  ctx: AppContext,
  viewer: SessionUser,
  format: NotebookExportFormat,
): Promise<ExportFile> {
  const entries = await allNotebookEntries(ctx, viewer);
  if (format === 'csv') {
    return {
      fileName: 'caderno-de-erros.csv',
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(csvOf(entries), 'utf8'),
    };
  }
  const bytes = await writeApkg(M.exportDeckName, entries.map(toAnkiNote), ctx.clock());
  return {
    fileName: 'caderno-de-erros.apkg',
    contentType: 'application/octet-stream',
    body: Buffer.from(bytes),
  };
}
