import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { page, quizPost } from '../../../test/posts.ts';
import { renderApp } from '../../../test/render-app.tsx';

const attempt = {
  score: 1,
  total: 2,
  percentage: 50,
  review: [
    { optionIndex: 1, correctAnswer: 1, isCorrect: true },
    { optionIndex: 0, correctAnswer: 1, isCorrect: false, explanation: 'Água pura: pH 7.' },
  ],
};

async function openFeed(post = quizPost(), handlers = {}) {
  const api = mockApi({ 'GET /api/posts': page([post]), ...handlers }, ana);
  const view = renderApp('/', { storedUser: ana });
  await screen.findByText('Revisão de Química');
  return { api, ...view };
}

describe('quiz card', () => {
  it("walks with 'Anterior' and 'Próxima', finishes with 'Finalizar' and shows score and review", async () => {
    const { api, user } = await openFeed(quizPost(), {
      'POST /api/posts/p-quiz/quiz-attempts': ok(attempt, 201),
    });
    expect(screen.getByText('Quiz')).toBeInTheDocument();
    expect(screen.getByText('Questão 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    const next = screen.getByRole('button', { name: 'Próxima' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Na' }));
    await user.click(next);

    expect(screen.getByText('pH neutro?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Próxima' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalizar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('radio', { name: 'Na' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await user.click(screen.getByRole('radio', { name: '0' }));
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));

    expect(await screen.findByText(/Você acertou/)).toHaveTextContent('Você acertou 1 de 2 questões');
    expect(screen.getByText('50%')).toHaveAttribute('data-tone', 'orange');
    expect(api.callsTo('POST', '/api/posts/p-quiz/quiz-attempts')[0]?.body).toEqual({ answers: [1, 0] });
    const review = within(screen.getByRole('list', { name: 'Revisão das questões' })).getAllByRole(
      'listitem',
    );
    expect(review).toHaveLength(2);
    expect(within(review[0] as HTMLElement).getByRole('img', { name: 'Acertou' })).toBeInTheDocument();
    expect(review[1]).toHaveTextContent('Sua resposta: A) 0');
    expect(review[1]).toHaveTextContent('Resposta correta: B) 7');
    expect(review[1]).toHaveTextContent('Água pura: pH 7.');
  });

  it("starts over with 'Tentar Novamente'", async () => {
    const { user } = await openFeed(quizPost({ viewerQuizAttempt: attempt }));
    expect(screen.getByText(/Você acertou/)).toHaveTextContent('1 de 2');
    await user.click(screen.getByRole('button', { name: 'Tentar Novamente' }));
    expect(screen.getByText('Questão 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Na' })).not.toBeChecked();
    expect(screen.queryByRole('list', { name: 'Revisão das questões' })).not.toBeInTheDocument();
  });

  it("reports an error in one of the quiz's questions from its review, with its index", async () => {
    const { api, user } = await openFeed(quizPost({ viewerQuizAttempt: attempt }), {
      'POST /api/posts/p-quiz/question-reports': ok(
        { message: 'Obrigado! O autor da questão vai analisar o seu relato.' },
        201,
      ),
    });
    const review = within(screen.getByRole('list', { name: 'Revisão das questões' })).getAllByRole(
      'listitem',
    );
    await user.click(
      await within(review[1] as HTMLElement).findByRole('button', { name: 'Reportar erro na questão' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reportar erro na questão' });
    await user.click(within(dialog).getByLabelText('Enunciado com erro'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText('Obrigado! O autor da questão vai analisar o seu relato.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts/p-quiz/question-reports')[0]?.body).toEqual({
      questionIndex: 1,
      reason: 'enunciado_com_erro',
    });
  });
});
