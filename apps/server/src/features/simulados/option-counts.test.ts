import { POST_MESSAGES, SIMULADO_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestApp } from '../../../test/app.ts';
import {
  answer,
  MINUTE,
  publishedSimulado,
  type SimuladoApp,
  type SimuladoWorld,
  simuladoApp,
  simuladoWorld,
  type User,
} from '../../../test/simulados.ts';
import { defaultItemParams, enemEstimate } from './psychometrics.ts';

// Issue 36, 'Questions shaped like real exams': 2 to 5 alternatives (keys 0–4) through the post, the
// quiz, the bank, the caderno, the reviews and the simulado; the TRI default c is 1/k.

let app: SimuladoApp;
let w: SimuladoWorld;
let ana: User;

beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app, { members: 1, questions: 0 });
  [ana] = w.members as [User];
});
afterAll(async () => {
  await app.t.app.close();
});

const CERTO_ERRADO = {
  question: 'A derivada de x² é 2x.',
  options: ['Certo', 'Errado'],
  correctAnswer: 0,
  subject: 'matematica',
};
const ENEM = {
  question: 'Qual é a capital do Brasil?',
  options: ['São Paulo', 'Rio de Janeiro', 'Salvador', 'Belo Horizonte', 'Brasília'],
  correctAnswer: 4,
  subject: 'geografia',
};

async function post(questionData: object, type = 'question') {
  const body =
    type === 'question'
      ? { type, content: '', questionData }
      : { type, content: '', questionSetData: { title: 'Quiz', questions: [questionData] } };
  return w.call(w.owner, 'POST', '/api/posts', body);
}

