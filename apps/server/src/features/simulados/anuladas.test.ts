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
import { questionCalibrations } from '../../db/schema/index.ts';

// Issue 40: a question its author anulled counts as right for everyone who answered it in a
// simulado (as INEP does): in the result, its figures and the ranking; a blank stays a blank.

let app: SimuladoApp;
let w: SimuladoWorld;
let id: string;
let a: User;
let b: User;
let c: User;

// Keys cycle 0,1,2,3,0,1. a: right, wrong, right, blank, wrong, right → 3 of 6. b: all right. c: only 1, right.
const A_CHOICES: (number | null)[] = [0, 0, 2, null, 1, 1];

beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app, { members: 3 });
  [a, b, c] = w.members as [User, User, User];
  id = await publishedSimulado(w);
  for (const user of [a, b, c]) await w.call(user, 'POST', `/api/simulados/${id}/attempts`);
  for (const [index, choice] of A_CHOICES.entries())
    if (choice !== null) await answer(w, a, id, index, choice);
  for (const index of [0, 1, 2, 3, 4, 5]) await answer(w, b, id, index, index % 4);
  await answer(w, c, id, 1, 1);
  w.clock.advance(20 * MINUTE);
  for (const user of [a, b, c]) await w.call(user, 'POST', `/api/simulados/${id}/attempts/me/submit`);
});
afterAll(async () => {
  await app.t.app.close();
});

const result = async (user: User) =>
  (await w.call(user, 'GET', `/api/simulados/${id}/attempts/me/result`)).json().data;
const anul = async (n: number) => {
  const res = await w.call(w.owner, 'POST', `/api/posts/${w.questionIds[n]}/status`, { status: 'anulada' });
  expect(res.statusCode).toBe(200);
};

describe('an anulada question in a simulado', () => {
  it('scores as right for whoever answered it, not for a blank', async () => {
    const before = await result(a);
    expect(before).toMatchObject({ correctCount: 3, answeredCount: 5 });
    expect(before.questions[1]).toMatchObject({
      viewerAnswer: 0,
      isCorrect: false,
      groupCorrectPercentage: 67,
    });
    await anul(1); // a answered it wrong
    await anul(3); // a left it blank
    const after = await result(a);
    expect(after).toMatchObject({ correctCount: 4, total: 6, answeredCount: 5, blankCount: 1 });
    expect(after.questions[1]).toMatchObject({
      viewerAnswer: 0,
      isCorrect: true,
      groupCorrectPercentage: 100,
    });
    expect(after.questions[3]).toMatchObject({ viewerAnswer: null, isCorrect: false });
    expect(after.bySubject).toContainEqual({ subject: 'fisica', correct: 2, total: 3 });
    expect(after.estimate.score).toBeGreaterThan(before.estimate.score);
  });

  it('counts in the ranking', async () => {
    await anul(4); // a answered it wrong, c left it blank
    w.clock.set('2026-11-26T18:00:00-03:00');
    const ranking = (await result(a)).ranking;
    expect(ranking.entries.map((entry: { correctCount: number }) => entry.correctCount)).toEqual([6, 4, 1]);
  });

  it('counts in a paper sheet typed by the organizers', async () => {
    const entered = await w.call(w.owner, 'POST', `/api/simulados/${id}/paper-answers`, {
      guestName: 'Visitante',
      answers: A_CHOICES,
    });
    expect(entered.statusCode).toBe(201);
    const correctOf = async () =>
      (await w.call(w.owner, 'GET', `/api/simulados/${id}/paper-answers`)).json().data.entries[0]
        .correctCount;
    expect(await correctOf()).toBe(3);
    await anul(1);
    expect(await correctOf()).toBe(4);
  });
});

describe('a corrected key in a simulado (issue 40: the correction re-grades every answer)', () => {
  const correct = async (n: number, correctAnswer: number) => {
    const res = await w.call(w.owner, 'POST', `/api/posts/${w.questionIds[n]}/key`, { correctAnswer });
    expect(res.statusCode).toBe(200);
  };

  it("re-grades the simulado's stored answers: result, figures, ranking, paper sheets and the review's key", async () => {
    // Question 1's key was 1: a chose 0 (wrong), b chose 1 (right), c chose 1 (right). Now it is 0.
    const entered = await w.call(w.owner, 'POST', `/api/simulados/${id}/paper-answers`, {
      guestName: 'Visitante',
      answers: A_CHOICES,
    });
    expect(entered.statusCode).toBe(201);
    const before = await result(a);
    expect(before).toMatchObject({ correctCount: 3 });
    await correct(1, 0);
    const after = await result(a);
    expect(after).toMatchObject({ correctCount: 4, total: 6 });
    expect(after.questions[1]).toMatchObject({
      viewerAnswer: 0,
      isCorrect: true,
      questionData: { correctAnswer: 0 },
    });
    expect(after.estimate.score).toBeGreaterThan(before.estimate.score);
    expect((await result(b)).correctCount).toBe(5);
    expect((await result(c)).correctCount).toBe(0);
    w.clock.set('2026-11-26T18:00:00-03:00');
    const ranking = (await result(a)).ranking;
    expect(ranking.entries.map((entry: { correctCount: number }) => entry.correctCount)).toEqual([5, 4, 0]);
    const sheets = (await w.call(w.owner, 'GET', `/api/simulados/${id}/paper-answers`)).json().data;
    expect(sheets.entries[0].correctCount).toBe(4);
  });

  it("drops the question's calibration, fitted with the old key, so the next fit takes it first", async () => {
    const { db } = app.t.app.ctx.database;
    const ref = { postId: w.questionIds[1] as string, questionIndex: 0 };
    await db
      .insert(questionCalibrations)
      .values({ ...ref, a: 1.2, b: 0.3, c: 0.2, responses: 250, calibratedAt: new Date() });
    const other = { postId: w.questionIds[2] as string, questionIndex: 0 };
    await db
      .insert(questionCalibrations)
      .values({ ...other, a: 1, b: 0, c: 0.2, responses: 250, calibratedAt: new Date() });
    await correct(1, 0);
    const left = await db.select({ postId: questionCalibrations.postId }).from(questionCalibrations);
    expect(left).toEqual([{ postId: other.postId }]);
  });
});
