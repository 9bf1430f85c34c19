import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { bankQuestion } from '../testing/study-fixtures.ts';

/** A lazy page's first render on a busy machine may take longer than findBy's default second. */
const FIRST_RENDER = { timeout: 5_000 };

const bankPage = (data = [bankQuestion()], hasMore = false, nextCursor: string | null = null) => ({
  status: 200,
  body: { data, hasMore, nextCursor },
});

function openBank(handlers = {}, path = '/questoes') {
  const api = mockApi({ 'GET /api/questions': bankPage(), ...handlers }, ana);
  const view = renderApp(path, { storedUser: ana });
  // Distinct queries (StrictMode mounts twice, and may ask twice for the same one).
  const bankCalls = () => [...new Set(api.callsTo('GET', '/api/questions').map((call) => call.query ?? ''))];
  return { api, bankCalls, ...view };
}

describe('question bank', { timeout: 15_000 }, () => {
  it('asks the server with every filter chosen, combined, and the search only once typing stops', async () => {
    const { user, bankCalls } = openBank();
    await screen.findByRole('list', { name: 'Questões' }, FIRST_RENDER);
    expect(bankCalls()).toEqual(['']);

    await user.click(screen.getByLabelText('Matéria'));
    await user.click(screen.getByRole('checkbox', { name: 'Física' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByLabelText('Banca'));
    await user.click(screen.getByRole('checkbox', { name: 'ENEM' }));
    await user.keyboard('{Escape}');
    await user.selectOptions(screen.getByLabelText('Ano'), '2023');
    await user.click(screen.getByRole('radio', { name: 'Erradas' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar questões' }), 'energia');

    await waitFor(() =>
      expect(bankCalls().at(-1)).toBe('?subject=fisica&exam=enem&year=2023&status=wrong&search=energia'),
    );
    // Typing 'energia' asked once for the whole word, not once per letter.
    expect(bankCalls().filter((query) => query.includes('search='))).toEqual([
      '?subject=fisica&exam=enem&year=2023&status=wrong&search=energia',
    ]);
    expect(bankCalls()).toContain('?subject=fisica');
    expect(bankCalls()).toContain('?subject=fisica&exam=enem&year=2023&status=wrong');

    await user.click(screen.getByRole('radio', { name: 'Todas' }));
    await waitFor(() =>
      expect(bankCalls().at(-1)).toBe('?subject=fisica&exam=enem&year=2023&search=energia'),
    );
  });

  it('takes several subjects, several bancas and difficulties at once, and says how many questions match', async () => {
    const { user, bankCalls } = openBank({
      'GET /api/questions': { status: 200, body: { ...bankPage().body, total: 1234 } },
    });
    expect(await screen.findByText('1.234 questões', {}, FIRST_RENDER)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Matéria'));
    await user.click(screen.getByRole('checkbox', { name: 'Física' }));
    await user.click(screen.getByRole('checkbox', { name: 'Matemática' }));
    expect(screen.getByLabelText('Matéria')).toHaveTextContent('Matemática, Física');
    await user.click(screen.getByRole('checkbox', { name: 'Química' }));
    expect(screen.getByLabelText('Matéria')).toHaveTextContent('3 selecionadas');
    await user.click(screen.getByRole('checkbox', { name: 'Química' }));
    // A tap outside closes the list.
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('checkbox', { name: 'Física' })).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Banca'));
    await user.click(screen.getByRole('checkbox', { name: 'FUVEST' }));
    await user.click(screen.getByRole('checkbox', { name: 'ENEM' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: 'Difícil' }));
    await user.click(screen.getByRole('checkbox', { name: 'Média' }));
    await waitFor(() =>
      expect(bankCalls().at(-1)).toBe('?subject=matematica,fisica&exam=enem,fuvest&difficulty=media,dificil'),
    );
  });

  it('reads the filters from the address and says when nothing matches', async () => {
    const { bankCalls } = openBank(
      { 'GET /api/questions': bankPage([]) },
      '/questoes?subject=quimica&status=unanswered',
    );
    expect(
      await screen.findByText('Nenhuma questão encontrada com esses filtros.', {}, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(bankCalls()).toEqual(['?subject=quimica&status=unanswered']);
    expect(screen.getByLabelText('Matéria')).toHaveTextContent('Química');
    expect(screen.getByRole('radio', { name: 'Não respondidas' })).toBeChecked();
  });

  it('answers a question in place: the key, the explanation and what the community answered show', async () => {
    const answered = bankQuestion({
      viewerAnswer: 0,
      status: 'wrong',
      questionData: {
        ...bankQuestion().questionData,
        correctAnswer: 1,
        explanation: '2x − 6 = 0, logo x = 3.',
      },
      community: { answersCount: 25, correctPercentage: 68 },
      optionShares: [0.2, 0.68, 0.08, 0.04],
      notebookEntryId: 'e-new',
    });
    const { api, user, bankCalls } = openBank({
      'GET /api/questions': (request: { query?: string }) =>
        bankPage(request.query?.includes('limit=') ? [answered] : [bankQuestion()]),
      'POST /api/posts/p-funcao/answer': ok(
        { optionIndex: 0, isCorrect: false, correctAnswer: 1, explanation: '2x − 6 = 0, logo x = 3.' },
        201,
      ),
    });
    const card = await screen.findByRole('article', {}, FIRST_RENDER);
    expect(within(card).getByRole('list', { name: 'Classificação da questão' })).toHaveTextContent(
      /Matemática.*Funções.*ENEM 2023/,
    );
    const respond = within(card).getByRole('button', { name: 'Responder' });
    expect(respond).toBeDisabled();
    await user.click(within(card).getByRole('radio', { name: 'x = 2' }));
    await user.click(respond);

    expect(await within(card).findByText('Resposta incorreta.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts/p-funcao/answer')[0]?.body).toEqual({ optionIndex: 0 });
    expect(within(card).getByRole('radio', { name: 'x = 3 (resposta correta)' })).toBeDisabled();
    expect(within(card).getByRole('radio', { name: 'x = 2 (sua resposta, incorreta)' })).toBeChecked();
    expect(within(card).getByText('2x − 6 = 0, logo x = 3.')).toBeInTheDocument();
    expect(await within(card).findByText('68% acertaram')).toBeInTheDocument();
    expect(within(card).getByText(/25 respostas/)).toBeInTheDocument();
    // What others chose, per alternative (issue 40).
    expect(within(card).getByText('x = 3').closest('label')).toHaveTextContent('68% escolheram');
    expect(within(card).getByText('x = 2').closest('label')).toHaveTextContent('20% escolheram');
    // The wrong answer put it in the caderno.
    expect(within(card).getByText('No caderno')).toBeInTheDocument();
    expect(bankCalls().at(-1)).toBe('?limit=50');
  });

  it("answers a quiz's question with its index and adds a question to the caderno", async () => {
    const quizQuestion = bankQuestion({
      postId: 'p-quiz',
      postType: 'question_set',
      quizTitle: 'Revisão',
      questionIndex: 2,
    });
    const { api, user } = openBank({
      'GET /api/questions': bankPage([quizQuestion]),
      'POST /api/notebook': ok({ id: 'e-1' }, 201),
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Quiz: Revisão · questão 3')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Adicionar ao caderno' }));
    expect(await within(card).findByText('No caderno')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/notebook')[0]?.body).toEqual({ postId: 'p-quiz', questionIndex: 2 });
  });

  it('shows an anulada question’s badge and asks for anuladas and desatualizadas when the box says so', async () => {
    const { user, bankCalls } = openBank({
      'GET /api/questions': bankPage([bankQuestion({ questionStatus: 'anulada' })]),
    });
    const list = await screen.findByRole('list', { name: 'Questões' }, FIRST_RENDER);
    expect(within(list).getByText('Anulada')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Incluir anuladas e desatualizadas' }));
    await waitFor(() => expect(bankCalls().at(-1)).toBe('?includeInactive=true'));
  });
});
