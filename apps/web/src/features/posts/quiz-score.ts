/** Spec §9: the quiz score badge is green at 70 % or more, orange below. */
const QUIZ_PASS_PERCENTAGE = 70;

export type QuizScoreTone = 'green' | 'orange';

export const quizScoreTone = (percentage: number): QuizScoreTone =>
  percentage >= QUIZ_PASS_PERCENTAGE ? 'green' : 'orange';
