import type { BankQuestion, NotebookEntry } from '@estudai/contract/constants';

const carla = {
  id: 'u-carla',
  displayName: 'Carla Mendes',
  username: 'carla.mendes',
  avatar: null,
  userType: 'professor' as const,
  isVerified: true,
};

/** An unanswered question post of the bank (no key, no figures), with metadata. */
export function bankQuestion(overrides: Partial<BankQuestion> = {}): BankQuestion {
  return {
    postId: 'p-funcao',
    questionIndex: 0,
    postType: 'question',
    quizTitle: null,
    studyGroupId: null,
    author: carla,
    createdAt: '2026-11-20T12:00:00.000Z',
    questionData: {
      question: 'Qual é o zero de f(x) = 2x − 6?',
      options: ['x = 2', 'x = 3', 'x = 6', 'x = −3'],
      subject: 'matematica',
      topic: 'Funções',
      exam: 'enem',
      year: 2023,
    },
    viewerAnswer: null,
    status: 'unanswered',
    questionStatus: 'ativa',
    notebookEntryId: null,
    ...overrides,
  };
}

/** A caderno entry from a wrong answer (so the key came with it), due now. */
export function notebookEntry(overrides: Partial<NotebookEntry> = {}): NotebookEntry {
  const question = bankQuestion({
    viewerAnswer: 0,
    status: 'wrong',
    questionData: {
      ...bankQuestion().questionData,
      correctAnswer: 1,
      explanation: '2x − 6 = 0, logo x = 3.',
    },
    community: { answersCount: 25, correctPercentage: 68 },
  });
  return {
    id: 'e-funcao',
    reason: 'wrong',
    note: '',
    createdAt: '2026-11-20T12:00:00.000Z',
    question,
    card: {
      due: '2026-11-20T12:00:00.000Z',
      stability: 0,
      difficulty: 0,
      state: 'new',
      reps: 0,
      lapses: 0,
      scheduledDays: 0,
      lastReview: null,
    },
    ...overrides,
  };
}

/** The reply of `POST /api/reviews/{id}`. */
export const reviewResult = (entryId: string, applied = true) => ({
  entryId,
  applied,
  due: '2026-11-27T12:00:00.000Z',
  stability: 3,
  difficulty: 5,
  state: 'review' as const,
  reps: 1,
  lapses: 0,
  scheduledDays: 1,
  lastReview: '2026-11-26T12:00:00.000Z',
});
