// A small parser for study content: line breaks, links, **bold** and $…$ / $$…$$ math.
// It only ever produces these nodes, so whatever else the text holds (HTML included) stays text.

export type RichNode =
  | { type: 'text'; value: string }
  | { type: 'break' }
  | { type: 'bold'; children: RichNode[] }
  | { type: 'link'; href: string; label: string }
  | { type: 'math'; tex: string; display: boolean };

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

function pushText(nodes: RichNode[], value: string) {
  const last = nodes.at(-1);
  if (last?.type === 'text') last.value += value;
  else nodes.push({ type: 'text', value });
}

function parse(text: string, allowBold: boolean): RichNode[] {
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
        nodes.push({ type: 'bold', children: parse(inner, false) });
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

export function parseRichText(text: string): RichNode[] {
  return parse(text.replace(/\r\n?/g, '\n'), true);
}
