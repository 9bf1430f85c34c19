import { describe, expect, it } from 'vitest';
import { contactBait } from './contact-bait.ts';
import { normalizeForMatch, wordMatcher } from './word-match.ts';

describe('wordMatcher', () => {
  const matches = wordMatcher(['Vôo', 'filho da puta', '  ', 'ÓDIO']);
  it.each([
    ['voo livre', true],
    ['VÔO', true],
    ['voos', false],
    ['Filho-da-puta!', true],
    ['filho da', false],
    ['que odio disso', true],
    ['periódico', false],
  ])('%s → %s', (text, expected) => {
    expect(matches(text)).toBe(expected);
  });
  it('matches nothing without words', () => {
    expect(wordMatcher([])('qualquer coisa')).toBe(false);
    expect(normalizeForMatch(' Ação, já! ')).toBe('acao ja');
  });
});

describe('contactBait', () => {
  it.each([
    ['me chama no zap', 'app'],
    ['meu whats é esse', 'app'],
    ['entra aqui https://discord.gg/abc', 'app'],
    ['me segue no Insta', 'app'],
    ['Liga (11) 91234-5678', 'phone'],
    ['+55 11 912345678', 'phone'],
    ['1234-5678', 'phone'],
    ['moro na Rua das Flores, 120', 'address'],
    ['o CEP é 01310-100', 'address'],
    ['vamos conversar no privado', 'elsewhere'],
    ['passa seu número', 'elsewhere'],
    ['A prova é dia 12, das 14h às 16h', null],
    ['Resolva as questões 2024 2025 do ENEM', null],
    ['Leia o capítulo 3 da apostila', null],
  ])('%s → %s', (text, kind) => {
    expect(contactBait(text)).toBe(kind);
  });
});
