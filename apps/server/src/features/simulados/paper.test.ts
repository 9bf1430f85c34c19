import {
  SIMULADO_ESTIMATE_LABEL,
  SIMULADO_MESSAGES,
  SIMULADO_PAPER_MESSAGES,
  SimuladoPaperErrorCode,
} from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestApp } from '../../../test/app.ts';
import { addMember, createGroup, createPost, createUser } from '../../../test/factories.ts';
import {
  MINUTE,
  publishedSimulado,
  type SimuladoApp,
  type SimuladoWorld,
  simuladoApp,
  simuladoBody,
  simuladoWorld,
  type User,
} from '../../../test/simulados.ts';
import {
  notebookEntries,
  simuladoAnswers,
  simuladoAttempts,
  simuladoPaperGuests,
} from '../../db/schema/index.ts';

const P = SIMULADO_PAPER_MESSAGES;
let app: SimuladoApp;
let w: SimuladoWorld;
let id: string;
let a: User;
let b: User;

// Keys cycle 0,1,2,3,0,1 (test/simulados.ts): these choices get questions 1, 3 and 6 right.
const SHEET: (number | null)[] = [0, 0, 2, null, 1, 1];

beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app, { members: 2 });
  [a, b] = w.members as [User, User];
  id = await publishedSimulado(w);
});
afterAll(async () => {
  await app.t.app.close();
});

const enter = (by: User, body: object) => w.call(by, 'POST', `/api/simulados/${id}/paper-answers`, body);
const attemptsOf = (user: User) =>
  db().select().from(simuladoAttempts).where(eq(simuladoAttempts.userId, user.id));
const db = () => w.t.app.ctx.database.db;
const guestRows = () => db().select().from(simuladoPaperGuests);

/** Nothing was written by a refused call: no attempt, no answer, no guest row. */
async function expectNothingStored() {
  expect(await db().select().from(simuladoAttempts)).toEqual([]);
  expect(await db().select().from(simuladoAnswers)).toEqual([]);
  expect(await guestRows()).toEqual([]);
}

describe('the print page', () => {
  it('gives its organizer every question in order, without keys, and the sheet code', async () => {
    const res = await w.call(w.owner, 'GET', `/api/simulados/${id}/print`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id,
      title: 'Simulado ENEM — Matemática e Física',
      groupName: 'Física para o ENEM',
      durationMinutes: 60,
      status: 'published',
      code: `SIM-${id.slice(0, 8).toUpperCase()}`,
    });
    expect(data.questions).toHaveLength(6);
    expect(data.questions[2]).toEqual({
      index: 2,
      questionData: {
        question: 'Questão 3 do simulado',
        options: ['A', 'B', 'C', 'D'],
        subject: 'matematica',
        topic: 'Funções',
      },
      images: [],
    });
  });

  it("carries a question post's photos", async () => {
    const post = await createPost(w.t.app, w.owner, {
      type: 'question',
      questionData: { question: 'Observe o gráfico.', options: ['1', '2'], correctAnswer: 0 },
      mediaUrls: ['/media/grafico.png', '/media/lista.pdf'],
    });
    const body = simuladoBody(w, {
      questions: [...w.questionIds, post.id].map((postId) => ({ postId, questionIndex: null })),
    });
    const created = await w.call(w.owner, 'POST', `/api/study-groups/${w.groupId}/simulados`, body);
    const draft = created.json().data.id;
    const res = await w.call(w.owner, 'GET', `/api/simulados/${draft}/print`);
    expect(res.json().data.questions[6].images).toEqual(['/media/grafico.png']);
  });

  it('is refused to a member (403) and hidden from a stranger (404)', async () => {
    const member = await w.call(a, 'GET', `/api/simulados/${id}/print`);
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toBe(P.forbidden);
    const stranger = await createUser(w.t.app);
    const hidden = await w.call(stranger, 'GET', `/api/simulados/${id}/print`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe(SIMULADO_MESSAGES.notFound);
    const sheet = await w.call(a, 'GET', `/api/simulados/${id}/paper-answers`);
    expect(sheet.statusCode).toBe(403);
  });
});

