// A small parser for study content: line breaks, links, **bold** and math, inline as $…$ or \(…\)
// (on one line) and displayed as $$…$$ or \[…\] (may span lines; the last two are how Moodle and
// GIFT questions write it), and, in posts and comments, #hashtags and @mentions. \$ is a dollar
// sign. It only ever produces these nodes, so whatever else the text holds (HTML included) stays text.
import { HASHTAG_MAX } from '@estudai/contract/constants';

export type RichNode =
  | { type: 'text'; value: string }
  | { type: 'break' }
  | { type: 'bold'; children: RichNode[] }
  | { type: 'link'; href: string; label: string }
  | { type: 'math'; tex: string; display: boolean }
  /** '#Funções': `tag` is what follows the '#', as written. */
  | { type: 'hashtag'; tag: string }
  /** '@ana.souza': `username` lower-cased, as the server reads mentions. */
  | { type: 'mention'; username: string; label: string };

/** What the parser looks for besides formatting: tags and handles only where people talk (posts, comments). */
export interface RichTextOptions {
  social?: boolean;
}

/** A hashtag is letters, digits and '_' (as the search reads it), at most HASHTAG_MAX of them. */
const HASHTAG = /^#([\p{L}\p{N}_]+)/u;
/** A handle as the server's mention notifications read it: 2 to 30 of a-z, 0-9, '.' and '_'. */
const MENTION = /^@([a-z0-9][a-z0-9._]{1,29})/i;

const BARE_URL = /^https?:\/\/[^\s<>"]+/i;
const MARKDOWN_LINK = /^\[([^\]\n]+)\]\(([^)\s]+)\)/;
const TRAILING_PUNCTUATION = /[.,;:!?'")\]]+$/;

/** Only http(s) addresses become links; `javascript:`, `data:` and the like stay text. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A bare URL ends before trailing punctuation, keeping a ')' that closes one opened inside it. */
function trimUrl(candidate: string): string {
  let url = candidate.replace(TRAILING_PUNCTUATION, '');
  const tail = candidate.slice(url.length);
  for (const char of tail) {
    const opens = url.split('(').length - 1;
    const closes = url.split(')').length - 1;
    if (char === ')' && opens > closes) url += char;
    else break;
  }
  return url;
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isDigit = (char: string | undefined) => char !== undefined && /\d/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}_]/u.test(char);

/**
 * Inline math `$x$`: the opening `$` is followed by no space, the closing one is preceded by
 * no space and followed by no digit, all on one line. So prices ("R$ 10 e R$ 20") stay text.
 */
function findInlineMathEnd(text: string, start: number): number {
  const first = text[start + 1];
  if (isSpace(first) || first === '$') return -1;
  for (let j = start + 1; j < text.length; j++) {
    const char = text[j];
    if (char === '\n') return -1;
    if (char === '\\') {
      j++;
      continue;
    }
    if (char === '$' && !isSpace(text[j - 1]) && !isDigit(text[j + 1])) return j;
  }
  return -1;
}

/**
 * Where the `close` delimiter (`\)` or `\]`) ends the formula opened at `start`, or -1: a backslash
 * escapes the character after it (so `\\)` is TeX's line break and a parenthesis), and `\)` closes
 * only on the line it opened.
 */
function findLatexMathEnd(text: string, start: number, close: ')' | ']'): number {
  for (let j = start + 2; j < text.length; j++) {
    const char = text[j];
    if (char === '\n' && close === ')') return -1;
    if (char === '\\') {
      if (text[j + 1] === close) return j;
      j++;
    }
  }
  return -1;
}

function pushText(nodes: RichNode[], value: string) {
  const last = nodes.at(-1);
  if (last?.type === 'text') last.value += value;
  else nodes.push({ type: 'text', value });
}

function parse(text: string, allowBold: boolean, social: boolean): RichNode[] {
  const nodes: RichNode[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const char = text[i] as string;

    if (rest.startsWith('\\$')) {
      pushText(nodes, '$');
      i += 2;
      continue;
    }
    if (rest.startsWith('\\(') || rest.startsWith('\\[')) {
      const display = rest[1] === '[';
      const end = findLatexMathEnd(text, i, display ? ']' : ')');
      const tex = end === -1 ? '' : text.slice(i + 2, end).trim();
      if (tex) {
        nodes.push({ type: 'math', tex, display });
        i = end + 2;
        if (display && text[i] === '\n') i++;
        continue;
      }
      // No closing delimiter (or nothing inside): the backslash is text, and what follows reads as ever.
      pushText(nodes, char);
      i++;
      continue;
    }
    if (rest.startsWith('$$')) {
      const end = text.indexOf('$$', i + 2);
      const tex = end === -1 ? '' : text.slice(i + 2, end).trim();
      if (tex) {
        nodes.push({ type: 'math', tex, display: true });
        i = end + 2;
        // The line break right after a display formula is part of the block, not a blank line.
        if (text[i] === '\n') i++;
        continue;
      }
      pushText(nodes, '$$');
      i += 2;
      continue;
    }
    if (char === '$') {
      const end = findInlineMathEnd(text, i);
      if (end !== -1) {
        nodes.push({ type: 'math', tex: text.slice(i + 1, end), display: false });
        i = end + 1;
        continue;
      }
    }
    if (allowBold && rest.startsWith('**')) {
      const end = text.indexOf('**', i + 2);
      const inner = end === -1 ? '' : text.slice(i + 2, end);
      if (inner.trim() && !inner.includes('\n')) {
        nodes.push({ type: 'bold', children: parse(inner, false, social) });
        i = end + 2;
        continue;
      }
    }
    if (char === '[') {
      const match = MARKDOWN_LINK.exec(rest);
      if (match) {
        const [source, label = '', target = ''] = match;
        const href = safeHref(target);
        if (href) nodes.push({ type: 'link', href, label });
        else pushText(nodes, source);
        i += source.length;
        continue;
      }
    }
    if ((char === 'h' || char === 'H') && !isWordChar(text[i - 1])) {
      const match = BARE_URL.exec(rest);
      const url = match ? trimUrl(match[0]) : '';
      const href = url ? safeHref(url) : null;
      if (href) {
        nodes.push({ type: 'link', href, label: url });
        i += url.length;
        continue;
      }
    }
    if (social && char === '#' && !isWordChar(text[i - 1]) && text[i - 1] !== '&') {
      const tag = HASHTAG.exec(rest)?.[1];
      if (tag && tag.length <= HASHTAG_MAX && !/^\d+$/.test(tag)) {
        nodes.push({ type: 'hashtag', tag });
        i += tag.length + 1;
        continue;
      }
    }
    if (social && char === '@' && !isWordChar(text[i - 1]) && text[i - 1] !== '@' && text[i - 1] !== '.') {
      const handle = MENTION.exec(rest)?.[1]?.replace(/[._]+$/, '');
      if (handle && handle.length >= 2) {
        nodes.push({ type: 'mention', username: handle.toLowerCase(), label: `@${handle}` });
        i += handle.length + 1;
        continue;
      }
    }
    if (char === '\n') {
      nodes.push({ type: 'break' });
      i++;
      continue;
    }
    pushText(nodes, char);
    i++;
  }
  return nodes;
}

export function parseRichText(text: string, options: RichTextOptions = {}): RichNode[] {
  return parse(text.replace(/\r\n?/g, '\n'), true, options.social ?? false);
}
