import { ErrorCode, GROUP_MESSAGES, SIMULADO_MESSAGES, SimuladoErrorCode } from '@estudai/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestApp } from '../../../test/app.ts';
import { addMember, createGroup, createPost, createUser } from '../../../test/factories.ts';
import {
  publishedSimulado,
  type SimuladoApp,
  type SimuladoWorld,
  simuladoApp,
  simuladoBody,
  simuladoWorld,
} from '../../../test/simulados.ts';
import { simuladoQuestions, simulados } from '../../db/schema/index.ts';

const M = SIMULADO_MESSAGES;
let app: SimuladoApp;
let w: SimuladoWorld;

beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app);
});
afterAll(async () => {
  await app.t.app.close();
});

const create = (user: { id: string }, body: object, groupId = w.groupId) =>
  w.call(user, 'POST', `/api/study-groups/${groupId}/simulados`, body);

async function simuladoCount() {
  const [row] = await w.t.app.ctx.database.db.select({ n: count() }).from(simulados);
  return row?.n ?? 0;
}

describe('creating a simulado', () => {
  it('creates a draft for the group owner (a professor), with the questions in order and the window in Brasília time', async () => {
    const res = await create(
      w.owner,
      simuladoBody(w, { opensAt: '2026-11-26T14:00', closesAt: '2026-11-26T18:00:00-03:00' }),
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      studyGroupId: w.groupId,
      title: 'Simulado ENEM — Matemática e Física',
      durationMinutes: 60,
      opensAt: '2026-11-26T17:00:00.000Z',
      closesAt: '2026-11-26T21:00:00.000Z',
      showRanking: true,
      status: 'draft',
      window: 'upcoming',
      publishedAt: null,
      questionCount: 6,
      inProgress: 0,
      canManage: true,
      attempt: null,
      serverNow: '2026-11-26T13:00:00.000Z',
    });
    expect(data.createdBy.id).toBe(w.owner.id);
    expect(data.questions.map((q: { index: number; postId: string }) => [q.index, q.postId])).toEqual(
      w.questionIds.map((id, index) => [index, id]),
    );
    // The owner wrote these questions: the bank shows them their keys, and so does the simulado.
    expect(data.questions[1].questionData).toMatchObject({ correctAnswer: 1, subject: 'fisica' });
  });

  it("resolves opensAt 'now' to the server's clock", async () => {
    const res = await create(w.owner, simuladoBody(w));
    expect(res.json().data).toMatchObject({ opensAt: '2026-11-26T13:00:00.000Z', window: 'open' });
  });

  it('takes a quiz question by its index and keeps a copy of it', async () => {
    const quiz = await createPost(w.t.app, w.owner, { type: 'question_set' });
    const res = await create(
      w.owner,
      simuladoBody(w, {
        questions: [
          { postId: quiz.id, questionIndex: 1 },
          { postId: w.questionIds[0], questionIndex: null },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.questions[0]).toMatchObject({
      index: 0,
      postId: quiz.id,
      questionIndex: 1,
      questionData: { question: 'Onde fica o DNA dos eucariontes?', correctAnswer: 0 },
    });
    expect(res.json().data.questions[1].questionIndex).toBeNull();
  });

  it('lets an admin manage any group’s simulados', async () => {
    const admin = await createUser(w.t.app, { userType: 'admin' });
    const res = await create(admin, simuladoBody(w));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.canManage).toBe(true);
  });

  it('refuses a student with the pt-BR 403, whatever the body', async () => {
    const res = await create(w.members[0]!, { nonsense: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: M.createForbidden, code: ErrorCode.forbidden });
    expect(await simuladoCount()).toBe(0);
  });

  it('refuses a professor who does not own the group (403), and an unknown group (404)', async () => {
    const other = await createUser(w.t.app, { userType: 'professor' });
    await addMember(w.t.app, { id: w.groupId }, other);
    const res = await create(other, simuladoBody(w));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(M.manageForbidden);
    const unknown = await create(w.owner, simuladoBody(w), '0b7c5c8e-4f5e-4b7e-9a62-6f3d2f1f9c11');
    expect(unknown.statusCode).toBe(404);
    const malformed = await create(w.owner, simuladoBody(w), 'nao-e-um-id');
    expect(malformed.statusCode).toBe(404);
    expect(await simuladoCount()).toBe(0);
  });

  it('refuses a question the creator cannot see: another group’s members-only question', async () => {
    const stranger = await createUser(w.t.app, { userType: 'professor' });
    const closed = await createGroup(w.t.app, stranger);
    const hidden = await createPost(w.t.app, stranger, { type: 'question', studyGroupId: closed.id });
    const res = await create(
      w.owner,
      simuladoBody(w, {
        questions: [
          { postId: w.questionIds[0], questionIndex: null },
          { postId: hidden.id, questionIndex: null },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: M.questionUnavailable(2),
      code: SimuladoErrorCode.questionUnavailable,
    });
    expect(await simuladoCount()).toBe(0);
  });

  it('refuses a text post, an unknown id and a quiz without its questionIndex', async () => {
    const text = await createPost(w.t.app, w.owner);
    const quiz = await createPost(w.t.app, w.owner, { type: 'question_set' });
    for (const [ref, message] of [
      [{ postId: text.id, questionIndex: null }, M.questionUnavailable(1)],
      [{ postId: 'nao-existe', questionIndex: null }, M.questionUnavailable(1)],
      [{ postId: quiz.id, questionIndex: null }, M.questionIndexRequired(1)],
      [{ postId: quiz.id, questionIndex: 7 }, M.questionUnavailable(1)],
      [{ postId: w.questionIds[0], questionIndex: 0 }, M.questionIndexNotAllowed(1)],
    ] as const) {
      const res = await create(w.owner, simuladoBody(w, { questions: [ref] }));
      expect(res.statusCode, JSON.stringify(ref)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await simuladoCount()).toBe(0);
  });

  it.each([
    ['a duration of 9 minutes', { durationMinutes: 9 }, M.durationInvalid],
    ['a duration of 331 minutes', { durationMinutes: 331 }, M.durationInvalid],
    ['an empty title', { title: '   ' }, M.titleRequired],
    ['a title too long', { title: 'x'.repeat(121) }, M.titleTooLong],
    [
      'a window that closes before it opens',
      { opensAt: '2026-11-26T15:00', closesAt: '2026-11-26T14:00' },
      M.windowInverted,
    ],
    ['a malformed opening', { opensAt: 'amanhã' }, M.opensAtInvalid],
    ['a malformed closing', { closesAt: '26/11/2026' }, M.closesAtInvalid],
    ['no showRanking', { showRanking: undefined }, M.showRankingInvalid],
  ])('refuses %s (400)', async (_, overrides, message) => {
    const res = await create(w.owner, simuladoBody(w, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: ErrorCode.validation });
    expect(await simuladoCount()).toBe(0);
  });

  it('refuses a window that already closed, and one that closes before "now"', async () => {
    const res = await create(
      w.owner,
      simuladoBody(w, { opensAt: '2026-11-26T08:00', closesAt: '2026-11-26T09:00' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(M.closesInPast);
    const beforeNow = await create(
      w.owner,
      simuladoBody(w, { opensAt: 'now', closesAt: '2026-11-26T09:59' }),
    );
    expect(beforeNow.statusCode).toBe(400);
    expect(beforeNow.json().error).toBe(M.windowInverted);
    expect(await simuladoCount()).toBe(0);
  });

  it('refuses 181 questions and duplicated questions (400)', async () => {
    const many = Array.from({ length: 181 }, (_, i) => ({
      postId: w.questionIds[i % 6],
      questionIndex: null,
    }));
    const tooMany = await create(w.owner, simuladoBody(w, { questions: many }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(M.questionsTooMany);
    const twice = await create(
      w.owner,
      simuladoBody(w, {
        questions: [
          { postId: w.questionIds[0], questionIndex: null },
          { postId: w.questionIds[0]!.toUpperCase(), questionIndex: null },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe(M.questionsDuplicated);
    expect(await simuladoCount()).toBe(0);
  });

  it('refuses NUL characters in the title like every other text', async () => {
    const res = await create(w.owner, simuladoBody(w, { title: 'Simu\u0000lado' }));
    expect(res.statusCode).toBe(400);
    expect(await simuladoCount()).toBe(0);
  });
});

describe('editing and publishing', () => {
  async function draft(overrides: Record<string, unknown> = {}) {
    const res = await create(w.owner, simuladoBody(w, overrides));
    return res.json().data.id as string;
  }

  it('edits a draft: the fields given, the questions replaced', async () => {
    const id = await draft();
    const res = await w.call(w.owner, 'PATCH', `/api/simulados/${id}`, {
      title: 'Novo título',
      showRanking: false,
      questions: w.questionIds
        .slice(0, 2)
        .reverse()
        .map((postId) => ({ postId, questionIndex: null })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Novo título',
      showRanking: false,
      durationMinutes: 60,
      questionCount: 2,
    });
    expect(res.json().data.questions.map((q: { postId: string }) => q.postId)).toEqual([
      w.questionIds[1],
      w.questionIds[0],
    ]);
  });

  it('checks a new closing against the stored opening', async () => {
    const id = await draft({ opensAt: '2026-11-26T14:00' });
    const res = await w.call(w.owner, 'PATCH', `/api/simulados/${id}`, { closesAt: '2026-11-26T13:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(M.windowInverted);
  });

  it('publishes with 5 questions or more, and refuses fewer (409) with nothing changed', async () => {
    const small = await draft({
      questions: w.questionIds.slice(0, 4).map((postId) => ({ postId, questionIndex: null })),
    });
    const refused = await w.call(w.owner, 'POST', `/api/simulados/${small}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: M.tooFewToPublish, code: SimuladoErrorCode.notPublishable });
    const [row] = await w.t.app.ctx.database.db.select().from(simulados).where(eq(simulados.id, small));
    expect(row?.status).toBe('draft');

    const id = await draft();
    const res = await w.call(w.owner, 'POST', `/api/simulados/${id}/publish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'published', publishedAt: '2026-11-26T13:00:00.000Z' });
    const again = await w.call(w.owner, 'POST', `/api/simulados/${id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(SimuladoErrorCode.published);
  });

  it('refuses to publish once the window has closed', async () => {
    const id = await draft();
    w.clock.set('2026-11-26T18:30:00-03:00');
    const res = await w.call(w.owner, 'POST', `/api/simulados/${id}/publish`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(M.closedBeforePublish);
  });

  it('refuses to edit a published simulado’s questions (409), leaving them as they were', async () => {
    const id = await publishedSimulado(w);
    const res = await w.call(w.owner, 'PATCH', `/api/simulados/${id}`, {
      questions: [{ postId: w.questionIds[0], questionIndex: null }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: M.publishedLocked, code: SimuladoErrorCode.published });
    const [row] = await w.t.app.ctx.database.db
      .select({ n: count() })
      .from(simuladoQuestions)
      .where(eq(simuladoQuestions.simuladoId, id));
    expect(row?.n).toBe(6);
  });

  it('lets only its organizers edit or publish: a member reads 403 on a published one, 404 on a draft', async () => {
    const published = await publishedSimulado(w);
    const member = w.members[0]!;
    const edit = await w.call(member, 'PATCH', `/api/simulados/${published}`, { title: 'Meu' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toBe(M.manageForbidden);
    const hidden = await draft();
    const publish = await w.call(member, 'POST', `/api/simulados/${hidden}/publish`);
    expect(publish.statusCode).toBe(404);
    expect(publish.json().error).toBe(M.notFound);
  });
});

describe('seeing simulados', () => {
  it('shows members the published ones only, and the owner the drafts too, newest window first', async () => {
    const published = await publishedSimulado(w, { title: 'Publicado', opensAt: '2026-11-26T11:00' });
    const draftRes = await create(w.owner, simuladoBody(w, { title: 'Rascunho' }));
    const draft = draftRes.json().data.id;
    const member = await w.call(w.members[0]!, 'GET', `/api/study-groups/${w.groupId}/simulados`);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toMatchObject({ hasMore: false });
    expect(member.json().data.map((s: { id: string }) => s.id)).toEqual([published]);
    expect(member.json().data[0]).toMatchObject({
      canManage: false,
      viewerAttempt: null,
      window: 'upcoming',
      questionCount: 6,
    });
    const owner = await w.call(w.owner, 'GET', `/api/study-groups/${w.groupId}/simulados?limit=1`);
    expect(owner.json().data.map((s: { id: string }) => s.id)).toEqual([published]);
    expect(owner.json().hasMore).toBe(true);
    const page2 = await w.call(w.owner, 'GET', `/api/study-groups/${w.groupId}/simulados?limit=1&page=2`);
    expect(page2.json().data.map((s: { id: string }) => s.id)).toEqual([draft]);
    const memberDraft = await w.call(w.members[0]!, 'GET', `/api/simulados/${draft}`);
    expect(memberDraft.statusCode).toBe(404);
  });

  it('hides the questions from a member until they start', async () => {
    const id = await publishedSimulado(w);
    const before = await w.call(w.members[0]!, 'GET', `/api/simulados/${id}`);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ questions: null, attempt: null, window: 'open' });
  });

  it('answers 403 to a non-member for the list and 404 for a simulado, malformed ids included', async () => {
    const id = await publishedSimulado(w);
    const outsider = await createUser(w.t.app);
    const list = await w.call(outsider, 'GET', `/api/study-groups/${w.groupId}/simulados`);
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toBe(GROUP_MESSAGES.membersOnly);
    const one = await w.call(outsider, 'GET', `/api/simulados/${id}`);
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ error: M.notFound, code: ErrorCode.notFound });
    const malformed = await w.call(w.owner, 'GET', '/api/simulados/123');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error).toBe(M.notFound);
  });

  it('refuses page and limit out of range (400)', async () => {
    const res = await w.call(w.owner, 'GET', `/api/study-groups/${w.groupId}/simulados?limit=51`);
    expect(res.statusCode).toBe(400);
  });
});
