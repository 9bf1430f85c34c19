// Whole-word matching that ignores accents and case (issue 43, 'Palavras ocultas'): pure, no app.

/** Lower case, accents off, anything but letters and digits a space, spaces collapsed. */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A test answering whether a text contains any of `words` as whole words or phrases: 'Vôo' hides
 * 'VOO livre' but not 'voos'; 'filho da puta' hides 'Filho-da-puta!'. Words that normalize to
 * nothing (only punctuation) are ignored.
 */
export function wordMatcher(words: Iterable<string>): (text: string) => boolean {
  const phrases = [...new Set([...words].map(normalizeForMatch).filter(Boolean))].map((p) => ` ${p} `);
  if (phrases.length === 0) return () => false;
  return (text) => {
    const padded = ` ${normalizeForMatch(text)} `;
    return phrases.some((phrase) => padded.includes(phrase));
  };
}
