import { IMPORT_MESSAGES } from '@estudai/contract';
import { FormatError, type ParseResult } from './parsed.ts';

// Aiken (Moodle's plain-text multiple choice), by hand: a statement on one or more lines, options
// 'A) …' or 'A. …', then 'ANSWER: B'. Questions are separated by blank lines.

const OPTION = /^([A-Za-z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER:\s*(\S*)\s*$/i;

interface Block {
  line: number;
  statement: string[];
  options: string[];
  answer?: string;
}

export function parseAiken(text: string): ParseResult {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let block: Block | undefined;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line) {
      // A blank line ends a question that already has its options.
      if (block && block.options.length > 0) block = undefined;
      return;
    }
    if (!block) {
      block = { line: index + 1, statement: [], options: [] };
      blocks.push(block);
    }
    const answer = ANSWER.exec(line);
    if (answer) {
      block.answer = answer[1] ?? '';
      block = undefined;
      return;
    }
    const option = OPTION.exec(line);
    if (option && block.statement.length > 0) block.options.push(option[2]?.trim() ?? '');
    else if (block.options.length > 0) {
      // A line after the options that is neither an option nor ANSWER: the option goes on.
      block.options[block.options.length - 1] += `\n${line}`;
    } else block.statement.push(raw.trimEnd());
  });
  if (!blocks.some((b) => b.answer !== undefined || b.options.length > 0)) {
    throw new FormatError(IMPORT_MESSAGES.notAiken);
  }
  const result: ParseResult = { questions: [], errors: [] };
  for (const b of blocks) {
    if (b.answer === undefined) {
      result.errors.push({ line: b.line, message: IMPORT_MESSAGES.keyMissing });
      continue;
    }
    if (!/^[A-Za-z]$/.test(b.answer)) {
      result.errors.push({ line: b.line, message: IMPORT_MESSAGES.keyInvalid });
      continue;
    }
    result.questions.push({
      line: b.line,
      question: b.statement.join('\n').trim(),
      options: b.options,
      correctAnswer: b.answer.toUpperCase().charCodeAt(0) - 65,
    });
  }
  return result;
}
