import { IMPORT_MESSAGES } from '@estudai/contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FormatError, type ParseResult } from './parsed.ts';

// Moodle XML through fast-xml-parser: `multichoice` (single answer) and `truefalse`; `category`
// questions name the quiz the next ones go to. The texts are HTML in Moodle: they become plain text
// (paragraphs and <br> as new lines, entities decoded); LaTeX ($…$, \(…\), $$…$$) is text and stays.
// Tags `materia:…`, `assunto:…`, `banca:…`, `ano:…` carry Estudaí's metadata (the export writes them).

/** A `<file>` embedded in a text (base64), named as `@@PLUGINFILE@@/name` refers to it. */
export interface EmbeddedFile {
  name: string;
  base64: string;
}

interface TextNode {
  text?: string;
  file?: { '#text'?: string; '@_name'?: string; '@_encoding'?: string }[];
  '@_format'?: string;
}
interface AnswerNode extends TextNode {
  '@_fraction'?: string;
}
interface QuestionNode {
  '@_type'?: string;
  name?: TextNode;
  questiontext?: TextNode;
  generalfeedback?: TextNode;
  answer?: AnswerNode[];
  single?: string;
  category?: TextNode;
  tags?: { tag?: TextNode[] };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['question', 'answer', 'file', 'tag'].includes(name),
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Moodle's HTML as plain text; `<img src="@@PLUGINFILE@@/x.png">` becomes a `[imagem: x.png]` mark. */
function htmlToText(html: string): string {
  return html
    .replace(
      /<img\b[^>]*?src="@@PLUGINFILE@@\/([^"]+)"[^>]*>/gi,
      (_m, name: string) => `[imagem: ${decodeURIComponent(name)}]`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

function textOf(node: TextNode | undefined): string {
  const raw = typeof node?.text === 'string' ? node.text : '';
  return node?.['@_format'] === 'plain_text' || node?.['@_format'] === 'markdown'
    ? raw.trim()
    : htmlToText(raw);
}

/** The line of each `<question` element, in document order (the parser gives no positions). */
function questionLines(xml: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let last = 0;
  for (const match of xml.matchAll(/<question[\s>]/g)) {
    for (let i = last; i < match.index; i++) if (xml.charCodeAt(i) === 10) line++;
    last = match.index;
    lines.push(line);
  }
  return lines;
}

function tagsOf(question: QuestionNode): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const tag of question.tags?.tag ?? []) {
    const match = /^(materia|assunto|banca|ano):(.*)$/s.exec(textOf(tag));
    if (match?.[1]) meta[match[1]] = match[2]?.trim() ?? '';
  }
  return meta;
}

export function parseMoodleXml(xml: string): ParseResult & { files: EmbeddedFile[] } {
  if (XMLValidator.validate(xml) !== true) throw new FormatError(IMPORT_MESSAGES.notMoodleXml);
  const document = parser.parse(xml) as { quiz?: { question?: QuestionNode[] } | string };
  const quiz = document.quiz;
  if (!quiz || typeof quiz === 'string' || !quiz.question)
    throw new FormatError(IMPORT_MESSAGES.notMoodleXml);
  const lines = questionLines(xml);
  const result: ParseResult & { files: EmbeddedFile[] } = { questions: [], errors: [], files: [] };
  let category: string | undefined;
  quiz.question.forEach((question, index) => {
    const line = lines[index] ?? index + 1;
    const type = question['@_type'];
    if (type === 'category') {
      const path = textOf(question.category).replace(/^\$(course|system|module|cat\d*)\$\//, '');
      category = path
        .replace(/^top\/?/, '')
        .split('/')
        .filter(Boolean)
        .pop();
      return;
    }
    if (type !== 'multichoice' && type !== 'truefalse') {
      result.errors.push({ line, message: IMPORT_MESSAGES.unsupportedType });
      return;
    }
    for (const node of [question.questiontext, question.generalfeedback, ...(question.answer ?? [])]) {
      for (const file of node?.file ?? []) {
        if (file['@_name'] && file['#text'])
          result.files.push({ name: file['@_name'], base64: file['#text'] });
      }
    }
    const answers = question.answer ?? [];
    const fractions = answers.map((answer) => Number(answer['@_fraction'] ?? 0));
    const best = fractions.filter((fraction) => fraction >= 100).length;
    if (best === 0) {
      result.errors.push({ line, message: IMPORT_MESSAGES.noCorrect });
      return;
    }
    if (best > 1) {
      result.errors.push({ line, message: IMPORT_MESSAGES.manyCorrect });
      return;
    }
    const options =
      type === 'truefalse'
        ? answers.map((answer) => (textOf(answer).toLowerCase() === 'true' ? 'Verdadeiro' : 'Falso'))
        : answers.map(textOf);
    const meta = tagsOf(question);
    result.questions.push({
      line,
      question: textOf(question.questiontext),
      options,
      correctAnswer: fractions.findIndex((fraction) => fraction >= 100),
      explanation: textOf(question.generalfeedback) || undefined,
      subject: meta.materia,
      topic: meta.assunto,
      exam: meta.banca,
      year: meta.ano,
      ...(category ? { category } : {}),
    });
  });
  return result;
}
