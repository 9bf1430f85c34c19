import { describe, expect, it } from 'vitest';
import {
  copiedRanges,
  countEssayLines,
  countEssayWords,
  essayChecks,
  heaviestCompetencia,
} from './essays.constants.ts';

const line = (n: number) => `${'palavra '.repeat(8)}linha${n}`; // 70 characters: one sheet line

describe('counting lines the way a handwritten sheet does', () => {
  it('wraps a paragraph at about 75 characters and starts each paragraph on a new line', () => {
    expect(countEssayLines('')).toBe(0);
    expect(countEssayLines('Uma frase curta.')).toBe(1);
    expect(countEssayLines('a'.repeat(75))).toBe(1);
    expect(countEssayLines(`${'a'.repeat(70)} bbbbbb`)).toBe(2);
    expect(countEssayLines('Primeiro.\nSegundo.\n\nTerceiro.')).toBe(3);
    expect(countEssayLines('x'.repeat(160))).toBe(3);
    expect(countEssayWords('  Olá, mundo — de novo!  ')).toBe(4);
  });

  it('flags 7 lines as insufficient and 8 as enough; 31 as over the limit', () => {
    const text = (n: number) => Array.from({ length: n }, (_, i) => line(i)).join('\n');
    expect(essayChecks(text(7), []).insufficient).toBe(true);
    expect(essayChecks(text(8), []).insufficient).toBe(false);
    expect(essayChecks(text(30), []).overLimit).toBe(false);
    expect(essayChecks(text(31), []).overLimit).toBe(true);
  });
});

describe('copied passages', () => {
  const source = 'A desigualdade no acesso à internet afeta a educação de milhões de estudantes brasileiros.';
  it('marks a shared run of 8 words (accents, case and punctuation aside) and merges overlaps', () => {
    const text =
      'Como se sabe, a desigualdade no acesso a INTERNET afeta a educação de milhões, e isso é grave.';
    const ranges = copiedRanges(text, [source]);
    expect(ranges).toHaveLength(1);
    expect(text.slice(ranges[0]!.start, ranges[0]!.end)).toBe(
      'a desigualdade no acesso a INTERNET afeta a educação de milhões',
    );
  });

  it('does not mark 7 shared words', () => {
    expect(copiedRanges('Hoje a desigualdade no acesso à internet afeta muito.', [source])).toEqual([]);
  });

  it('does not count copied lines toward the 8', () => {
    const own = Array.from({ length: 7 }, (_, i) => line(i)).join('\n');
    const copied = `${source}\n${own}`;
    expect(essayChecks(copied, []).insufficient).toBe(false);
    expect(essayChecks(copied, [source]).insufficient).toBe(true);
  });

  it("names 'o que mais pesou': the competência furthest from 200", () => {
    expect(heaviestCompetencia({ c1: 160, c2: 200, c3: 80, c4: 120, c5: 80 })).toBe('c3');
  });
});
