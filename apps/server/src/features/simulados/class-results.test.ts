import { SIMULADO_MESSAGES, SimuladoErrorCode } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestApp } from '../../../test/app.ts';
import { addMember, createMinor, createUser, signedInAs } from '../../../test/factories.ts';
import {
  answer,
  MINUTE,
  publishedSimulado,
  type SimuladoApp,
  type SimuladoWorld,
  simuladoApp,
  simuladoBody,
  simuladoWorld,
  type User,
} from '../../../test/simulados.ts';
import { groupTeachers, notifications, simulados, users } from '../../db/schema/index.ts';
import { announceClosedSimulados } from './simulados.service.ts';

const M = SIMULADO_MESSAGES;
let app: SimuladoApp;
let w: SimuladoWorld;
let id: string;
let a: User;
let b: User;
let teen: User;
let coTeacher: User;
let stranger: User;

/** After the window (18:00 Brasília) closed. */
const AFTER_CLOSE = '2026-11-26T18:01:00-03:00';

beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app, { members: 2 });
  [a, b] = w.members as [User, User];
  teen = await createMinor(w.t.app, 15, { displayName: 'Júlia Adolescente' });
  await addMember(w.t.app, { id: w.groupId }, teen);
  coTeacher = await createUser(w.t.app, { userType: 'professor', displayName: 'Paulo Coprofessor' });
  await w.t.app.ctx.database.db
    .insert(groupTeachers)
    .values({ studyGroupId: w.groupId, userId: coTeacher.id });
  stranger = await createUser(w.t.app, { displayName: 'Estranho Qualquer' });
  id = await publishedSimulado(w);
});
afterAll(async () => {
  await app.t.app.close();
});

const classResults = (user: User) => w.call(user, 'GET', `/api/simulados/${id}/class-results`);
const classCsv = (user: User) => w.call(user, 'GET', `/api/simulados/${id}/class-results.csv`);
const start = (user: User) => w.call(user, 'POST', `/api/simulados/${id}/attempts`);
const submit = (user: User) => w.call(user, 'POST', `/api/simulados/${id}/attempts/me/submit`);

// Keys cycle 0,1,2,3,0,1. a: right, wrong, right, blank, wrong, right → 3 of 6 (in 20 min).
// b: all right (in 20 min). teen: only question 2, right, then the time runs out.
async function takeAll() {
  for (const user of [a, b, teen]) await start(user);
  for (const [index, choice] of [0, 0, 2, null, 1, 1].entries())
    if (choice !== null) await answer(w, a, id, index, choice);
  for (const index of [0, 1, 2, 3, 4, 5]) await answer(w, b, id, index, index % 4);
  await answer(w, teen, id, 1, 1);
  w.clock.advance(20 * MINUTE);
  await submit(a);
  await submit(b);
}

