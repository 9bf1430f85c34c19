import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text, accents and spaces as they are', () => {
    expect(csvCell('Ana Souza')).toBe('Ana Souza');
    expect(csvCell('Física Ação')).toBe('Física Ação');
    expect(csvCell('')).toBe('');
  });

  it('quotes separators, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('Souza; Ana')).toBe('"Souza; Ana"');
    expect(csvCell('1,5')).toBe('"1,5"');
    expect(csvCell('o "melhor"')).toBe('"o ""melhor"""');
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
  });

  it('puts an apostrophe before what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+5511')).toBe("'+5511");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@soma')).toBe("'@soma");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvLine', () => {
  it('joins the cells with semicolons and ends in CRLF', () => {
    expect(csvLine(['Nome', 'E-mail', '=1+1'])).toBe("Nome;E-mail;'=1+1\r\n");
  });

  it('starts the file with a UTF-8 byte-order mark', () => {
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