describe("a member's sheet", () => {
  it('becomes their finished attempt, scored with its Estimativa TRI like an online one', async () => {
    const res = await enter(w.owner, { userId: a.id, answers: SHEET });
    expect(res.statusCode).toBe(201);
    const entry = res.json().data;
    expect(entry).toMatchObject({
      kind: 'member',
      userId: a.id,
      name: 'Membro1 Sobrenome',
      answers: SHEET,
      correctCount: 3,
      total: 6,
      answeredCount: 5,
      blankCount: 1,
      estimate: { label: SIMULADO_ESTIMATE_LABEL, provisional: true },
    });
    const [attempt] = await attemptsOf(a);
    expect(attempt).toMatchObject({ onPaper: true, answeredCount: 5 });
    expect(attempt?.finalizedAt).not.toBeNull();
    // The student reads the same figures as their own result, and the wrong answers reach the caderno.
    const result = await w.call(a, 'GET', `/api/simulados/${id}/attempts/me/result`);
    expect(result.statusCode).toBe(200);
    expect(result.json().data).toMatchObject({
      correctCount: 3,
      total: 6,
      blankCount: 1,
      estimate: entry.estimate,
    });
    expect(result.json().data.questions.map((q: { viewerAnswer: number | null }) => q.viewerAnswer)).toEqual(
      SHEET,
    );
    const caderno = await db().select().from(notebookEntries).where(eq(notebookEntries.userId, a.id));
    expect(caderno.length).toBeGreaterThan(0);
  });

  it('shows in the ranking once the window closes, after an online taker who finished faster', async () => {
    await enter(w.owner, { userId: a.id, answers: SHEET });
    await w.call(b, 'POST', `/api/simulados/${id}/attempts`);
    for (const [index, choice] of [0, 0, 2].entries())
      await w.call(b, 'PUT', `/api/simulados/${id}/attempts/me/answers/${index}`, {
        optionIndex: choice,
        clientId: `00000000-0000-4000-8000-00000000aa0${index}`,
      });
    w.clock.advance(10 * MINUTE);
    await w.call(b, 'POST', `/api/simulados/${id}/attempts/me/submit`);
    w.clock.set('2026-11-26T18:00:00-03:00');
    const ranking = (await w.call(b, 'GET', `/api/simulados/${id}/attempts/me/result`)).json().data.ranking;
    expect(ranking.status).toBe('available');
    expect(ranking.entries).toEqual([
      { rank: 1, firstName: 'Membro1', correctCount: 3, total: 6, isViewer: false },
      { rank: 2, firstName: 'Membro2', correctCount: 2, total: 6, isViewer: true },
    ]);
  });

  it('is listed for the organizers with the members still without an attempt', async () => {
    await enter(w.owner, { userId: a.id, answers: SHEET });
    const res = await w.call(w.owner, 'GET', `/api/simulados/${id}/paper-answers`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(6);
    expect(data.optionCounts).toEqual([4, 4, 4, 4, 4, 4]);
    expect(data.members).toEqual([
      { userId: a.id, displayName: 'Membro1 Sobrenome', username: a.username, hasAttempt: true },
      { userId: b.id, displayName: 'Membro2 Sobrenome', username: b.username, hasAttempt: false },
    ]);
    const progress = (await w.call(w.owner, 'GET', `/api/simulados/${id}/progress`)).json().data;
    expect(progress.participants).toMatchObject([
      { userId: a.id, answered: 5, finished: true, onPaper: true },
    ]);
    expect(data.entries).toHaveLength(1);
    expect(data.entries[0]).toMatchObject({ kind: 'member', userId: a.id, correctCount: 3, answers: SHEET });
  });

  it('is refused (409) when the student has an attempt already, online or typed, and keeps it', async () => {
    await enter(w.owner, { userId: a.id, answers: SHEET });
    const again = await enter(w.owner, { userId: a.id, answers: [0, 1, 2, 3, 0, 1] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: P.attemptExists, code: SimuladoPaperErrorCode.attemptExists });
    expect(await db().select().from(simuladoAnswers)).toHaveLength(5);
    await w.call(b, 'POST', `/api/simulados/${id}/attempts`);
    const online = await enter(w.owner, { userId: b.id, answers: SHEET });
    expect(online.statusCode).toBe(409);
    expect((await attemptsOf(b))[0]?.onPaper).toBe(false);
  });

  it('is refused (400) for someone who is not a current member of the group', async () => {
    const stranger = await createUser(w.t.app, { displayName: 'Estranho' });
    const otherGroup = await createGroup(w.t.app, w.owner, { name: 'Outro grupo' });
    const elsewhere = await createUser(w.t.app);
    await addMember(w.t.app, otherGroup, elsewhere);
    const left = await createUser(w.t.app);
    await addMember(w.t.app, { id: w.groupId }, left, { status: 'left' });
    for (const user of [stranger, elsewhere, left, w.owner]) {
      const res = await enter(w.owner, { userId: user.id, answers: SHEET });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: P.notMember, code: SimuladoPaperErrorCode.notMember });
    }
    const unknown = await enter(w.owner, { userId: '00000000-0000-4000-8000-000000000000', answers: SHEET });
    expect(unknown.statusCode).toBe(400);
    await expectNothingStored();
  });
});

