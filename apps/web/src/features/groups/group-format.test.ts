import { describe, expect, it } from 'vitest';
import { formatFileSize, formatPrice, parseReais, relevanceTone } from './group-format.ts';

describe('group formats', () => {
  it("shows a price in cents as BRL, pt-BR style (spec §9), 'R$' held to the amount by a no-break space", () => {
    expect(formatPrice(4990)).toBe('R$\u00a049,90');
    expect(formatPrice(123456)).toBe('R$\u00a01.234,56');
    expect(formatPrice(0)).toBe('R$\u00a00,00');
  });

  it('reads reais as typed into cents', () => {
    expect(parseReais('49,90')).toBe(4990);
    expect(parseReais('49')).toBe(4900);
    expect(parseReais('49.9')).toBe(4990);
    expect(parseReais('R$ 1.234,56')).toBe(123456);
    expect(parseReais(formatPrice(123456))).toBe(123456);
    expect(parseReais('0,1')).toBe(10);
    expect(parseReais('abc')).toBeNaN();
    expect(parseReais('4,999')).toBeNaN();
    expect(parseReais('-5')).toBeNaN();
  });

  it('colours relevance green from 90, yellow from 70, grey below (spec §9)', () => {
    expect(relevanceTone(100)).toBe('green');
    expect(relevanceTone(90)).toBe('green');
    expect(relevanceTone(89)).toBe('yellow');
    expect(relevanceTone(70)).toBe('yellow');
    expect(relevanceTone(69)).toBe('grey');
    expect(relevanceTone(0)).toBe('grey');
  });

  it('shows file sizes in KB or MB with a decimal comma', () => {
    expect(formatFileSize(Math.round(2.3 * 1024 * 1024))).toBe('2,3 MB');
    expect(formatFileSize(850 * 1024)).toBe('850 KB');
    expect(formatFileSize(20)).toBe('1 KB');
  });
});
