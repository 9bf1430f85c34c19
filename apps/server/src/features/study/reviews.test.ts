import { dueCardsSchema, STUDY_LOOP_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { notebookEntries, reviewLogs } from '../../db/schema/index.ts';

// Issue 19, spaced review: the due cards, FSRS reviews once per clientId, offline syncs in order.

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

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });
const reference = fsrs(generatorParameters({ request_retention: 0.9, enable_fuzz: false }));

/** An entry of Ana's made `minutesAgo` minutes ago (a new card, due since then). */
async function entry(minutesAgo = 60) {
  const question = await createPost(t.app, carla, { type: 'question' });
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const [row] = await t.app.ctx.database.db
    .insert(notebookEntries)
    .values({ userId: ana.id, postId: question.id, reason: 'wrong', createdAt: at, due: at })
    .returning();
  if (!row) throw new Error('no entry');
  return row;
}
const review = (entryId: string, body: object, as = cookie) =>
  call('POST', `/api/reviews/${entryId}`, body, as);
/** The due list; this file makes no flashcards, so every item must be a caderno entry. */
const due = async (query = '') => {
  const parsed = dueCardsSchema.parse((await call('GET', `/api/reviews/due${query}`)).json());
  const entries = parsed.data.filter((item) => item.kind === 'entry');
  expect(entries).toHaveLength(parsed.data.length);
  return { ...parsed, data: entries };
};