async function posted(questionData: object): Promise<string> {
  const res = await post(questionData);
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

describe('creating', () => {
  it('takes two (Certo/Errado) and five (A–E) alternatives, keys 0 to 4', async () => {
    const two = await post(CERTO_ERRADO);
    expect(two.statusCode).toBe(201);
    expect(two.json().data.questionData.options).toEqual(['Certo', 'Errado']);
    const five = await post(ENEM);
    expect(five.statusCode).toBe(201);
    expect(five.json().data.questionData.options).toHaveLength(5);
    const quiz = await post(ENEM, 'question_set');
    expect(quiz.statusCode).toBe(201);
  });

  it.each([
    ['one alternative', { ...CERTO_ERRADO, options: ['Certo'] }, POST_MESSAGES.questionOptions],
    ['six alternatives', { ...ENEM, options: [...ENEM.options, 'Curitiba'] }, POST_MESSAGES.questionOptions],
    ['a key past two alternatives', { ...CERTO_ERRADO, correctAnswer: 2 }, POST_MESSAGES.correctAnswerRange],
    ['a key 5', { ...ENEM, correctAnswer: 5 }, POST_MESSAGES.correctAnswerRange],
  ])('refuses %s with a pt-BR 400, in a post and in a quiz', async (_, data, message) => {
    for (const type of ['question', 'question_set']) {
      const res = await post(data, type);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect(POST_MESSAGES.questionOptions).toBe('A questão precisa de 2 a 5 alternativas preenchidas.');
  });
});

describe('answering', () => {
  it('takes E of five and refuses a third option of two', async () => {
    const five = await posted(ENEM);
    const two = await posted(CERTO_ERRADO);
    const right = await w.call(ana, 'POST', `/api/posts/${five}/answer`, { optionIndex: 4 });
    expect(right.statusCode).toBe(201);
    expect(right.json().data).toMatchObject({ isCorrect: true, correctAnswer: 4 });
    const third = await w.call(ana, 'POST', `/api/posts/${two}/answer`, { optionIndex: 2 });
    expect(third.statusCode).toBe(400);
    expect(third.json().error).toBe(POST_MESSAGES.optionMissing);
    const errado = await w.call(ana, 'POST', `/api/posts/${two}/answer`, { optionIndex: 1 });
    expect(errado.json().data).toMatchObject({ isCorrect: false, correctAnswer: 0 });
  });

  it('scores a quiz of two and five alternatives and refuses an answer past a question’s options', async () => {
    const res = await w.call(w.owner, 'POST', '/api/posts', {
      type: 'question_set',
      content: '',
      questionSetData: { title: 'Misto', questions: [CERTO_ERRADO, ENEM] },
    });
    const quiz = res.json().data.id;
    const bad = await w.call(ana, 'POST', `/api/posts/${quiz}/quiz-attempts`, { answers: [4, 4] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(POST_MESSAGES.optionMissing);
    const good = await w.call(ana, 'POST', `/api/posts/${quiz}/quiz-attempts`, { answers: [0, 4] });
    expect(good.statusCode).toBe(201);
    expect(good.json().data).toMatchObject({ score: 2, total: 2 });
  });
});

describe('the bank, the caderno and the reviews', () => {
  it('list questions of two and five alternatives, and review them', async () => {
    const five = await posted(ENEM);
    const two = await posted(CERTO_ERRADO);
    const bank = await w.call(ana, 'GET', '/api/questions');
    expect(bank.statusCode).toBe(200);
    const lengths = bank
      .json()
      .data.map((q: { questionData: { options: string[] } }) => q.questionData.options.length)
      .sort();
    expect(lengths).toEqual([2, 5]);

    await w.call(ana, 'POST', `/api/posts/${five}/answer`, { optionIndex: 3 });
    await w.call(ana, 'POST', `/api/posts/${two}/answer`, { optionIndex: 1 });
    const notebook = await w.call(ana, 'GET', '/api/notebook');
    const entries = notebook.json().data as {
      id: string;
      question: { postId: string; viewerAnswer: number; questionData: { options: string[] } };
    }[];
    expect(entries.map((entry) => [entry.question.postId, entry.question.viewerAnswer]).sort()).toEqual(
      [
        [five, 3],
        [two, 1],
      ].sort(),
    );

    const due = await w.call(ana, 'GET', '/api/reviews/due');
    expect(
      due
        .json()
        .data.map((entry: (typeof entries)[number]) => entry.question.questionData.options.length)
        .sort(),
    ).toEqual([2, 5]);
    for (const entry of entries) {
      const review = await w.call(ana, 'POST', `/api/reviews/${entry.id}`, {
        rating: 'good',
        clientId: crypto.randomUUID(),
      });
      expect(review.statusCode).toBe(201);
    }
  });
});

describe('a simulado', () => {
  it('takes E of five, refuses a third option of two, and guesses 1/k in the default TRI parameters', async () => {
    // Certo/Errado, A–E, Certo/Errado, A–E, Certo/Errado: five questions, as publishing asks.
    const kinds = [CERTO_ERRADO, ENEM, CERTO_ERRADO, ENEM, CERTO_ERRADO];
    const ids: string[] = [];
    for (const kind of kinds) ids.push(await posted(kind));
    const id = await publishedSimulado(w, {
      questions: ids.map((postId) => ({ postId, questionIndex: null })),
    });
    expect((await w.call(ana, 'POST', `/api/simulados/${id}/attempts`)).statusCode).toBe(201);
    const third = await answer(w, ana, id, 0, 2);
    expect(third.statusCode).toBe(400);
    expect(third.json().error).toBe(SIMULADO_MESSAGES.optionInvalid);
    for (const [index, kind] of kinds.entries()) {
      const res = await answer(w, ana, id, index, kind.correctAnswer);
      expect(res.statusCode).toBe(200);
    }
    w.clock.advance(10 * MINUTE);
    await w.call(ana, 'POST', `/api/simulados/${id}/attempts/me/submit`);
    const result = await w.call(ana, 'GET', `/api/simulados/${id}/attempts/me/result`);
    expect(result.statusCode).toBe(200);
    const data = result.json().data;
    expect(data).toMatchObject({ correctCount: 5, total: 5 });
    // Every question answered right by the only taker: a share of 1 on the platform for each.
    const scored = (counts: (number | undefined)[]) =>
      counts.map((k) => ({ ...defaultItemParams(1, k), calibrated: false }));
    const withK = scored(kinds.map((kind) => kind.options.length));
    expect(withK.map((item) => item.c)).toEqual([0.5, 0.2, 0.5, 0.2, 0.5]);
    const all = [1, 1, 1, 1, 1] as const;
    expect(data.estimate.score).toBe(enemEstimate(withK, [...all]).score);
    expect(enemEstimate(scored(kinds.map(() => undefined)), [...all]).score).not.toBe(data.estimate.score);
  });
});
