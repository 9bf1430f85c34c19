import { SIMULADO_MESSAGES, SimuladoErrorCode } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/factories.ts';
import {
  answer,
  MINUTE,
  type SimuladoApp,
  type SimuladoWorld,
  simuladoApp,
  simuladoWorld,
  type User,
} from '../../../test/simulados.ts';
import { simulados } from '../../db/schema/index.ts';
import { announceClosedSimulados } from './simulados.service.ts';

const M = SIMULADO_MESSAGES;
let app: SimuladoApp;
let w: SimuladoWorld;
let student: User;

beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  // Six questions by the group's owner: matemática (keys 0, 2, 0) and física (keys 1, 3, 1).
  w = await simuladoWorld(app, { members: 1 });
  student = await createUser(w.t.app, { displayName: 'Estudante Sozinha' });
});
afterAll(async () => {
  await app.t.app.close();
});

const create = (user: User, body: Record<string, unknown>) =>
  w.call(user, 'POST', '/api/simulados/personal', { questionCount: 5, durationMinutes: 30, ...body });
const stored = () => w.t.app.ctx.database.db.select().from(simulados);

describe("'Monte seu simulado'", () => {
  it('builds a published simulado of the asked size from the bank, without a group or a ranking, open for 7 days', async () => {
    const res = await create(student, {});
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      studyGroupId: null,
      status: 'published',
      window: 'open',
      showRanking: false,
      canManage: false,
      questionCount: 5,
      durationMinutes: 30,
      title: M.personalTitle(5),
      closesAt: new Date(w.clock.current.getTime() + 7 * 24 * 60 * MINUTE).toISOString(),
    });
    const postIds = new Set((await w.t.app.ctx.database.db.select().from(simulados)).map((row) => row.id));
    expect(postIds.size).toBe(1);
  });

  it('draws only from the chosen subjects, and says how many match when too few do (nothing stored)', async () => {
    const few = await create(student, { subjects: ['matematica'] });
    expect(few.statusCode).toBe(400);
    expect(few.json()).toEqual({ error: M.personalTooFew(3), code: SimuladoErrorCode.personalTooFew });
    const none = await create(student, { subjects: ['quimica'] });
    expect(none.json().error).toBe('Nenhuma questão do banco combina com esses filtros: mude os filtros.');
    expect(await stored()).toEqual([]);
  });

  it("leaves out the student's own questions and, by default, the ones already answered", async () => {
    // The owner wrote all six: none is left for them.
    const own = await create(w.owner, {});
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toBe(M.personalTooFew(0));
    // The student answers two in the bank: four are left unless they ask for the answered too.
    for (const postId of w.questionIds.slice(0, 2)) {
      const answered = await w.call(student, 'POST', `/api/posts/${postId}/answer`, { optionIndex: 0 });
      expect(answered.statusCode).toBe(201);
    }
    expect((await create(student, {})).json().error).toBe(M.personalTooFew(4));
    expect((await create(student, { hideAnswered: false })).statusCode).toBe(201);
  });

  it('refuses bad input in pt-BR (400) and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ questionCount: 4 }, M.personalCountInvalid],
      [{ questionCount: 91 }, M.personalCountInvalid],
      [{ questionCount: '10' }, M.personalCountInvalid],
      [{ subjects: ['alquimia'] }, 'Matéria inválida.'],
      [{ difficulties: ['impossivel'] }, M.personalFiltersInvalid],
      [{ durationMinutes: 5 }, M.durationInvalid],
      [{ hideAnswered: 'sim' }, M.personalFiltersInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await create(student, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toBe(message);
    }
    const extra = await create(student, { groupId: w.groupId });
    expect(extra.statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('is taken with the same attempt and result, with no ranking; nobody else sees it (404)', async () => {
    const id = (await create(student, { questionCount: 6 })).json().data.id;
    expect((await w.call(student, 'POST', `/api/simulados/${id}/attempts`)).statusCode).toBe(201);
    const detail = (await w.call(student, 'GET', `/api/simulados/${id}`)).json().data;
    const first = detail.questions[0];
    expect(first.questionData.correctAnswer).toBeUndefined();
    const saved = await answer(w, student, id, 0, 0, {
      answeredAt: new Date(w.clock.current.getTime() + 1000).toISOString(),
    });
    expect(saved.statusCode, JSON.stringify(saved.json())).toBe(200);
    expect((await w.call(student, 'POST', `/api/simulados/${id}/attempts/me/submit`)).statusCode).toBe(200);
    const result = await w.call(student, 'GET', `/api/simulados/${id}/attempts/me/result`);
    expect(result.statusCode).toBe(200);
    expect(result.json().data).toMatchObject({
      personal: true,
      total: 6,
      answeredCount: 1,
      ranking: { status: 'disabled' },
    });
    const admin = await createUser(w.t.app, { userType: 'admin' });
    for (const other of [w.owner, w.members[0] as User, admin]) {
      for (const url of [
        `/api/simulados/${id}`,
        `/api/simulados/${id}/progress`,
        `/api/simulados/${id}/class-results`,
      ]) {
        const res = await w.call(other, 'GET', url);
        expect(res.statusCode, url).toBe(404);
      }
      expect((await w.call(other, 'POST', `/api/simulados/${id}/attempts`)).statusCode).toBe(404);
    }
    // Nobody manages it: no progress, no class results, no publishing for its creator either.
    expect((await w.call(student, 'GET', `/api/simulados/${id}/progress`)).statusCode).toBe(403);
    expect((await w.call(student, 'GET', `/api/simulados/${id}/class-results`)).statusCode).toBe(404);
    expect((await w.call(student, 'POST', `/api/simulados/${id}/publish`)).statusCode).toBe(403);
    // Its close tells nobody.
    w.clock.advance(8 * 24 * 60 * MINUTE);
    expect(await announceClosedSimulados(w.t.app.ctx)).toBe(0);
    const [row] = await w.t.app.ctx.database.db.select().from(simulados).where(eq(simulados.id, id));
    expect(row?.studyGroupId).toBeNull();
  });

  it("lists the student's own simulados, the latest first, with their attempt; nobody else's and no group's", async () => {
    const first = (await create(student, { questionCount: 5 })).json().data.id;
    w.clock.advance(MINUTE);
    const second = (await create(student, { questionCount: 6, hideAnswered: false })).json().data.id;
    expect((await w.call(student, 'POST', `/api/simulados/${first}/attempts`)).statusCode).toBe(201);
    // Someone else's own simulado, and the group's simulados, are not in the list.
    const other = w.members[0] as User;
    expect((await create(other, {})).statusCode).toBe(201);
    const list = await w.call(student, 'GET', '/api/simulados/personal');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.hasMore).toBe(false);
    expect(body.data.map((item: { id: string }) => item.id)).toEqual([second, first]);
    expect(body.data[0]).toMatchObject({ questionCount: 6, viewerAttempt: null, studyGroupId: null });
    expect(body.data[1]).toMatchObject({ questionCount: 5, viewerAttempt: { status: 'in_progress' } });
    // Pages of one: the second page has the older one.
    const page2 = await w.call(student, 'GET', '/api/simulados/personal?page=2&limit=1');
    expect(page2.json().data.map((item: { id: string }) => item.id)).toEqual([first]);
    expect((await w.call(w.owner, 'GET', '/api/simulados/personal')).json().data).toEqual([]);
    const bad = await w.call(student, 'GET', '/api/simulados/personal?limit=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});