describe('GET /api/reviews/due', () => {
  it("lists the viewer's due cards oldest due first with their count; a review takes one off", async () => {
    const older = await entry(120);
    const newer = await entry(30);
    const later = await entry(10);
    await t.app.ctx.database.db
      .update(notebookEntries)
      .set({ due: new Date(Date.now() + 86_400_000) })
      .where(eq(notebookEntries.id, later.id));
    const bruno = await createUser(t.app);
    const question = await createPost(t.app, carla, { type: 'question' });
    await call(
      'POST',
      `/api/posts/${question.id}/answer`,
      { optionIndex: 0 },
      await signedInAs(t.app, bruno),
    );

    const before = await due();
    expect(before.count).toBe(2);
    expect(before.data.map((card) => card.id)).toEqual([older.id, newer.id]);
    // Never answered (put there by hand): the card shows no key until Ana answers it.
    expect(before.data[0]?.question.questionData).not.toHaveProperty('correctAnswer');
    const limited = await due('?limit=1');
    expect(limited).toMatchObject({ count: 2, hasMore: true });
    expect(limited.data).toHaveLength(1);

    const res = await review(older.id, { rating: 'good', clientId: crypto.randomUUID() });
    expect(res.statusCode).toBe(201);
    const after = await due();
    expect(after.count).toBe(1);
    expect(after.data.map((card) => card.id)).toEqual([newer.id]);
  });

  it('refuses limit=1000 (400)', async () => {
    const res = await call('GET', '/api/reviews/due?limit=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(STUDY_LOOP_MESSAGES.limitInvalid);
  });
});

describe('POST /api/reviews/{entryId}', () => {
  it('applies FSRS exactly as ts-fsrs does, step after step', async () => {
    const card = await entry(60 * 24 * 20);
    const start = card.createdAt.getTime();
    const steps = [
      { rating: 'again', grade: Rating.Again, at: start + 60_000 },
      { rating: 'good', grade: Rating.Good, at: start + 3 * 60_000 },
      { rating: 'good', grade: Rating.Good, at: start + 20 * 60_000 },
      { rating: 'easy', grade: Rating.Easy, at: start + 5 * 86_400_000 },
      { rating: 'hard', grade: Rating.Hard, at: start + 15 * 86_400_000 },
    ] as const;
    let expected = createEmptyCard(card.createdAt);
    for (const step of steps) {
      expected = reference.next(expected, new Date(step.at), step.grade).card;
      const res = await review(card.id, {
        rating: step.rating,
        clientId: crypto.randomUUID(),
        reviewedAt: new Date(step.at).toISOString(),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toEqual({
        entryId: card.id,
        due: expected.due.toISOString(),
        stability: expected.stability,
        difficulty: expected.difficulty,
        state: ['new', 'learning', 'review', 'relearning'][expected.state],
        reps: expected.reps,
        lapses: expected.lapses,
        scheduledDays: expected.scheduled_days,
        learningSteps: expected.learning_steps,
        lastReview: new Date(step.at).toISOString(),
        applied: true,
      });
    }
  });

  it('applies the same clientId once, however often or concurrently it is sent', async () => {
    const card = await entry();
    const body = { rating: 'good', clientId: crypto.randomUUID() };
    const first = await review(card.id, body);
    expect(first.statusCode).toBe(201);
    const replies = await Promise.all(Array.from({ length: 5 }, () => review(card.id, body)));
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json().data).toEqual({ ...first.json().data, applied: false });
    }
    expect(await t.app.ctx.database.db.select().from(reviewLogs)).toHaveLength(1);
    const [stored] = await t.app.ctx.database.db.select().from(notebookEntries);
    expect(stored?.reps).toBe(1);
    const elsewhere = await review((await entry()).id, body);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error).toBe(STUDY_LOOP_MESSAGES.clientIdTaken);
  });

  it('lands on the same card when an offline queue syncs late and out of order', async () => {
    const online = await entry(60 * 24 * 3);
    const offline = await entry(60 * 24 * 3);
    await t.app.ctx.database.db
      .update(notebookEntries)
      .set({ createdAt: online.createdAt, due: online.createdAt })
      .where(eq(notebookEntries.id, offline.id));
    const base = online.createdAt.getTime();
    const queue = [
      { rating: 'again', at: base + 10 * 60_000 },
      { rating: 'good', at: base + 30 * 60_000 },
      { rating: 'good', at: base + 86_400_000 },
      { rating: 'hard', at: base + 2 * 86_400_000 },
    ];
    for (const step of queue) {
      await review(online.id, {
        rating: step.rating,
        clientId: crypto.randomUUID(),
        reviewedAt: new Date(step.at).toISOString(),
      });
    }
    const shuffled = [queue[2], queue[0], queue[3], queue[1]];
    for (const step of shuffled) {
      if (!step) continue;
      await review(offline.id, {
        rating: step.rating,
        clientId: crypto.randomUUID(),
        reviewedAt: new Date(step.at).toISOString(),
      });
    }
    const rows = await t.app.ctx.database.db.select().from(notebookEntries);
    const [a, b] = [rows.find((r) => r.id === online.id), rows.find((r) => r.id === offline.id)];
    const card = (row: typeof a) => row && { ...row, id: undefined, postId: undefined };
    expect(card(b)).toEqual(card(a));
    expect(a?.reps).toBe(4);
  });

  it("answers 404 for someone else's entry, an unknown one and a malformed id, changing nothing", async () => {
    const card = await entry();
    const bruno = await signedInAs(t.app, await createUser(t.app));
    for (const [id, as] of [
      [card.id, bruno],
      [crypto.randomUUID(), cookie],
      ['abc', cookie],
    ] as const) {
      const res = await review(id, { rating: 'good', clientId: crypto.randomUUID() }, as);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: STUDY_LOOP_MESSAGES.entryNotFound, code: 'NOT_FOUND' });
    }
    expect(await t.app.ctx.database.db.select().from(reviewLogs)).toEqual([]);
  });

  const day = 86_400_000;
  it.each([
    ['a rating other than the four', { rating: 'perfect' }, STUDY_LOOP_MESSAGES.ratingInvalid],
    ['a numeric rating', { rating: 3 }, STUDY_LOOP_MESSAGES.ratingInvalid],
    ['a clientId that is no UUID', { clientId: 'abc' }, STUDY_LOOP_MESSAGES.clientIdInvalid],
    ['a reviewedAt that is no date', { reviewedAt: 'ontem' }, STUDY_LOOP_MESSAGES.reviewedAtInvalid],
    [
      'a reviewedAt in the future',
      { reviewedAt: new Date(Date.now() + 3_600_000).toISOString() },
      STUDY_LOOP_MESSAGES.reviewedAtFuture,
    ],
    [
      'a reviewedAt 31 days old',
      { reviewedAt: new Date(Date.now() - 31 * day).toISOString() },
      STUDY_LOOP_MESSAGES.reviewedAtTooOld,
    ],
  ])('refuses %s with a pt-BR 400 and changes nothing', async (_, bad, message) => {
    const card = await entry(60 * 24 * 40);
    const res = await review(card.id, { rating: 'good', clientId: crypto.randomUUID(), ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await t.app.ctx.database.db.select().from(reviewLogs)).toEqual([]);
    const [stored] = await t.app.ctx.database.db.select().from(notebookEntries);
    expect(stored?.reps).toBe(0);
  });

  it('accepts a review 29 days old, and one dated before the entry as made with it', async () => {
    const card = await entry(60 * 24 * 40);
    const old = await review(card.id, {
      rating: 'good',
      clientId: crypto.randomUUID(),
      reviewedAt: new Date(Date.now() - 29 * day).toISOString(),
    });
    expect(old.statusCode).toBe(201);
    const young = await entry(5);
    const early = await review(young.id, {
      rating: 'easy',
      clientId: crypto.randomUUID(),
      reviewedAt: new Date(young.createdAt.getTime() - 60_000).toISOString(),
    });
    expect(early.statusCode).toBe(201);
    expect(early.json().data.lastReview).toBe(young.createdAt.toISOString());
  });
});

