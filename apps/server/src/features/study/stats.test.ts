import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STUDY_LOOP_MESSAGES, studyStatsDetailSchema } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import {
  notebookEntries,
  postAnswers,
  pushSubscriptions,
  quizAttempts,
  reviewLogs,
  type StoredQuestion,
  studyReminders,
  studySessions,
} from '../../db/schema/index.ts';
import { runDueReminders, runReminderJob } from '../notifications/study-reminders.service.ts';
import { reminderJobFor } from './reminders.ts';
import { getStudyStatsDetail } from './stats.service.ts';

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let carla: User;
let ana: User;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  carla = await createUser(t.app, { userType: 'professor' });
  ana = await createUser(t.app);
  cookie = await signedInAs(t.app, ana);
});
afterAll(async () => {
  await t.app.close();
});

const call = (method: 'GET' | 'PUT', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });
const q = (subject: string, correctAnswer = 0): StoredQuestion => ({
  question: `Questão de ${subject}`,
  options: ['A', 'B', 'C', 'D'],
  correctAnswer,
  subject,
});
/** An instant on a Brasília clock. */
const br = (local: string) => new Date(`${local}-03:00`);

describe('GET /api/users/{id}/study-stats', () => {
  it("breaks 'Taxa de Acerto' down by subject from the same answers as the overall figure", async () => {
    const { db } = t.app.ctx.database;
    const math = await createPost(t.app, carla, { type: 'question', questionData: q('matematica') });
    const bio = await createPost(t.app, carla, { type: 'question', questionData: q('biologia') });
    const quiz = await createPost(t.app, carla, {
      type: 'question_set',
      questionSetData: { title: 'Misto', questions: [q('matematica', 1), q('biologia', 2)] },
    });
    const plain = await createPost(t.app, carla, { type: 'question' });
    await db.insert(postAnswers).values([
      { postId: math.id, userId: ana.id, optionIndex: 0, isCorrect: true },
      { postId: bio.id, userId: ana.id, optionIndex: 3, isCorrect: false },
      { postId: plain.id, userId: ana.id, optionIndex: 1, isCorrect: true },
    ]);
    // Two attempts at the quiz: every question of every attempt counts, as for the overall figure.
    for (const answers of [
      [1, 0],
      [1, 2],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${quiz.id}/quiz-attempts`,
        payload: { answers },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await call('GET', `/api/users/${ana.username}/study-stats`);
    expect(res.statusCode).toBe(200);
    const stats = studyStatsDetailSchema.parse(res.json().data);
    expect(stats.accuracyBySubject).toEqual([
      { subject: 'biologia', answered: 3, correct: 1, percentage: 33 },
      { subject: 'matematica', answered: 3, correct: 3, percentage: 100 },
      { subject: null, answered: 1, correct: 1, percentage: 100 },
    ]);
    const answered = stats.accuracyBySubject.reduce((sum, row) => sum + row.answered, 0);
    const correct = stats.accuracyBySubject.reduce((sum, row) => sum + row.correct, 0);
    expect(stats.accuracyPercentage).toBe(Math.round((correct / answered) * 100));
  });

  it('counts cards due now and today and cards reviewed today, on the own profile only', async () => {
    const { db } = t.app.ctx.database;
    const now = br('2026-03-10T15:00:00');
    const make = async (due: Date) => {
      const post = await createPost(t.app, carla, { type: 'question' });
      const [entry] = await db
        .insert(notebookEntries)
        .values({
          userId: ana.id,
          postId: post.id,
          reason: 'wrong',
          createdAt: br('2026-03-01T10:00:00'),
          due,
        })
        .returning();
      return entry;
    };
    await make(br('2026-03-10T09:00:00'));
    await make(br('2026-03-10T15:00:00'));
    await make(br('2026-03-10T23:30:00'));
    await make(br('2026-03-11T00:30:00'));
    const reviewed = await make(br('2026-03-12T08:00:00'));
    await db.insert(reviewLogs).values([
      {
        userId: ana.id,
        entryId: reviewed?.id,
        clientId: crypto.randomUUID(),
        rating: 1,
        reviewedAt: br('2026-03-10T08:00:00'),
      },
      {
        userId: ana.id,
        entryId: reviewed?.id,
        clientId: crypto.randomUUID(),
        rating: 3,
        reviewedAt: br('2026-03-10T08:10:00'),
      },
      {
        userId: ana.id,
        entryId: reviewed?.id,
        clientId: crypto.randomUUID(),
        rating: 3,
        reviewedAt: br('2026-03-09T23:50:00'),
      },
    ]);
    const own = await getStudyStatsDetail(t.app.ctx, ana, 'me', now);
    expect(own.reviews).toEqual({ dueNow: 2, dueToday: 3, reviewedToday: 1 });
    const seenByCarla = await getStudyStatsDetail(t.app.ctx, carla, ana.id, now);
    expect(seenByCarla.reviews).toBeNull();
  });

  it('draws 12 weeks of Brasília days, oldest first, with answers, reviews and timer minutes', async () => {
    const { db } = t.app.ctx.database;
    const now = br('2026-03-10T12:00:00');
    const question = await createPost(t.app, carla, { type: 'question' });
    const quiz = await createPost(t.app, carla, { type: 'question_set' });
    await db.insert(postAnswers).values({
      postId: question.id,
      userId: ana.id,
      optionIndex: 1,
      isCorrect: true,
      createdAt: br('2026-03-09T23:30:00'),
    });
    await db.insert(quizAttempts).values({
      postId: quiz.id,
      userId: ana.id,
      answers: [0, 0],
      score: 1,
      total: 2,
      createdAt: br('2026-03-10T00:30:00'),
    });
    await db.insert(reviewLogs).values({
      userId: ana.id,
      clientId: crypto.randomUUID(),
      rating: 3,
      reviewedAt: br('2026-03-10T08:00:00'),
    });
    await db.insert(studySessions).values([
      {
        userId: ana.id,
        startedAt: br('2026-03-10T09:00:00'),
        endedAt: now,
        durationSeconds: 1_530,
        kind: 'timer',
      },
      {
        userId: ana.id,
        startedAt: br('2025-12-01T09:00:00'),
        endedAt: now,
        durationSeconds: 600,
        kind: 'timer',
      },
    ]);
    const stats = await getStudyStatsDetail(t.app.ctx, ana, ana.id, now);
    expect(stats.calendar).toHaveLength(84);
    expect(stats.calendar[0]?.day).toBe('2025-12-17');
    expect(stats.calendar.at(-1)).toEqual({ day: '2026-03-10', answers: 2, reviews: 1, studyMinutes: 25 });
    expect(stats.calendar.at(-2)).toEqual({ day: '2026-03-09', answers: 1, reviews: 0, studyMinutes: 0 });
    const total = stats.calendar.reduce((sum, day) => sum + day.answers + day.reviews + day.studyMinutes, 0);
    expect(total).toBe(29);
    // A review is study activity: the streak counts 9 and 10 March.
    expect(stats.studyStreak).toBe(2);
  });

  it('answers 404 for an unknown user and 401 signed out', async () => {
    const missing = await call('GET', '/api/users/ninguem.aqui/study-stats');
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${ana.id}/study-stats` })).statusCode).toBe(
      401,
    );
  });
});

