import { type BankQuestion, QUESTION_REPORT_MESSAGES } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '../../../lib/current-user.ts';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { PracticeQuestion } from './practice-item.tsx';

const M = QUESTION_REPORT_MESSAGES;

/** A new question practice served: unanswered, so without its key. */
const question: BankQuestion = {
  postId: 'p-funcao',
  questionIndex: 0,
  postType: 'question',
  quizTitle: null,
  studyGroupId: null,
  author: {
    id: 'u-carla',
    displayName: 'Carla Mendes',
    username: 'carla.mendes',
    avatar: null,
    userType: 'professor',
    isVerified: true,
  },
  createdAt: '2026-11-20T12:00:00.000Z',
  questionData: {
    question: 'Qual é o zero de f(x) = 2x − 6?',
    options: ['x = 2', 'x = 3', 'x = 6', 'x = −3'],
    subject: 'matematica',
  },
  viewerAnswer: null,
  status: 'unanswered',
  questionStatus: 'ativa',
  notebookEntryId: null,
};

describe('a practice question', () => {
  it("offers 'Reportar erro na questão' once answered, and sends the report", async () => {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(ana));
    const { calls } = mockApi(
      {
        'POST /api/posts/p-funcao/answer': ok(
          { optionIndex: 0, isCorrect: false, correctAnswer: 1, optionShares: null },
          201,
        ),
        'GET /api/posts/p-funcao/resolutions': ok([]),
        'POST /api/posts/p-funcao/question-reports': ok({ message: M.reported }, 201),
      },
      ana,
    );
    const { user } = renderWithProviders(<PracticeQuestion question={question} onNext={vi.fn()} />);
    expect(screen.queryByRole('button', { name: M.reportAction })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /x = 2/ }));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    await user.click(await screen.findByRole('button', { name: M.reportAction }));
    const dialog = await screen.findByRole('dialog', { name: M.reportTitle });
    await user.click(within(dialog).getByLabelText('Gabarito errado'));
    await user.type(within(dialog).getByLabelText(M.textOptionalLabel), 'A resposta é x = 2.');
    await user.click(within(dialog).getByRole('button', { name: M.send }));
    expect(await screen.findByText(M.reported)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/posts/p-funcao/question-reports')?.body).toEqual({
      reason: 'gabarito_errado',
      text: 'A resposta é x = 2.',
    });
  });
});