describe('the whole loop', () => {
  it('wrong answer in the feed → in the caderno and due → reviewed → the due count drops', async () => {
    const question = await createPost(t.app, carla, { type: 'question' });
    expect((await due()).count).toBe(0);
    await call('POST', `/api/posts/${question.id}/answer`, { optionIndex: 2 });
    const cards = await due();
    expect(cards.count).toBe(1);
    const [card] = cards.data;
    expect(card?.question).toMatchObject({ postId: question.id, status: 'wrong', viewerAnswer: 2 });
    // Answered: the review screen has the key and the explanation to show after Ana picks again.
    expect(card?.question.questionData).toMatchObject({
      correctAnswer: 1,
      explanation: '$2x = 8$, logo $x = 4$.',
    });
    const res = await review(card?.id ?? '', { rating: 'good', clientId: crypto.randomUUID() });
    expect(res.json().data).toMatchObject({ state: 'learning', reps: 1, applied: true });
    expect((await due()).count).toBe(0);
  });
});

describe("DELETE /api/reviews/{entryId}/{clientId} ('Desfazer')", () => {
  const undo = (entryId: string, clientId: string, as = cookie) =>
    t.app.inject({ method: 'DELETE', url: `/api/reviews/${entryId}/${clientId}`, headers: { cookie: as } });
  const card = async (id: string) => {
    const [row] = await t.app.ctx.database.db
      .select()
      .from(notebookEntries)
      .where(eq(notebookEntries.id, id));
    return row;
  };

  it('restores the card as it was before the review and removes its log row', async () => {
    const row = await entry(60);
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await review(row.id, { rating: 'good', clientId: first });
    const afterGood = await card(row.id);
    await review(row.id, { rating: 'again', clientId: second });
    expect((await card(row.id))?.lapses).toBe(0);
    expect((await card(row.id))?.due.getTime()).not.toBe(afterGood?.due.getTime());

    const res = await undo(row.id, second);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ entryId: row.id, due: afterGood?.due.toISOString(), reps: 1 });
    const restored = await card(row.id);
    for (const field of [
      'due',
      'stability',
      'difficulty',
      'state',
      'reps',
      'lapses',
      'learningSteps',
    ] as const)
      expect(restored?.[field]).toEqual(afterGood?.[field]);
    const logs = await t.app.ctx.database.db.select().from(reviewLogs).where(eq(reviewLogs.entryId, row.id));
    expect(logs.map((log) => log.clientId)).toEqual([first]);

    // Undoing the first too: a new card again, due when the entry was made.
    const none = (await undo(row.id, first)).json().data;
    expect(none).toMatchObject({ state: 'new', reps: 0, lastReview: null, due: row.createdAt.toISOString() });
  });

  it("refuses a review that is not there, someone else's and a bad id, with pt-BR 404s", async () => {
    const row = await entry(60);
    const clientId = crypto.randomUUID();
    await review(row.id, { rating: 'good', clientId });
    const missing = await undo(row.id, crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(STUDY_LOOP_MESSAGES.reviewNotFound);
    expect((await undo(row.id, 'nao-e-uuid')).json().error).toBe(STUDY_LOOP_MESSAGES.reviewNotFound);
    const bruno = await signedInAs(t.app, await createUser(t.app));
    const other = await undo(row.id, clientId, bruno);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe(STUDY_LOOP_MESSAGES.entryNotFound);
    expect((await undo(row.id, clientId)).statusCode).toBe(200);
    // Twice: the second finds nothing (an offline queue sending it again drops it).
    expect((await undo(row.id, clientId)).statusCode).toBe(404);
  });

  it("tells when the next card comes due: a card rated 'Errei' is back in a minute", async () => {
    const row = await entry(60);
    expect((await due()).nextDueAt).toBeNull();
    const before = Date.now();
    await review(row.id, { rating: 'again', clientId: crypto.randomUUID() });
    const list = await due();
    expect(list.count).toBe(0);
    const next = Date.parse(list.nextDueAt ?? '');
    expect(next - before).toBeGreaterThanOrEqual(60_000);
    expect(next - before).toBeLessThan(70_000);
    const [entryCard] = (await call('GET', '/api/notebook')).json().data;
    expect(entryCard.card).toMatchObject({ state: 'learning', learningSteps: expect.any(Number) });
  });
});