describe('daily reminder settings', () => {
  it('is off until chosen, then keeps the hour', async () => {
    expect((await call('GET', '/api/reviews/reminder')).json().data).toEqual({ enabled: false, hour: 19 });
    const res = await call('PUT', '/api/reviews/reminder', { enabled: true, hour: 8 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ enabled: true, hour: 8 });
    expect((await call('GET', '/api/reviews/reminder')).json().data).toEqual({ enabled: true, hour: 8 });
  });

  it.each([22, 6, 0, 23, 7.5, -1])(
    'refuses hour %s (never 22:00 to 07:00) with a pt-BR 400, keeping the setting',
    async (hour) => {
      await call('PUT', '/api/reviews/reminder', { enabled: true, hour: 9 });
      const res = await call('PUT', '/api/reviews/reminder', { enabled: true, hour });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: STUDY_LOOP_MESSAGES.reminderHourInvalid,
        code: 'VALIDATION_ERROR',
      });
      expect((await call('GET', '/api/reviews/reminder')).json().data.hour).toBe(9);
    },
  );
});

describe('the reminder rule', () => {
  const setting = { userId: 'u1', enabled: true, hour: 8, lastSentDay: null };
  it('is owed from the chosen hour, once a day, never between 22:00 and 07:00', () => {
    expect(reminderJobFor(setting, br('2026-03-10T07:59:00'))).toBeNull();
    expect(reminderJobFor(setting, br('2026-03-10T08:00:00'))).toEqual({
      name: 'study.daily-reminder',
      payload: { userId: 'u1', day: '2026-03-10' },
      idempotencyKey: 'study.daily-reminder:u1:2026-03-10',
    });
    expect(reminderJobFor(setting, br('2026-03-10T21:59:00'))).not.toBeNull();
    expect(reminderJobFor(setting, br('2026-03-10T22:00:00'))).toBeNull();
    expect(reminderJobFor(setting, br('2026-03-11T06:30:00'))).toBeNull();
    expect(reminderJobFor({ ...setting, lastSentDay: '2026-03-10' }, br('2026-03-10T12:00:00'))).toBeNull();
    expect(
      reminderJobFor({ ...setting, lastSentDay: '2026-03-09' }, br('2026-03-10T12:00:00')),
    ).not.toBeNull();
    expect(reminderJobFor({ ...setting, enabled: false }, br('2026-03-10T12:00:00'))).toBeNull();
  });
});

