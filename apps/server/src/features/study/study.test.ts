import { STUDY_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { postAnswers, quizAttempts, studySessions } from '../../db/schema/index.ts';
import { previousDay, streakLength, studyDay } from '../../lib/study-days.ts';
import { getStudyStats } from './study.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

const record = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/study-sessions', headers: { cookie }, payload });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function insertSession(userId: string, startedAt: string, durationSeconds: number) {
  const start = new Date(startedAt);
  await t.app.ctx.database.db.insert(studySessions).values({
    userId,
    startedAt: start,
    endedAt: new Date(start.getTime() + durationSeconds * 1000),
    durationSeconds,
    kind: 'timer',
  });
}

describe('POST /api/study-sessions', () => {
  it('records a session and answers the statistics with it included', async () => {
    const ana = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    const [first, second] = [minutesAgo(26), minutesAgo(100)];
    // Run just after midnight, a session may have started yesterday in Brasília.
    const today = studyDay(new Date());
    const todayMinutes = (start: string, minutes: number) =>
      studyDay(new Date(start)) === today ? minutes : 0;
    const res = await record(cookie, { durationSeconds: 25 * 60, startedAt: first, kind: 'pomodoro' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      totalStudyHours: 0.4,
      todayStudyTime: todayMinutes(first, 25),
      studyStreak: 1,
      accuracyPercentage: 0,
      questionsAnswered: 0,
    });
    const again = await record(cookie, { durationSeconds: 95 * 60, startedAt: second });
    const todayTotal = todayMinutes(first, 25) + todayMinutes(second, 95);
    expect(again.json().data).toMatchObject({ totalStudyHours: 2, todayStudyTime: todayTotal });

    const profile = await t.app.inject({ method: 'GET', url: `/api/users/${ana.id}`, headers: { cookie } });
    expect(profile.json().data).toMatchObject({ totalStudyHours: 2, todayStudyTime: todayTotal });
    const rows = await t.app.ctx.database.db.select().from(studySessions);
    expect(rows.map((r) => r.kind).sort()).toEqual(['pomodoro', 'timer']);
  });

  it.each([
    ['a zero duration', { durationSeconds: 0 }, STUDY_MESSAGES.durationInvalid],
    ['more than 12 hours', { durationSeconds: 12 * 3600 + 1 }, STUDY_MESSAGES.durationInvalid],
    ['a fractional duration', { durationSeconds: 1.5 }, STUDY_MESSAGES.durationInvalid],
    [
      'a start in the future',
      { startedAt: new Date(Date.now() + 3_600_000).toISOString() },
      STUDY_MESSAGES.startedInFuture,
    ],
    [
      'a start days ago',
      { startedAt: new Date(Date.now() - 72 * 3_600_000).toISOString() },
      STUDY_MESSAGES.startedTooLongAgo,
    ],
    ['a start that is not a date', { startedAt: 'ontem' }, STUDY_MESSAGES.startedAtInvalid],
  ])('refuses %s (400)', async (_name, override, message) => {
    const cookie = await signedInAs(t.app, await createUser(t.app));
    const res = await record(cookie, { durationSeconds: 60, startedAt: minutesAgo(2), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await t.app.ctx.database.db.select().from(studySessions)).toEqual([]);
  });

  it('refuses unknown fields and anonymous callers', async () => {
    const cookie = await signedInAs(t.app, await createUser(t.app));
    expect(
      (await record(cookie, { durationSeconds: 60, startedAt: minutesAgo(2), userId: 'x' })).statusCode,
    ).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/study-sessions',
      payload: { durationSeconds: 60, startedAt: minutesAgo(2) },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('study statistics', () => {
  it('counts today in Brasília time: 23:30 and 00:30 are different days', async () => {
    const ana = await createUser(t.app);
    await insertSession(ana.id, '2026-03-09T23:30:00-03:00', 30 * 60);
    await insertSession(ana.id, '2026-03-10T00:30:00-03:00', 20 * 60);
    const now = new Date('2026-03-10T12:00:00-03:00');
    const stats = await getStudyStats(t.app.ctx.database.db, ana.id, now);
    // In UTC both would be on 10 March; in Brasília the first one is still on the 9th.
    expect(stats).toMatchObject({ todayStudyTime: 20, studyStreak: 2, totalStudyHours: 0.8 });
    const lateEvening = new Date('2026-03-09T23:59:00-03:00');
    expect((await getStudyStats(t.app.ctx.database.db, ana.id, lateEvening)).todayStudyTime).toBe(30);
  });

  it('counts a streak across days with study time or an answered question, and a gap breaks it', async () => {
    const ana = await createUser(t.app);
    const author = await createUser(t.app, { userType: 'professor' });
    const question = await createPost(t.app, author, { type: 'question' });
    const quiz = await createPost(t.app, author, { type: 'question_set' });
    const { db } = t.app.ctx.database;
    await insertSession(ana.id, '2026-03-03T10:00:00-03:00', 600); // before the gap
    await insertSession(ana.id, '2026-03-05T10:00:00-03:00', 600);
    await db.insert(postAnswers).values({
      postId: question.id,
      userId: ana.id,
      optionIndex: 1,
      isCorrect: true,
      createdAt: new Date('2026-03-06T22:00:00-03:00'),
    });
    await db.insert(quizAttempts).values({
      postId: quiz.id,
      userId: ana.id,
      answers: [1, 2],
      score: 1,
      total: 2,
      createdAt: new Date('2026-03-07T08:00:00-03:00'),
    });
    await insertSession(ana.id, '2026-03-08T09:00:00-03:00', 600);

    const stats = (day: string) => getStudyStats(db, ana.id, new Date(`${day}T15:00:00-03:00`));
    expect((await stats('2026-03-08')).studyStreak).toBe(4);
    // Nothing yet today: the streak is still alive from yesterday.
    expect((await stats('2026-03-09')).studyStreak).toBe(4);
    expect((await stats('2026-03-10')).studyStreak).toBe(0);
    expect((await stats('2026-03-08')).accuracyPercentage).toBe(67);
    expect((await stats('2026-03-08')).questionsAnswered).toBe(3);
  });

  it('is all zeros for someone who never studied', async () => {
    const ana = await createUser(t.app);
    expect(await getStudyStats(t.app.ctx.database.db, ana.id)).toEqual({
      totalStudyHours: 0,
      todayStudyTime: 0,
      studyStreak: 0,
      accuracyPercentage: 0,
      questionsAnswered: 0,
    });
  });
});

describe('study days', () => {
  it('names the Brasília day of an instant and walks back across months', () => {
    expect(studyDay(new Date('2026-03-10T02:30:00Z'))).toBe('2026-03-09');
    expect(studyDay(new Date('2026-03-10T03:30:00Z'))).toBe('2026-03-10');
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(streakLength(['2026-03-10', '2026-03-09', '2026-03-07'], '2026-03-10')).toBe(2);
    expect(streakLength([], '2026-03-10')).toBe(0);
  });
});
