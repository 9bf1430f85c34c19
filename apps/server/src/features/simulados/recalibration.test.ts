import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestApp } from '../../../test/app.ts';
import {
  publishedSimulado,
  questionData,
  type SimuladoApp,
  type SimuladoWorld,
  simuladoApp,
  simuladoWorld,
} from '../../../test/simulados.ts';
import { postAnswers, questionCalibrationRuns, questionCalibrations, users } from '../../db/schema/index.ts';
import { type ItemParams, probabilityCorrect } from './psychometrics.ts';
import { mulberry32, normalSampler } from './random.ts';
import { recalibrationJobFor, runRecalibration } from './recalibration.service.ts';

// Five questions answered by 400 people simulated from known 3PL parameters (above the 200 answers
// a question needs), and a sixth answered by nobody.
const TRUTH: ItemParams[] = [
  { a: 1.6, b: -1.5, c: 0.2 },
  { a: 1.4, b: -0.5, c: 0.2 },
  { a: 1.5, b: 0, c: 0.2 },
  { a: 1.3, b: 0.7, c: 0.2 },
  { a: 1.7, b: 1.5, c: 0.2 },
];
const PEOPLE = 400;

let app: SimuladoApp;
let w: SimuladoWorld;

beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app, { members: 1 });
  const uniform = mulberry32(2026);
  const normal = normalSampler(uniform);
  const people = Array.from({ length: PEOPLE }, (_, i) => ({
    id: randomUUID(),
    email: `calibracao${i}@exemplo.com.br`,
    username: `calibracao_${i}`,
    displayName: `Pessoa ${i}`,
    userType: 'aluno' as const,
    emailVerified: true,
  }));
  const { db } = w.t.app.ctx.database;
  await db.insert(users).values(people);
  const rows = people.flatMap((person) => {
    const theta = normal();
    return TRUTH.map((item, n) => {
      const right = uniform() < probabilityCorrect(item, theta);
      const key = questionData(n).correctAnswer;
      return {
        postId: w.questionIds[n]!,
        userId: person.id,
        questionIndex: 0,
        optionIndex: right ? key : (key + 1) % 4,
        isCorrect: right,
      };
    });
  });
  await db.insert(postAnswers).values(rows);
});
afterAll(async () => {
  await app.t.app.close();
});

async function estimateFor(questions: string[]) {
  const id = await publishedSimulado(w, {
    questions: questions.map((postId) => ({ postId, questionIndex: null })),
  });
  const member = w.members[0]!;
  await w.call(member, 'POST', `/api/simulados/${id}/attempts`);
  await w.call(member, 'POST', `/api/simulados/${id}/attempts/me/submit`);
  return (await w.call(member, 'GET', `/api/simulados/${id}/attempts/me/result`)).json().data;
}

// Seeding 400 people and fitting on a worker thread take a while on a busy machine.
describe('the recalibration job', { timeout: 90_000 }, () => {
  it('fits and stores 3PL parameters for every question with at least 200 answers, once per slot', async () => {
    const job = recalibrationJobFor(w.clock.now());
    expect(job).toEqual({
      name: 'simulados.recalibrate',
      payload: { slot: '2026-11-26T13' },
      idempotencyKey: 'simulados.recalibrate:2026-11-26T13',
    });
    const runs = await Promise.all([
      runRecalibration(w.t.app.ctx, job.payload),
      runRecalibration(w.t.app.ctx, job.payload),
    ]);
    expect(runs.sort()).toEqual([5, null]);
    const { db } = w.t.app.ctx.database;
    const stored = await db.select().from(questionCalibrations);
    expect(stored).toHaveLength(5);
    const [run] = await db.select().from(questionCalibrationRuns);
    expect(run).toMatchObject({ slot: '2026-11-26T13', items: 5 });
    for (const [n, item] of TRUTH.entries()) {
      const fitted = stored.find((row) => row.postId === w.questionIds[n]);
      expect(fitted?.responses).toBe(PEOPLE);
      expect(Math.abs((fitted?.b ?? 99) - item.b), `b of question ${n + 1}`).toBeLessThan(0.6);
    }
    // Ordered as the truth: easier questions have lower b.
    const bs = w.questionIds.slice(0, 5).map((postId) => stored.find((row) => row.postId === postId)?.b ?? 0);
    expect([...bs].sort((x, y) => x - y)).toEqual(bs);

    // Same slot again: nothing. A new slot with no new answers: nothing to refit.
    expect(await runRecalibration(w.t.app.ctx, job.payload)).toBeNull();
    w.clock.advance(60 * 60_000);
    expect(await runRecalibration(w.t.app.ctx, recalibrationJobFor(w.clock.now()).payload)).toBe(0);
  });

  it('makes the estimate final once every question of the simulado is calibrated', async () => {
    const before = await estimateFor(w.questionIds.slice(0, 5));
    expect(before.estimate.provisional).toBe(true);
    expect(before.questions.map((q: { calibrated: boolean }) => q.calibrated)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);

    await runRecalibration(w.t.app.ctx, recalibrationJobFor(w.clock.now()).payload);
    // The same questions in a new simulado (the first attempt is single): now calibrated.
    const after = await estimateFor(w.questionIds.slice(0, 5).reverse());
    expect(after.questions.map((q: { calibrated: boolean }) => q.calibrated)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(after.estimate.provisional).toBe(false);
    expect(after.explanations.join(' ')).not.toContain('provisória');

    // With the sixth, unanswered question it is provisional again, for that question alone.
    const mixed = await estimateFor(w.questionIds);
    expect(mixed.questions.map((q: { calibrated: boolean }) => q.calibrated)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(mixed.estimate.provisional).toBe(true);
  });
});
