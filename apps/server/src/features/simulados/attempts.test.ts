import { ErrorCode, GROUP_MESSAGES, SIMULADO_MESSAGES, SimuladoErrorCode } from '@estudai/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestApp } from '../../../test/app.ts';
import { addMember, createUser } from '../../../test/factories.ts';
import {
  answer,
  clientId,
  MINUTE,
  publishedSimulado,
  type SimuladoApp,
  type SimuladoWorld,
  simuladoApp,
  simuladoBody,
  simuladoWorld,
} from '../../../test/simulados.ts';
import { postAnswers, simuladoAnswers, simuladoAttempts } from '../../db/schema/index.ts';
import { finishExpiredAttempts } from './attempts.service.ts';

const M = SIMULADO_MESSAGES;
let app: SimuladoApp;
let w: SimuladoWorld;
let id: string;

beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app);
  id = await publishedSimulado(w);
});
afterAll(async () => {
  await app.t.app.close();
});

const start = (user: { id: string }, simuladoId = id) =>
  w.call(user, 'POST', `/api/simulados/${simuladoId}/attempts`);
const mine = (user: { id: string }) => w.call(user, 'GET', `/api/simulados/${id}/attempts/me`);

async function attemptCount() {
  const [row] = await w.t.app.ctx.database.db.select({ n: count() }).from(simuladoAttempts);
  return row?.n ?? 0;
}

describe('starting', () => {
  it('starts the viewer’s attempt on the server’s clock: endsAt is start + duration', async () => {
    const res = await start(w.members[0]!);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      simuladoId: id,
      status: 'in_progress',
      startedAt: '2026-11-26T13:00:00.000Z',
      endsAt: '2026-11-26T14:00:00.000Z',
      finishedAt: null,
      answeredCount: 0,
      total: 6,
      serverNow: '2026-11-26T13:00:00.000Z',
      answers: [],
    });
  });

  it('ends at the window’s close when that comes first', async () => {
    w.clock.set('2026-11-26T17:40:00-03:00');
    const res = await start(w.members[0]!);
    expect(res.json().data.endsAt).toBe('2026-11-26T21:00:00.000Z');
  });

  it('refuses a second attempt (409)', async () => {
    await start(w.members[0]!);
    const again = await start(w.members[0]!);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: M.attemptExists, code: SimuladoErrorCode.attemptExists });
    expect(await attemptCount()).toBe(1);
  });

  it('refuses to start before the window opens and after it closes (409)', async () => {
    const later = await publishedSimulado(w, { opensAt: '2026-11-26T14:00' });
    const early = await start(w.members[0]!, later);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: M.notOpenYet, code: SimuladoErrorCode.windowClosed });
    w.clock.set('2026-11-26T18:00:00-03:00');
    const late = await start(w.members[0]!, later);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(M.windowClosed);
    expect(await attemptCount()).toBe(0);
  });

  it('answers 404 to a non-member, and to a member whose membership ended', async () => {
    const outsider = await createUser(w.t.app);
    const res = await start(outsider);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: M.notFound, code: ErrorCode.notFound });
    const former = await createUser(w.t.app);
    await addMember(w.t.app, { id: w.groupId }, former, { status: 'left' });
    expect((await start(former)).statusCode).toBe(404);
    expect(await attemptCount()).toBe(0);
  });

  it('refuses the organizer a draft (409) and an admin who is not in the group (403)', async () => {
    const draft = await w.call(w.owner, 'POST', `/api/study-groups/${w.groupId}/simulados`, simuladoBody(w));
    const res = await start(w.owner, draft.json().data.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(M.notPublished);
    const admin = await createUser(w.t.app, { userType: 'admin' });
    const adminRes = await start(admin);
    expect(adminRes.statusCode).toBe(403);
    expect(adminRes.json().error).toBe(GROUP_MESSAGES.membersOnly);
  });
});

