import { describe, expect, it } from 'vitest';
import { emailSchema, pageQuerySchema, signupSchema } from './index.ts';

describe('pageQuerySchema', () => {
  it('defaults to page 1 of 10', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
  });

  it.each([
    { page: '0' },
    { page: 'abc' },
    { page: '1.5' },
    { limit: '0' },
    { limit: '51' },
    { limit: '1000' },
  ])('refuses %o with a pt-BR message', (query) => {
    const result = pageQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^(A página|O limite)/);
  });
});

describe('emailSchema', () => {
  it('trims, lower-cases and composes Unicode (NFC)', () => {
    expect(emailSchema.parse('  JO\u0041\u0303O@Exemplo.com ')).toBe('jo\u00e3o@exemplo.com');
  });

  it('refuses what is not an address', () => {
    expect(emailSchema.safeParse('ana@').success).toBe(false);
    expect(emailSchema.safeParse('ana exemplo.com').success).toBe(false);
  });
});

describe('zod messages', () => {
  it('are in Brazilian Portuguese for unknown keys', () => {
    const result = signupSchema.safeParse({
      displayName: 'Ana',
      email: 'ana@exemplo.com',
      password: 'girassol',
      profile: 'aluno',
      birthDate: '2000-05-20',
      admin: true,
    });
    expect(result.error?.issues[0]?.message).toContain('Chave');
  });
});
