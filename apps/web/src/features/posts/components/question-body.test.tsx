import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { author, page, questionPost } from '../../../test/posts.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const option = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
const resultOf = (name: string) => option(name).closest('label')?.getAttribute('data-result');

async function openFeed(post = questionPost(), handlers = {}) {
  const api = mockApi({ 'GET /api/posts': page([post]), ...handlers }, ana);
  const view = renderApp('/', { storedUser: ana });
  await screen.findByText('Qual organela produz ATP?');
  return { api, ...view };
}

describe('question card', () => {
  it("labels the card 'Questão' and enables 'Responder' only after a choice", async () => {
    const { user } = await openFeed();
    expect(screen.getByText('Questão')).toBeInTheDocument();
    const answer = screen.getByRole('button', { name: 'Responder' });
    expect(answer).toBeDisabled();
    await user.click(option('Lisossomo'));
    expect(answer).toBeEnabled();
  });

  it("shows its author the key instead of 'Responder'", async () => {
    const { api } = await openFeed(
      questionPost({
        author: { ...author, id: ana.id, displayName: ana.displayName, username: ana.username },
        questionData: {
          question: 'Qual organela produz ATP?',
          options: ['Ribossomo', 'Mitocôndria', 'Lisossomo', 'Golgi', 'Centríolo'],
          correctAnswer: 1,
          explanation: 'A mitocôndria faz a respiração celular.',
        },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Sua questão: a resposta correta é a B.');
    expect(resultOf('Mitocôndria')).toBe('correct');
    expect(screen.getByText('E')).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByText('A mitocôndria faz a respiração celular.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts/p-question/answer')).toHaveLength(0);
  });

  it('after answering wrong: the correct option green, the choice red, the explanation, all locked', async () => {
    const { api, user } = await openFeed(questionPost(), {
      'POST /api/posts/p-question/answer': ok({
        optionIndex: 2,
        isCorrect: false,
        correctAnswer: 1,
        explanation: 'A **mitocôndria** faz a respiração celular.',
      }),
    });
    await user.click(option('Lisossomo'));
    await user.click(screen.getByRole('button', { name: 'Responder' }));

    expect(await screen.findByText('Resposta incorreta.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts/p-question/answer')[0]?.body).toEqual({ optionIndex: 2 });
    expect(resultOf('Mitocôndria')).toBe('correct');
    expect(option('Mitocôndria').closest('label')).toHaveClass('border-emerald-500');
    expect(resultOf('Lisossomo')).toBe('wrong');
    expect(option('Lisossomo').closest('label')).toHaveClass('border-red-500');
    expect(resultOf('Ribossomo')).toBe('neutral');
    const explanation = screen.getByText('Explicação').parentElement as HTMLElement;
    expect(within(explanation).getByText('mitocôndria').tagName).toBe('STRONG');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
  });

  it('after answering right: only the chosen option turns green', async () => {
    const { user } = await openFeed(questionPost(), {
      'POST /api/posts/p-question/answer': ok({ optionIndex: 1, isCorrect: true, correctAnswer: 1 }),
    });
    await user.click(option('Mitocôndria'));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    expect(await screen.findByText('Você acertou!')).toBeInTheDocument();
    expect(resultOf('Mitocôndria')).toBe('correct');
    expect(screen.queryByText('Explicação')).not.toBeInTheDocument();
  });

  it('shows a stored answer as answered after a reload (viewerAnswer)', async () => {
    await openFeed(
      questionPost({
        viewerAnswer: 0,
        questionData: {
          question: 'Qual organela produz ATP?',
          options: ['Ribossomo', 'Mitocôndria', 'Lisossomo', 'Golgi'],
          correctAnswer: 1,
          explanation: 'Respiração celular.',
        },
      }),
    );
    expect(resultOf('Ribossomo')).toBe('wrong');
    expect(resultOf('Mitocôndria')).toBe('correct');
    expect(screen.getByText('Respiração celular.')).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
  });

  it('keeps the options open and says why when the server refuses the answer', async () => {
    const { user } = await openFeed(questionPost(), {
      'POST /api/posts/p-question/answer': fail(409, 'Você já respondeu esta questão.', 'CONFLICT'),
    });
    await user.click(option('Golgi'));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    await expectToast('Erro', 'Você já respondeu esta questão.');
    expect(option('Golgi')).toBeEnabled();
  });

  it("offers 'Reportar erro na questão' once answered, and its author 'Corrigir gabarito' instead", async () => {
    const { user, api } = await openFeed(
      questionPost({
        viewerAnswer: 0,
        questionData: {
          question: 'Qual organela produz ATP?',
          options: ['Ribossomo', 'Mitocôndria', 'Lisossomo', 'Golgi'],
          correctAnswer: 1,
        },
      }),
      {
        'POST /api/posts/p-question/question-reports': ok(
          { message: 'Obrigado! O autor da questão vai analisar o seu relato.' },
          201,
        ),
      },
    );
    expect(screen.queryByRole('button', { name: 'Corrigir gabarito' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Reportar erro na questão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar erro na questão' });
    await user.click(within(dialog).getByLabelText('Gabarito errado'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText('Obrigado! O autor da questão vai analisar o seu relato.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts/p-question/question-reports')[0]?.body).toEqual({
      reason: 'gabarito_errado',
    });
  });

  it("shows its author 'Corrigir gabarito' and 'Anular questão', not 'Reportar erro na questão'", async () => {
    const { user } = await openFeed(
      questionPost({
        author: { ...author, id: ana.id, displayName: ana.displayName, username: ana.username },
        questionData: {
          question: 'Qual organela produz ATP?',
          options: ['$1$ e $6$', '$2$ e $3$', '$-2$ e $-3$', '$5$ e $6$'],
          correctAnswer: 1,
        },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Reportar erro na questão' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anular questão' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Corrigir gabarito' }));
    // The alternatives as the question shows them: their formulas rendered, not their LaTeX source.
    const dialog = await screen.findByRole('dialog', { name: 'Corrigir gabarito' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(4);
    expect(dialog.textContent).not.toContain('$');
  });

  it("shows an imported question's image beside it, and a grey tile when the image rule keeps it from the viewer", async () => {
    const data = {
      question: 'Qual organela produz ATP?',
      options: ['Ribossomo', 'Mitocôndria', 'Lisossomo', 'Golgi', 'Centríolo'],
    };
    const url = 'http://localhost:3000/media/posts/0123456789abcdef0123456789abcdef.webp';
    const view = await openFeed(
      questionPost({ questionData: { ...data, image: { url, sensitivity: 'ok' } } }),
    );
    const card = screen.getByRole('article');
    expect(within(card).getByRole('button', { name: 'Ver imagem 1 de 1' })).toBeInTheDocument();
    expect(card.querySelector(`img[src="${url}"]`)).not.toBeNull();
    view.unmount();

    await openFeed(
      questionPost({ questionData: { ...data, image: { url: null, sensitivity: 'sensitive' } } }),
    );
    const hidden = screen.getByRole('article');
    expect(within(hidden).getByText('Imagem oculta: conteúdo sensível.')).toBeInTheDocument();
    expect(hidden.querySelector('img[src*="/media/"]')).toBeNull();
  });
});
