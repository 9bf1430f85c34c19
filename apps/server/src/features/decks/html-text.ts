// Anki's fields are HTML written by whoever made the deck: they become plain text here, and only
// plain text is stored and shown (React escapes it). Nothing of a file's markup ever reaches a page.

const NAMED: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  ordm: 'º',
  ordf: 'ª',
  deg: '°',
  times: '×',
  divide: '÷',
  middot: '·',
};

function codePoint(value: number): string {
  // Control characters and what is not a character become nothing.
  if (!Number.isInteger(value) || value < 9 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
    return '';
  if (value < 32 && value !== 9 && value !== 10) return '';
  return String.fromCodePoint(value);
}

/** Text without control characters (tabs and line breaks kept). */
export const withoutControls = (text: string) =>
  [...text]
    .filter((char) => char === '\n' || char === '\t' || (char > '\u001f' && char !== '\u007f'))
    .join('');

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const hex = name[1] === 'x' || name[1] === 'X';
      return codePoint(Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** An HTML field as plain text: line breaks kept, tags, media and control characters gone. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|object|iframe)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\[sound:[^\]]*\]/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(div|p|li|tr|h[1-6])\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '');
  return withoutControls(decodeEntities(text))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
