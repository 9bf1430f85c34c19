import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { foldForSearch, likePattern, matchesEveryWord } from './search-text.ts';

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

describe('matchesEveryWord', () => {
  it('finds a text holding every word in any order, and not one missing a word', async () => {
    const db = drizzle(new PGlite());
    const texts = ['revisao de genetica: leis de mendel', 'revisao de geometria plana', 'genetica basica'];
    const matching = async (query: string) =>
      (
        (await db.execute(
          sql`select t from (values ${sql.join(
            texts.map((text) => sql`(${text})`),
            sql`, `,
          )}) as v(t) where ${matchesEveryWord(sql.raw('t'), foldForSearch(query))}`,
        )) as unknown as { rows: { t: string }[] }
      ).rows.map((row) => row.t);
    expect(await matching('Revisão genética')).toEqual(['revisao de genetica: leis de mendel']);
    expect(await matching('genetica   revisao')).toEqual(['revisao de genetica: leis de mendel']);
    expect(await matching('revisao')).toHaveLength(2);
    expect(await matching('100%')).toEqual([]);
  });
});
