import { IMPORT_MESSAGES } from '@estudai/contract';
import { FormatError, type ParseResult, type RawQuestion } from './parsed.ts';

// GIFT (Moodle's text format), the subset of issue 42 by hand: multiple choice (`=right ~wrong`,
// or `~%100%right`) and true/false (`{T}`, `{FALSE}`), `::title::`, `[format]`, `$CATEGORY:`,
// `#feedback` and `####general feedback` (the explanation), `//` comments and the escapes
// `\~ \= \# \{ \} \:` and `\n`. A `\n` before a letter is LaTeX (`\neq`), kept as written.

const SPECIAL = '~=#{}:';

/** The index of `char` in `text` from `from`, skipping escaped ones; -1 when absent. */
function findUnescaped(text: string, char: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith(char, i)) return i;
  }
  return -1;
}

function splitUnescaped(text: string, chars: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (chars.includes(text[i] ?? '') && i > start) {
      parts.push(text.slice(start, i));
      start = i;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim());
}

function unescapeGift(text: string): string {
  return text.replace(/\\(.)/gs, (whole, char: string, offset: number, all: string) => {
    if (SPECIAL.includes(char)) return char;
    if (char === 'n' && !/\p{L}/u.test(all[offset + 2] ?? '')) return '\n';
    return whole;
  });
}

/** Whether the block's braces are still open at its end (a blank line inside answers is allowed). */
function openBraces(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}') depth--;
  }
  return depth;
}

interface Block {
  line: number;
  text: string;
}

function blocksOf(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((line, index) => {
      if (/^\s*\/\//.test(line)) return;
      if (!line.trim()) {
        if (current && openBraces(current.text) <= 0) current = undefined;
        else if (current) current.text += '\n';
        return;
      }
      if (!current) {
        current = { line: index + 1, text: line };
        blocks.push(current);
      } else current.text += `\n${line}`;
    });
  return blocks;
}

type Answers = Pick<RawQuestion, 'options' | 'correctAnswer' | 'explanation'>;

function readAnswers(body: string): Answers | string {
  const [choices = '', ...general] = body.split(/(?<!\\)####/);
  const explanation = general.length > 0 ? unescapeGift(general.join('####')).trim() : undefined;
  const trueFalse = /^\s*(T|TRUE|F|FALSE)\s*(#.*)?$/s.exec(choices);
  if (trueFalse) {
    const isTrue = (trueFalse[1] ?? '').startsWith('T');
    return { options: ['Verdadeiro', 'Falso'], correctAnswer: isTrue ? 0 : 1, explanation };
  }
  const tokens = splitUnescaped(choices.trim(), '=~');
  if (tokens.length === 0 || tokens.some((token) => !'=~'.includes(token[0] ?? ''))) {
    return IMPORT_MESSAGES.unsupportedType;
  }
  if (!tokens.some((token) => token.startsWith('~')) || tokens.some((t) => findUnescaped(t, '->') >= 0)) {
    return IMPORT_MESSAGES.unsupportedType;
  }
  const options: string[] = [];
  const correct: number[] = [];
  for (const token of tokens) {
    let text = token.slice(1);
    let isRight = token.startsWith('=');
    const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(text);
    if (weight) {
      isRight = Number(weight[1]) === 100;
      text = text.slice(weight[0].length);
    }
    const feedbackAt = findUnescaped(text, '#');
    if (feedbackAt >= 0) text = text.slice(0, feedbackAt);
    if (isRight) correct.push(options.length);
    options.push(unescapeGift(text).trim());
  }
  if (correct.length === 0) return IMPORT_MESSAGES.noCorrect;
  if (correct.length > 1) return IMPORT_MESSAGES.manyCorrect;
  return { options, correctAnswer: correct[0] ?? 0, explanation };
}

export function parseGift(source: string): ParseResult {
  const blocks = blocksOf(source);
  if (!blocks.some((block) => findUnescaped(block.text, '{') >= 0))
    throw new FormatError(IMPORT_MESSAGES.notGift);
  const result: ParseResult = { questions: [], errors: [] };
  let category: string | undefined;
  for (const block of blocks) {
    const text = block.text.trim();
    const heading = /^\$CATEGORY:\s*(.*)$/.exec(text);
    if (heading) {
      category =
        (heading[1] ?? '')
          .replace(/^\$(course|system)\$\//, '')
          .replace(/^top\//, '')
          .trim() || undefined;
      continue;
    }
    let rest = text.replace(/^::(?:[^:\\]|\\.|:(?!:))*::/s, '').trimStart();
    rest = rest.replace(/^\[(html|moodle|plain|markdown)\]/, '');
    const open = findUnescaped(rest, '{');
    if (open < 0) {
      result.errors.push({ line: block.line, message: IMPORT_MESSAGES.unsupportedType });
      continue;
    }
    const close = findUnescaped(rest, '}', open + 1);
    if (close < 0) {
      result.errors.push({ line: block.line, message: IMPORT_MESSAGES.unclosedBrace });
      continue;
    }
    const after = rest.slice(close + 1).trim();
    const statement =
      unescapeGift(rest.slice(0, open)).trim() + (after ? ` _____ ${unescapeGift(after)}` : '');
    const answers = readAnswers(rest.slice(open + 1, close));
    if (typeof answers === 'string') {
      result.errors.push({ line: block.line, message: answers });
      continue;
    }
    result.questions.push({
      line: block.line,
      question: statement,
      ...answers,
      ...(category ? { category } : {}),
    });
  }
  return result;
}