describe('the reminder job', () => {
  async function pushService() {
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { endpoint: `http://127.0.0.1:${port}/push/ana`, received, server };
  }

  it('sends one Web Push a day when cards are due, none when none are, none in the quiet hours', async () => {
    const { db } = t.app.ctx.database;
    const service = await pushService();
    try {
      await db.insert(pushSubscriptions).values({
        userId: ana.id,
        endpoint: service.endpoint,
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      });
      await call('PUT', '/api/reviews/reminder', { enabled: true, hour: 8 });
      const post = await createPost(t.app, carla, { type: 'question' });
      expect(await runDueReminders(t.app.ctx, br('2026-03-10T09:00:00'))).toBe(0);

      await db.insert(notebookEntries).values({
        userId: ana.id,
        postId: post.id,
        reason: 'wrong',
        createdAt: br('2026-03-09T10:00:00'),
        due: br('2026-03-10T20:00:00'),
      });
      expect(await runDueReminders(t.app.ctx, br('2026-03-10T07:30:00'))).toBe(0);
      expect(await runDueReminders(t.app.ctx, br('2026-03-10T09:00:00'))).toBe(1);
      expect(service.received).toHaveLength(1);
      expect(service.received[0]?.headers['content-encoding']).toBe('aes128gcm');
      // Again the same day, from this process or another: nothing more.
      expect(await runDueReminders(t.app.ctx, br('2026-03-10T12:00:00'))).toBe(0);
      expect(await runReminderJob(t.app.ctx, { userId: ana.id, day: '2026-03-10' })).toBe(false);
      expect(await runDueReminders(t.app.ctx, br('2026-03-10T23:00:00'))).toBe(0);
      expect(service.received).toHaveLength(1);
      const [setting] = await db.select().from(studyReminders);
      expect(setting?.lastSentDay).toBe('2026-03-10');
      // The next day it is owed again.
      expect(await runDueReminders(t.app.ctx, br('2026-03-11T08:05:00'))).toBe(1);
      expect(service.received).toHaveLength(2);
    } finally {
      service.server.close();
    }
  });
});