describe("a guest's sheet", () => {
  it('becomes a row the organizers see, never an attempt nor a ranking entry', async () => {
    const res = await enter(w.owner, { guestName: '  João da Silva ', answers: SHEET });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'guest',
      userId: null,
      name: 'João da Silva',
      correctCount: 3,
      total: 6,
      estimate: { label: SIMULADO_ESTIMATE_LABEL },
    });
    expect(await db().select().from(simuladoAttempts)).toEqual([]);
    const list = (await w.call(w.owner, 'GET', `/api/simulados/${id}/paper-answers`)).json().data;
    expect(list.entries).toMatchObject([{ kind: 'guest', name: 'João da Silva', correctCount: 3 }]);
  });

  it('is refused (409) for a name typed already, in any case', async () => {
    await enter(w.owner, { guestName: 'João da Silva', answers: SHEET });
    const again = await enter(w.owner, { guestName: 'JOÃO DA SILVA', answers: SHEET });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: P.guestExists('JOÃO DA SILVA'),
      code: SimuladoPaperErrorCode.guestExists,
    });
    expect(await guestRows()).toHaveLength(1);
  });
});

describe('bad input gets a pt-BR error and changes nothing', () => {
  const cases: [string, () => object, string][] = [
    ['fewer answers than questions', () => ({ userId: a.id, answers: [0, 1, 2] }), P.answersCount(6, 3)],
    [
      'more answers than questions',
      () => ({ guestName: 'Ana', answers: [...SHEET, 0] }),
      P.answersCount(6, 7),
    ],
    [
      'an option the question lacks (E of a four-option question)',
      () => ({ userId: a.id, answers: [0, 0, 4, null, 1, 1] }),
      P.optionMissing(3, 4),
    ],
    ['an option index past E', () => ({ userId: a.id, answers: [0, 0, 5, null, 1, 1] }), P.answerInvalid],
    ['a negative option', () => ({ guestName: 'Ana', answers: [-1, 0, 0, 0, 0, 0] }), P.answerInvalid],
    [
      'a letter instead of an index',
      () => ({ guestName: 'Ana', answers: ['A', 0, 0, 0, 0, 0] }),
      P.answerInvalid,
    ],
    ['no answers', () => ({ userId: a.id }), P.answersRequired],
    ['neither a member nor a guest', () => ({ answers: SHEET }), P.whoRequired],
    ['both a member and a guest', () => ({ userId: a.id, guestName: 'Ana', answers: SHEET }), P.whoRequired],
    ['a blank guest name', () => ({ guestName: '   ', answers: SHEET }), P.guestNameRequired],
    ['a guest name too long', () => ({ guestName: 'x'.repeat(81), answers: SHEET }), P.guestNameTooLong],
    ['a malformed userId', () => ({ userId: 'ana', answers: SHEET }), P.userIdInvalid],
  ];
  it.each(cases)('%s → 400', async (_what, body, message) => {
    const res = await enter(w.owner, body());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    await expectNothingStored();
  });
});

describe('who may type sheets', () => {
  it('refuses a member (403) and a stranger (404), for themselves or anyone', async () => {
    const member = await enter(a, { userId: a.id, answers: SHEET });
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toBe(P.forbidden);
    const guest = await enter(a, { guestName: 'Amigo', answers: SHEET });
    expect(guest.statusCode).toBe(403);
    const stranger = await createUser(w.t.app, { userType: 'professor' });
    const hidden = await enter(stranger, { userId: a.id, answers: SHEET });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe(SIMULADO_MESSAGES.notFound);
    const unknown = await w.call(
      w.owner,
      'POST',
      '/api/simulados/00000000-0000-4000-8000-000000000000/paper-answers',
      {
        guestName: 'Ana',
        answers: SHEET,
      },
    );
    expect(unknown.statusCode).toBe(404);
    await expectNothingStored();
  });

  it('refuses (409) a draft: its questions may still change', async () => {
    const created = await w.call(
      w.owner,
      'POST',
      `/api/study-groups/${w.groupId}/simulados`,
      simuladoBody(w),
    );
    const draft = created.json().data.id;
    const res = await w.call(w.owner, 'POST', `/api/simulados/${draft}/paper-answers`, {
      guestName: 'Ana',
      answers: SHEET,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(P.notPublished);
    // …but prints (a teacher checks the booklet before publishing).
    expect((await w.call(w.owner, 'GET', `/api/simulados/${draft}/print`)).statusCode).toBe(200);
    await expectNothingStored();
  });

  it('lets an admin type sheets, as they manage every group', async () => {
    const admin = await createUser(w.t.app, { userType: 'admin' });
    const res = await enter(admin, { guestName: 'Ana', answers: SHEET });
    expect(res.statusCode).toBe(201);
  });
});
