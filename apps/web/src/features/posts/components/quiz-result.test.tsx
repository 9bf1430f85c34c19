import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quizScoreTone } from '../quiz-score.ts';
import { QuizScoreBadge } from './quiz-result.tsx';

describe('quiz score badge', () => {
  it('is green at 70 % or more and orange below', () => {
    expect(quizScoreTone(100)).toBe('green');
    expect(quizScoreTone(70)).toBe('green');
    expect(quizScoreTone(69)).toBe('orange');
    expect(quizScoreTone(0)).toBe('orange');
  });

  it('paints the badge with that colour', () => {
    render(
      <>
        <QuizScoreBadge percentage={70} />
        <QuizScoreBadge percentage={69} />
      </>,
    );
    expect(screen.getByText('70%')).toHaveClass('bg-emerald-100');
    expect(screen.getByText('69%')).toHaveClass('bg-orange-100');
  });
});
