import { describe, expect, it } from 'vitest';
import {
  answerInputSchema,
  bankQuerySchema,
  correctShareLabel,
  currentQuestionYear,
  EXAM_LABELS,
  EXAMS,
  questionDataInputSchema,
  reminderMessage,
  reviewInputSchema,
  STUDY_LOOP_MESSAGES,
  SUBJECT_LABELS,
  SUBJECTS,
} from './index.ts';

describe('study loop labels and texts', () => {
  it('names every subject and exam in pt-BR with accents', () => {
    expect(Object.keys(SUBJECT_LABELS)).toEqual([...SUBJECTS]);
    expect(Object.keys(EXAM_LABELS)).toEqual([...EXAMS]);
    expect(SUBJECT_LABELS).toMatchObject({
      matematica: 'Matemática',
      fisica: 'Física',
      portugues: 'Português',
      raciocinio_logico: 'Raciocínio lógico',
    });
    expect(EXAM_LABELS).toMatchObject({
      enem: 'ENEM',
      fuvest: 'FUVEST',
      cebraspe: 'Cebraspe',
      autoral: 'Autoral',
      outra: 'Outra',
    });
  });

  it('writes the reminder and the community figure', () => {
    expect(reminderMessage(12)).toBe('Você tem 12 questões para revisar hoje');
    expect(reminderMessage(1)).toBe('Você tem 1 questão para revisar hoje');
    expect(correctShareLabel(68)).toBe('68% acertaram');
    expect(STUDY_LOOP_MESSAGES.reviewDone).toBe('Nada para revisar hoje 🎉');
  });
});

describe('question metadata', () => {
  const base = { question: 'Quanto é 2 + 2?', options: ['1', '2', '3', '4'], correctAnswer: 3 };
  it('trims the topic, drops a blank one and bounds the year by the Brasília year', () => {
    expect(questionDataInputSchema.parse({ ...base, topic: '  Soma  ' }).topic).toBe('Soma');
    expect(questionDataInputSchema.parse({ ...base, subject: null, topic: '' })).toMatchObject({ topic: '' });
    expect(currentQuestionYear(new Date('2026-12-31T23:30:00-03:00'))).toBe(2026);
    expect(currentQuestionYear(new Date('2027-01-01T02:30:00Z'))).toBe(2026);
  });
});

describe('query and body schemas', () => {
  it('takes empty query parameters as absent and coerces the year and limit', () => {
    expect(bankQuerySchema.parse({ subject: '', year: '2020', limit: '5' })).toEqual({
      year: 2020,
      limit: 5,
    });
  });

  it('refuses a rating other than the four and an unknown question index field', () => {
    const id = '7f1f0b0e-4f1a-4a8e-9b1e-3c2d1a0b9c8d';
    expect(reviewInputSchema.safeParse({ rating: 'good', clientId: id }).success).toBe(true);
    expect(reviewInputSchema.safeParse({ rating: 'again!', clientId: id }).error?.issues[0]?.message).toBe(
      STUDY_LOOP_MESSAGES.ratingInvalid,
    );
    expect(answerInputSchema.safeParse({ optionIndex: 0, questionIndex: -1 }).success).toBe(false);
  });
});
