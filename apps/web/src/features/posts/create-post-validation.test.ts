import { EXPLANATION_MAX, textTooLong } from '@estudai/contract';
import { describe, expect, it } from 'vitest';
import { checkCreatePost, emptyCreatePostValues, emptyQuestion } from './create-post-validation.ts';

const quiz = (...questions: ReturnType<typeof emptyQuestion>[]) => ({
  ...emptyCreatePostValues(),
  type: 'question_set' as const,
  quiz: { title: 'Revisão', questions },
});
const filled = (question: string) => ({ ...emptyQuestion(), question, options: ['a', 'b', 'c', 'd'] });

describe('checkCreatePost for a quiz', () => {
  it('names the first question whose text is empty', () => {
    expect(checkCreatePost(quiz(filled('Um?'), filled('  '), filled('')))).toEqual({
      ok: false,
      message: 'Digite a pergunta da questão 2.',
    });
  });

  it("says which question any other problem is in ('Questão 2: …')", () => {
    const long = { ...filled('Dois?'), explanation: 'x'.repeat(EXPLANATION_MAX + 1) };
    expect(checkCreatePost(quiz(filled('Um?'), long))).toEqual({
      ok: false,
      message: `Questão 2: ${textTooLong(EXPLANATION_MAX)}`,
    });
  });

  it('accepts a quiz whose questions are all written', () => {
    expect(checkCreatePost(quiz(filled('Um?'), filled('Dois?'))).ok).toBe(true);
  });
});