describe('answering', () => {
  it('saves and changes answers until the end; the detail shows questions without keys meanwhile', async () => {
    const member = w.members[0]!;
    await start(member);
    w.clock.advance(MINUTE);
    const first = await answer(w, member, id, 2, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      index: 2,
      optionIndex: 1,
      answeredAt: '2026-11-26T13:01:00.000Z',
      applied: true,
      answeredCount: 1,
      endsAt: '2026-11-26T14:00:00.000Z',
      serverNow: '2026-11-26T13:01:00.000Z',
    });
    w.clock.advance(MINUTE);
    const changed = await answer(w, member, id, 2, 3);
    expect(changed.json().data).toMatchObject({ optionIndex: 3, applied: true, answeredCount: 1 });

    const detail = await w.call(member, 'GET', `/api/simulados/${id}`);
    const data = detail.json().data;
    expect(data.questions).toHaveLength(6);
    for (const question of data.questions) {
      expect(question.questionData).not.toHaveProperty('correctAnswer');
      expect(question.questionData).not.toHaveProperty('explanation');
    }
    expect(data.attempt).toMatchObject({
      status: 'in_progress',
      answers: [{ index: 2, optionIndex: 3, answeredAt: '2026-11-26T13:02:00.000Z' }],
    });
    expect(JSON.stringify(data)).not.toContain('Explicação');
    const state = await mine(member);
    expect(state.json().data).toMatchObject({ answeredCount: 1, serverNow: '2026-11-26T13:02:00.000Z' });
  });

  it('treats a clientId already applied as a no-op that answers the stored choice', async () => {
    const member = w.members[0]!;
    await start(member);
    const first = clientId();
    await w.call(member, 'PUT', `/api/simulados/${id}/attempts/me/answers/0`, {
      optionIndex: 1,
      clientId: first,
    });
    w.clock.advance(MINUTE);
    await answer(w, member, id, 0, 2);
    w.clock.advance(MINUTE);
    const replay = await w.call(member, 'PUT', `/api/simulados/${id}/attempts/me/answers/0`, {
      optionIndex: 1,
      clientId: first,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ optionIndex: 2, applied: false, answeredCount: 1 });
    const reused = await w.call(member, 'PUT', `/api/simulados/${id}/attempts/me/answers/1`, {
      optionIndex: 1,
      clientId: first,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe(M.clientIdTaken);
  });

  it('keeps the latest choice by answeredAt when an offline queue syncs late (decision 017)', async () => {
    const member = w.members[0]!;
    await start(member);
    w.clock.advance(10 * MINUTE);
    const newer = await answer(w, member, id, 0, 3, { answeredAt: '2026-11-26T13:08:00Z' });
    expect(newer.json().data).toMatchObject({ optionIndex: 3, applied: true });
    const older = await answer(w, member, id, 0, 1, { answeredAt: '2026-11-26T13:05:00Z' });
    expect(older.statusCode).toBe(200);
    expect(older.json().data).toMatchObject({
      optionIndex: 3,
      applied: false,
      answeredAt: '2026-11-26T13:08:00.000Z',
    });
    const latest = await answer(w, member, id, 0, 2, { answeredAt: '2026-11-26T13:09:00-00:00' });
    expect(latest.json().data).toMatchObject({ optionIndex: 2, applied: true });
    // A device clock a little off is kept inside the attempt; one far off is refused.
    const ahead = await answer(w, member, id, 1, 2, { answeredAt: '2026-11-26T12:59:30Z' });
    expect(ahead.json().data.answeredAt).toBe('2026-11-26T13:00:00.000Z');
    const wild = await answer(w, member, id, 1, 0, { answeredAt: '2026-11-27T13:00:00Z' });
    expect(wild.statusCode).toBe(400);
    expect(wild.json().error).toBe(M.answeredAtInvalid);
  });

  it('applies concurrent sends of one choice once', async () => {
    const member = w.members[0]!;
    await start(member);
    const body = { optionIndex: 2, clientId: clientId() };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        w.call(member, 'PUT', `/api/simulados/${id}/attempts/me/answers/4`, body),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(replies.filter((r) => r.json().data.applied)).toHaveLength(1);
    const [attempt] = await w.t.app.ctx.database.db.select().from(simuladoAttempts);
    expect(attempt?.answeredCount).toBe(1);
  });

  it('refuses an answer after endsAt (409), and after a hand-in, changing nothing', async () => {
    const [a, b] = w.members as [(typeof w.members)[0], (typeof w.members)[0]];
    await start(a!);
    await answer(w, a!, id, 0, 0);
    w.clock.advance(60 * MINUTE);
    const late = await answer(w, a!, id, 0, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: M.attemptEnded, code: SimuladoErrorCode.attemptEnded });
    await start(b!);
    const submitted = await w.call(b!, 'POST', `/api/simulados/${id}/attempts/me/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data).toMatchObject({
      status: 'finished',
      finishedAt: '2026-11-26T14:00:00.000Z',
    });
    const afterSubmit = await answer(w, b!, id, 0, 1);
    expect(afterSubmit.statusCode).toBe(409);
    const stored = await w.t.app.ctx.database.db.select().from(simuladoAnswers);
    expect(stored.map((row) => row.optionIndex)).toEqual([0]);
  });

  it.each([
    ['option index 4', 0, { optionIndex: 4 }, 400, M.optionInvalid],
    ['a negative option', 0, { optionIndex: -1 }, 400, M.optionInvalid],
    ['a clientId that is not a UUID', 0, { clientId: 'abc' }, 400, M.clientIdInvalid],
    ['a question index outside the simulado', 6, {}, 404, M.questionNotInSimulado],
    ['a question index that is not a number', 'x', {}, 404, M.questionNotInSimulado],
    ['a question index past the maximum', 999, {}, 404, M.questionNotInSimulado],
  ])('refuses %s', async (_, index, body, status, message) => {
    const member = w.members[0]!;
    await start(member);
    const res = await w.call(member, 'PUT', `/api/simulados/${id}/attempts/me/answers/${index}`, {
      optionIndex: 1,
      clientId: clientId(),
      ...body,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(message);
    const stored = await w.t.app.ctx.database.db.select().from(simuladoAnswers);
    expect(stored).toEqual([]);
  });

  it('answers 404 to an answer without an attempt, and to a malformed simulado id', async () => {
    const res = await answer(w, w.members[0]!, id, 0, 1);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(M.attemptNotFound);
    const malformed = await w.call(w.members[0]!, 'PUT', '/api/simulados/zzz/attempts/me/answers/0', {
      optionIndex: 1,
      clientId: clientId(),
    });
    expect(malformed.statusCode).toBe(404);
    expect((await mine(w.members[0]!)).statusCode).toBe(404);
  });

  it('refuses to answer the same question in the bank while the attempt runs (the key would show)', async () => {
    const member = w.members[0]!;
    await start(member);
    const res = await w.call(member, 'POST', `/api/posts/${w.questionIds[0]}/answer`, { optionIndex: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(M.questionInOpenAttempt);
    await answer(w, member, id, 0, 2);
    await w.call(member, 'POST', `/api/simulados/${id}/attempts/me/submit`);
    // Handed in: the simulado's answer is now the first answer, so the bank shows it as answered.
    const after = await w.call(member, 'POST', `/api/posts/${w.questionIds[0]}/answer`, { optionIndex: 0 });
    expect(after.statusCode).toBe(409);
    expect(after.json().error).not.toBe(M.questionInOpenAttempt);
    const rows = await w.t.app.ctx.database.db
      .select()
      .from(postAnswers)
      .where(and(eq(postAnswers.userId, member.id), eq(postAnswers.postId, w.questionIds[0]!)));
    expect(rows.map((row) => [row.optionIndex, row.isCorrect])).toEqual([[2, false]]);
  });
});

describe('the feed pages kept in memory', () => {
  it('stay while answers are saved, and go when the attempt closes (here on a read)', async () => {
    const member = w.members[0]!;
    await start(member);
    const before = w.t.app.ctx.feedCache.ticket();
    await answer(w, member, id, 0, 1);
    expect(w.t.app.ctx.feedCache.ticket()).toBe(before);
    w.clock.advance(61 * MINUTE);
    await mine(member);
    expect(w.t.app.ctx.feedCache.ticket()).not.toBe(before);
  });
});

describe('ending', () => {
  it('counts an attempt whose time passed as finished without a hand-in, on read and by the periodic job', async () => {
    const [a, b] = w.members as [(typeof w.members)[0], (typeof w.members)[0]];
    await start(a!);
    await start(b!);
    await answer(w, a!, id, 0, 0);
    await answer(w, b!, id, 1, 0);
    w.clock.advance(61 * MINUTE);
    const read = await mine(a!);
    expect(read.json().data).toMatchObject({ status: 'finished', finishedAt: '2026-11-26T14:00:00.000Z' });
    expect(await finishExpiredAttempts(w.t.app.ctx)).toBe(1);
    expect(await finishExpiredAttempts(w.t.app.ctx)).toBe(0);
    const rows = await w.t.app.ctx.database.db.select().from(simuladoAttempts);
    expect(rows.every((row) => row.finalizedAt !== null)).toBe(true);
    // Their answers became first answers in the bank: a's right one, b's wrong one.
    const first = await w.t.app.ctx.database.db.select().from(postAnswers);
    expect(first.map((row) => [row.userId, row.isCorrect, row.viaAttempt]).sort()).toEqual(
      [
        [a!.id, true, false],
        [b!.id, false, false],
      ].sort(),
    );
  });

  it('hands in early and answers the same on a second hand-in', async () => {
    const member = w.members[0]!;
    await start(member);
    w.clock.advance(5 * MINUTE);
    const res = await w.call(member, 'POST', `/api/simulados/${id}/attempts/me/submit`);
    expect(res.json().data).toMatchObject({ status: 'finished', finishedAt: '2026-11-26T13:05:00.000Z' });
    w.clock.advance(MINUTE);
    const again = await w.call(member, 'POST', `/api/simulados/${id}/attempts/me/submit`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.finishedAt).toBe('2026-11-26T13:05:00.000Z');
    const none = await w.call(w.members[1]!, 'POST', `/api/simulados/${id}/attempts/me/submit`);
    expect(none.statusCode).toBe(404);
  });
});
