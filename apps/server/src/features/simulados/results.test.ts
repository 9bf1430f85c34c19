import { SIMULADO_ESTIMATE_LABEL, SIMULADO_MESSAGES, SimuladoErrorCode } from '@estudai/contract';
import { eq } from 'drizzle-orm';
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
import { notebookEntries, postAnswers } from '../../db/schema/index.ts';

const M = SIMULADO_MESSAGES;
let app: SimuladoApp;
let w: SimuladoWorld;
let id: string;
let a: User;
let b: User;
let c: User;

// Keys cycle 0,1,2,3,0,1; questions alternate matemática (Funções) and física (Cinemática).
// a: right, wrong, right, blank, wrong, right → 3 of 6. b: all right. c: only question 1, right.
const A_CHOICES: (number | null)[] = [0, 0, 2, null, 1, 1];

beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app, { members: 3 });
  [a, b, c] = w.members as [User, User, User];
  id = await publishedSimulado(w);
});
afterAll(async () => {
  await app.t.app.close();
});

const result = (user: User) => w.call(user, 'GET', `/api/simulados/${id}/attempts/me/result`);
const submit = (user: User) => w.call(user, 'POST', `/api/simulados/${id}/attempts/me/submit`);
const start = (user: User) => w.call(user, 'POST', `/api/simulados/${id}/attempts`);

async function takeAll() {
  for (const user of [a, b, c]) await start(user);
  for (const [index, choice] of A_CHOICES.entries())
    if (choice !== null) await answer(w, a, id, index, choice);
  for (const index of [0, 1, 2, 3, 4, 5]) await answer(w, b, id, index, index % 4);
  await answer(w, c, id, 1, 1);
  w.clock.advance(20 * MINUTE);
  for (const user of [a, b, c]) await submit(user);
}

const wrongEntries = (user: User) =>
  w.t.app.ctx.database.db.select().from(notebookEntries).where(eq(notebookEntries.userId, user.id));

describe('the result', () => {
  it('is refused (409) while the attempt runs, and 404 without one', async () => {
    await start(a);
    const early = await result(a);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: M.resultNotReady, code: SimuladoErrorCode.resultNotReady });
    const none = await result(b);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(M.attemptNotFound);
  });

  it('counts right answers per subject and topic, with the key and the explanations', async () => {
    await takeAll();
    const res = await result(a);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      simuladoId: id,
      personal: false,
      correctCount: 3,
      total: 6,
      answeredCount: 5,
      blankCount: 1,
      attempt: { status: 'finished', finishedAt: '2026-11-26T13:20:00.000Z', answeredCount: 5 },
      bySubject: [
        { subject: 'matematica', correct: 2, total: 3 },
        { subject: 'fisica', correct: 1, total: 3 },
      ],
      byTopic: [
        { subject: 'matematica', topic: 'Funções', correct: 2, total: 3 },
        { subject: 'fisica', topic: 'Cinemática', correct: 1, total: 3 },
      ],
    });
    expect(data.questions[1]).toEqual({
      index: 1,
      postId: w.questionIds[1],
      questionIndex: null,
      questionData: {
        question: 'Questão 2 do simulado',
        options: ['A', 'B', 'C', 'D'],
        correctAnswer: 1,
        explanation: 'Explicação da questão 2.',
        subject: 'fisica',
        topic: 'Cinemática',
      },
      viewerAnswer: 0,
      isCorrect: false,
      calibrated: false,
      groupCorrectPercentage: 67,
    });
    expect(data.questions[3]).toMatchObject({ viewerAnswer: null, isCorrect: false });
  });

  it('names the questions that weighed most: misses on what the group found easiest', async () => {
    await takeAll();
    const data = (await result(a)).json().data;
    // Question 1: 2 of 3 got it. Questions 3 and 4: 1 of 3; 3 is easier on the platform (b).
    expect(data.heaviestMisses).toEqual([
      { index: 1, viewerAnswer: 0, groupCorrectPercentage: 67 },
      { index: 3, viewerAnswer: null, groupCorrectPercentage: 33 },
      { index: 4, viewerAnswer: 1, groupCorrectPercentage: 33 },
    ]);
  });

  it('gives a provisional estimate with its label and the explanations of the pattern', async () => {
    await takeAll();
    const data = (await result(a)).json().data;
    expect(data.estimate).toMatchObject({ provisional: true, label: SIMULADO_ESTIMATE_LABEL });
    expect(data.estimate.score).toBeGreaterThan(300);
    expect(data.estimate.score).toBeLessThan(700);
    expect(data.estimate.standardError).toBeGreaterThan(0);
    expect(data.explanations).toContain(
      'Você deixou 1 questão em branco: na TRI, questão em branco conta como erro.',
    );
    expect(data.explanations.at(-1)).toMatch(/^Estimativa provisória: 6 de 6 questões/);
    const best = (await result(b)).json().data;
    expect(best.estimate.score).toBeGreaterThan(data.estimate.score);
    expect(best.explanations[0]).toBe('Seu desempenho foi coerente: você acertou todas as questões.');
  });

  it('makes each simulado answer a first answer where the user had none', async () => {
    await w.call(a, 'POST', `/api/posts/${w.questionIds[5]}/answer`, { optionIndex: 3 });
    await takeAll();
    const rows = await w.t.app.ctx.database.db.select().from(postAnswers).where(eq(postAnswers.userId, a.id));
    const byPost = new Map(rows.map((row) => [row.postId, row.optionIndex]));
    expect(rows).toHaveLength(5);
    expect(byPost.get(w.questionIds[5]!)).toBe(3); // the earlier answer stays the first
    expect(byPost.get(w.questionIds[4]!)).toBe(1);
    expect(byPost.has(w.questionIds[3]!)).toBe(false); // a blank is no answer
  });
});

