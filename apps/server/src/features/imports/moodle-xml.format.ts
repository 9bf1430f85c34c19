import { IMPORT_MESSAGES } from '@estudai/contract';
import type { XMLParser } from 'fast-xml-parser';
import { lazyModule } from '../../lib/lazy-module.ts';
import { FormatError, type ParseResult, type RawImage } from './parsed.ts';

// Moodle XML through fast-xml-parser: `multichoice` (single answer) and `truefalse`; `category`
// questions name the quiz the next ones go to. The texts are HTML in Moodle: they become plain text
// (paragraphs and <br> as new lines, entities decoded); LaTeX ($…$, \(…\), $$…$$) is text and stays.
// Tags `materia:…`, `assunto:…`, `banca:…`, `ano:…` carry Estudaí's metadata (the export writes them).

const FIRST_IMAGE = /<img\b[^>]*?src="@@PLUGINFILE@@\/([^"]+)"[^>]*>/i;

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

const fastXmlParser = lazyModule<typeof import('fast-xml-parser')>('fast-xml-parser');
let parser: XMLParser | undefined;
/** The parser with Moodle's settings, made on the first import. */
function moodleParser(): XMLParser {
  parser ??= new (fastXmlParser().XMLParser)({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: true,
    isArray: (name) => ['question', 'answer', 'file', 'tag'].includes(name),
  });
  return parser;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Moodle's HTML as plain text; an `<img src="@@PLUGINFILE@@/x.png">` that is not the statement's
 * image (shown beside the question) becomes a `[imagem: x.png]` mark.
 */
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

/**
 * The statement's first embedded image (issue 42): its name and its `<file>`'s base64 (null when the
 * question has no `<file>` of that name), and the statement without it (the image is shown beside).
 */
function statementImage(question: QuestionNode): { node: TextNode | undefined; image?: RawImage } {
  const node = question.questiontext;
  const html = typeof node?.text === 'string' ? node.text : '';
  const match = node?.['@_format'] === 'plain_text' ? null : FIRST_IMAGE.exec(html);
  if (!match?.[1]) return { node };
  let name = match[1];
  try {
    name = decodeURIComponent(name);
  } catch {
    // A name with a stray '%' is kept as written.
  }
  const files = [question.questiontext, question.generalfeedback, ...(question.answer ?? [])].flatMap(
    (holder) => holder?.file ?? [],
  );
  const file = files.find((candidate) => candidate['@_name'] === name || candidate['@_name'] === match[1]);
  const base64 = typeof file?.['#text'] === 'string' ? file['#text'] : null;
  return {
    node: { ...node, text: html.replace(match[0], '').replace(/<p\b[^>]*>\s*<\/p>/gi, '') },
    image: { name, base64: file?.['@_encoding'] === 'base64' || !file?.['@_encoding'] ? base64 : null },
  };
}

export function parseMoodleXml(xml: string): ParseResult {
  if (fastXmlParser().XMLValidator.validate(xml) !== true)
    throw new FormatError(IMPORT_MESSAGES.notMoodleXml);
  const document = moodleParser().parse(xml) as { quiz?: { question?: QuestionNode[] } | string };
  const quiz = document.quiz;
  if (!quiz || typeof quiz === 'string' || !quiz.question)
    throw new FormatError(IMPORT_MESSAGES.notMoodleXml);
  const lines = questionLines(xml);
  const result: ParseResult = { questions: [], errors: [] };
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
    const statement = statementImage(question);
    result.questions.push({
      line,
      question: textOf(statement.node),
      ...(statement.image ? { image: statement.image } : {}),
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
