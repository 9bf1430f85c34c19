import { describe, expect, it } from 'vitest';
import { foldForSearch, likePattern } from './search-text.ts';

describe('foldForSearch', () => {
  it('drops accents and cedilla and lower-cases, so fisica finds Física and acao finds ação', () => {
    expect(foldForSearch('Física Ação', ['Revisão', 'ENEM'])).toBe('fisica acao revisao enem');
  });

  it('collapses spaces and skips missing parts', () => {
    expect(foldForSearch('  Óptica\n\tgeométrica ', null, undefined)).toBe('optica geometrica');
  });
});

describe('likePattern', () => {
  it("escapes LIKE's wildcards so '100%' is searched as typed", () => {
    expect(likePattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