describe('class results', () => {
  it('are refused (409, pt-BR) before the window closes, even to the owner', async () => {
    await takeAll();
    for (const read of [classResults, classCsv]) {
      const res = await read(w.owner);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: M.classResultsNotReady,
        code: SimuladoErrorCode.classResultsNotReady,
      });
    }
  });

  it('answer 404 to a member who took it, to a stranger, and for an unknown or malformed id', async () => {
    await takeAll();
    w.clock.set(AFTER_CLOSE);
    for (const user of [a, teen, stranger]) {
      for (const read of [classResults, classCsv]) {
        const res = await read(user);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(M.notFound);
      }
    }
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'nao-e-um-id']) {
      const res = await w.call(w.owner, 'GET', `/api/simulados/${bad}/class-results`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(M.notFound);
    }
  });

  it('a draft is 409 for the owner and 404 for a member', async () => {
    const draft = await w.call(w.owner, 'POST', `/api/study-groups/${w.groupId}/simulados`, simuladoBody(w));
    const draftId = draft.json().data.id;
    w.clock.set(AFTER_CLOSE);
    const owner = await w.call(w.owner, 'GET', `/api/simulados/${draftId}/class-results`);
    expect(owner.statusCode).toBe(409);
    const member = await w.call(a, 'GET', `/api/simulados/${draftId}/class-results`);
    expect(member.statusCode).toBe(404);
  });

  it('show the owner each score and estimate, the distribution, the alternatives chosen and the ranking', async () => {
    await takeAll();
    w.clock.set(AFTER_CLOSE);
    const res = await classResults(w.owner);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ simuladoId: id, total: 6, participantCount: 3, averageCorrect: 3.3 });
    expect(
      data.participants.map((p: { name: string; rank: number; correctCount: number }) => [
        p.rank,
        p.name,
        p.correctCount,
      ]),
    ).toEqual([
      [1, 'Membro2 Sobrenome', 6],
      [2, 'Membro1 Sobrenome', 3],
      [3, 'Júlia Adolescente', 1],
    ]);
    for (const participant of data.participants) {
      expect(participant.estimate.score).toEqual(expect.any(Number));
      expect(participant.estimate.standardError).toBeGreaterThan(0);
    }
    expect(data.participants[0]).toMatchObject({ timeSeconds: 1200, answeredCount: 6, onPaper: false });
    expect(data.distribution).toHaveLength(7);
    expect(data.distribution.filter((bin: { count: number }) => bin.count > 0)).toEqual([
      { correct: 1, count: 1 },
      { correct: 3, count: 1 },
      { correct: 6, count: 1 },
    ]);
    // Question 2 (key B): a chose A, b and the teen chose B. Question 4 (key D): a blank, b D, teen blank.
    expect(data.questions[1]).toMatchObject({
      index: 1,
      correctAnswer: 1,
      correctPercentage: 67,
      blankCount: 0,
      options: [
        { count: 1, percentage: 33 },
        { count: 2, percentage: 67 },
        { count: 0, percentage: 0 },
        { count: 0, percentage: 0 },
      ],
    });
    expect(data.questions[3]).toMatchObject({ correctPercentage: 33, blankCount: 2 });
    expect(data.questions[0].statement).toBe('Questão 1 do simulado');
  });

  it("a co-teacher reads them too, without a minor's name", async () => {
    await takeAll();
    w.clock.set(AFTER_CLOSE);
    const res = await classResults(coTeacher);
    expect(res.statusCode).toBe(200);
    const names = res.json().data.participants.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Membro2 Sobrenome', 'Membro1 Sobrenome', M.classMinorName(3)]);
    expect(JSON.stringify(res.json())).not.toContain('Júlia');
    // The page knows whom to show the section: the staff, not the takers.
    const readsOf = async (user: User) =>
      (await w.call(user, 'GET', `/api/simulados/${id}`)).json().data.readsClassResults;
    expect(await readsOf(coTeacher)).toBe(true);
    expect(await readsOf(w.owner)).toBe(true);
    expect(await readsOf(a)).toBe(false);
  });

  it('export as a CSV for a pt-BR spreadsheet: BOM, semicolons, each letter, the formula guard', async () => {
    await w.t.app.ctx.database.db
      .update(users)
      .set({ displayName: '=HYPERLINK("x")' })
      .where(eq(users.id, a.id));
    await takeAll();
    w.clock.set(AFTER_CLOSE);
    const res = await w.t.app.inject({
      method: 'GET',
      url: `/api/simulados/${id}/class-results.csv`,
      headers: { cookie: await signedInAs(w.t.app, w.owner) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="resultados-simulado-enem-matematica-e-fisica-2026-11-26\.csv"/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFPosição;Nome;Acertos;Questões;Respondidas;Estimativa TRI;Erro padrão;Tempo (min);No papel;Q1;Q2;Q3;Q4;Q5;Q6',
    );
    expect(lines[1]).toMatch(/^1;Membro2 Sobrenome;6;6;6;\d+;"\d+,\d";"20,0";Não;A;B;C;D;A;B$/);
    expect(lines[2]).toMatch(/^2;"'=HYPERLINK\(""x""\)";3;6;5;\d+;"\d+,\d";"20,0";Não;A;A;C;;B;B$/);
    expect(lines).toContain('Questão;Gabarito;% de acerto;% A;% B;% C;% D;% E;Em branco');
    expect(lines).toContain('Q2;B;67;33;67;0;0;;0');
  });
});

describe('notifications of a simulado', () => {
  const titlesOf = async (user: User) =>
    (
      await w.t.app.ctx.database.db
        .select({
          title: notifications.title,
          message: notifications.message,
          actionUrl: notifications.actionUrl,
        })
        .from(notifications)
        .where(eq(notifications.userId, user.id))
    ).filter((row) => row.title.includes('imulado') || row.title.includes('turma'));

  it('tell every member once when it is published, never the one who published it', async () => {
    for (const user of [a, b, teen]) {
      expect(await titlesOf(user)).toEqual([
        {
          title: M.publishedNotificationTitle(await groupName()),
          message:
            'Simulado ENEM — Matemática e Física — aberto até 26/11/2026, 18:00 (horário de Brasília).',
          actionUrl: `/simulados/${id}`,
        },
      ]);
    }
    expect(await titlesOf(w.owner)).toEqual([]);
    expect(await titlesOf(stranger)).toEqual([]);
  });

  it('tell the participants their result is out, and the creator the class results, once, after the close', async () => {
    await start(a);
    await answer(w, a, id, 0, 0);
    expect(await announceClosedSimulados(w.t.app.ctx)).toBe(0);
    w.clock.set(AFTER_CLOSE);
    expect(await announceClosedSimulados(w.t.app.ctx)).toBe(1);
    expect(await announceClosedSimulados(w.t.app.ctx)).toBe(0);
    const ofA = await titlesOf(a);
    expect(ofA).toContainEqual({
      title: M.resultsNotificationTitle,
      message: M.resultsNotification('Simulado ENEM — Matemática e Física'),
      actionUrl: `/simulados/${id}/resultado`,
    });
    expect((await titlesOf(b)).map((row) => row.title)).not.toContain(M.resultsNotificationTitle);
    expect(await titlesOf(w.owner)).toEqual([
      {
        title: M.classResultsNotificationTitle,
        message:
          'O simulado Simulado ENEM — Matemática e Física fechou com 1 participante: veja os resultados da turma.',
        actionUrl: `/simulados/${id}`,
      },
    ]);
    const [row] = await w.t.app.ctx.database.db.select().from(simulados).where(eq(simulados.id, id));
    expect(row?.resultsAnnouncedAt?.toISOString()).toBe(new Date(AFTER_CLOSE).toISOString());
  });
});

async function groupName(): Promise<string> {
  const res = await w.call(w.owner, 'GET', `/api/study-groups/${w.groupId}`);
  return res.json().data.name;
}