describe('the caderno de erros', () => {
  it('gets every wrong answer once, however often the result is read', async () => {
    await takeAll();
    await result(a);
    await result(a);
    const entries = await wrongEntries(a);
    expect(entries.map((entry) => [entry.postId, entry.reason]).sort()).toEqual(
      [
        [w.questionIds[1], 'wrong'],
        [w.questionIds[4], 'wrong'],
      ].sort(),
    );
    const notebook = await w.call(a, 'GET', '/api/notebook');
    expect(notebook.json().data).toHaveLength(2);
  });

  it('gets them once when an attempt that ran out of time is read concurrently', async () => {
    await start(a);
    for (const [index, choice] of A_CHOICES.entries())
      if (choice !== null) await answer(w, a, id, index, choice);
    w.clock.advance(61 * MINUTE);
    const replies = await Promise.all(Array.from({ length: 6 }, () => result(a)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(6).fill(200));
    expect(replies.map((reply) => reply.json().data.correctCount)).toEqual(Array(6).fill(3));
    expect(await wrongEntries(a)).toHaveLength(2);
    const first = await w.t.app.ctx.database.db
      .select()
      .from(postAnswers)
      .where(eq(postAnswers.userId, a.id));
    expect(first).toHaveLength(5);
  });
});

describe('the ranking', () => {
  it('waits for the window to close, then lists first names only, best first', async () => {
    await takeAll();
    const before = (await result(a)).json().data.ranking;
    expect(before).toEqual({ status: 'after_close', availableAt: '2026-11-26T21:00:00.000Z', entries: [] });
    w.clock.set('2026-11-26T18:00:00-03:00');
    const after = (await result(a)).json().data.ranking;
    expect(after.status).toBe('available');
    expect(after.entries).toEqual([
      { rank: 1, firstName: 'Membro2', correctCount: 6, total: 6, isViewer: false },
      { rank: 2, firstName: 'Membro1', correctCount: 3, total: 6, isViewer: true },
      { rank: 3, firstName: 'Membro3', correctCount: 1, total: 6, isViewer: false },
    ]);
    expect(JSON.stringify(after)).not.toContain('Sobrenome');
  });

  it('stays hidden when the simulado does not show one', async () => {
    id = await publishedSimulado(w, { showRanking: false });
    await start(a);
    await submit(a);
    w.clock.set('2026-11-26T19:00:00-03:00');
    const data = (await result(a)).json().data;
    expect(data.ranking).toEqual({ status: 'disabled', availableAt: null, entries: [] });
  });
});
