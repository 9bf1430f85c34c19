import { groupMemberSchema, receiptSchema, TEACHING_ERROR_CODES, TEACHING_MESSAGES } from '@estudai/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createPost, createUser } from '../../../test/factories.ts';
import {
  groupMemberships,
  groupPayments,
  groupTeachers,
  notifications,
  postAnswers,
} from '../../db/schema/index.ts';

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

type User = Awaited<ReturnType<typeof createUser>>;
type Group = Awaited<ReturnType<typeof createGroup>>;

async function setup(groupOverrides: Parameters<typeof createGroup>[2] = {}) {
  const owner = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
  const group = await createGroup(t.app, owner, { name: 'Física para o ENEM', ...groupOverrides });
  const ana = await createUser(t.app, { displayName: 'Ana Conceição', username: 'ana_c' });
  const bruno = await createUser(t.app, { displayName: 'Bruno Lima', username: 'bruno' });
  await addMember(t.app, group, ana);
  await addMember(t.app, group, bruno);
  return { owner, group, ana, bruno };
}

/** A paying member through the real flow: sandbox payment, then the join that applies it. */
async function payAndJoin(group: Group, user: User) {
  const api = await as(t.app, user);
  const paid = await api.post(`/api/study-groups/${group.id}/payments`, { method: 'card' });
  expect(paid.statusCode).toBe(201);
  expect((await api.post(`/api/study-groups/${group.id}/membership`, { action: 'join' })).statusCode).toBe(
    200,
  );
  return { api, paymentId: paid.json().data.id as string };
}

const membershipOf = async (group: Group, user: User) =>
  (
    await t.app.ctx.database.db
      .select()
      .from(groupMemberships)
      .where(and(eq(groupMemberships.studyGroupId, group.id), eq(groupMemberships.userId, user.id)))
  )[0];

describe('GET /api/study-groups/{id}/members', () => {
  it('lists current members with join date, activity and no payment data for a free group', async () => {
    const { owner, group, ana } = await setup();
    const question = await createPost(t.app, owner, {
      studyGroupId: group.id,
      type: 'question',
      questionData: { question: 'Quanto é 2 + 2?', options: ['3', '4'], correctAnswer: 1 },
    });
    await t.app.ctx.database.db
      .insert(postAnswers)
      .values({ postId: question.id, userId: ana.id, optionIndex: 1, isCorrect: true });
    const res = await (await as(t.app, owner)).get(`/api/study-groups/${group.id}/members`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hasMore).toBe(false);
    const members = body.data.map((m: unknown) => groupMemberSchema.parse(m));
    expect(members.map((m: { displayName: string }) => m.displayName)).toEqual([
      'Ana Conceição',
      'Bruno Lima',
    ]);
    expect(members[0]).toMatchObject({
      userId: ana.id,
      accessEndsAt: null,
      isPaying: false,
      answersCount: 1,
    });
    expect(members[0].lastActiveAt).not.toBeNull();
    expect(members[1].answersCount).toBe(0);
  });

  it('searches by name or username without accents and pages', async () => {
    const { owner, group } = await setup();
    const api = await as(t.app, owner);
    const found = await api.get(`/api/study-groups/${group.id}/members?q=conceicao`);
    expect(found.json().data.map((m: { username: string }) => m.username)).toEqual(['ana_c']);
    expect((await api.get(`/api/study-groups/${group.id}/members?q=BRU`)).json().data).toHaveLength(1);
    const page = await api.get(`/api/study-groups/${group.id}/members?limit=1`);
    expect(page.json()).toMatchObject({ hasMore: true });
    expect((await api.get(`/api/study-groups/${group.id}/members?limit=0`)).statusCode).toBe(400);
  });

  it('shows the access end of paying members', async () => {
    const { owner, group } = await setup({ isPaid: true, price: 4990, subscriptionDuration: 3 });
    const payer = await createUser(t.app, { displayName: 'Paula Pagante' });
    await payAndJoin(group, payer);
    const res = await (await as(t.app, owner)).get(`/api/study-groups/${group.id}/members?q=paula`);
    const [member] = res.json().data;
    expect(member).toMatchObject({ userId: payer.id, isPaying: true });
    expect(new Date(member.accessEndsAt).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
  });

  it('is for the owner and co-teachers: a member or an outsider gets 403, an unknown group 404', async () => {
    const { group, ana } = await setup();
    const outsider = await createUser(t.app);
    const coTeacher = await createUser(t.app, { userType: 'tutor' });
    await t.app.ctx.database.db
      .insert(groupTeachers)
      .values({ studyGroupId: group.id, userId: coTeacher.id });
    const asMember = await (await as(t.app, ana)).get(`/api/study-groups/${group.id}/members`);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ error: TEACHING_MESSAGES.manageForbidden, code: 'FORBIDDEN' });
    expect((await (await as(t.app, outsider)).get(`/api/study-groups/${group.id}/members`)).statusCode).toBe(
      403,
    );
    expect((await (await as(t.app, coTeacher)).get(`/api/study-groups/${group.id}/members`)).statusCode).toBe(
      200,
    );
    expect((await (await as(t.app, ana)).get('/api/study-groups/nao-existe/members')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/study-groups/${group.id}/members` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/study-groups/{id}/members.csv', () => {
  it('exports every member as a semicolon CSV with a BOM, for managers only', async () => {
    const { owner, group, ana } = await setup();
    const res = await (await as(t.app, owner)).get(`/api/study-groups/${group.id}/members.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="membros-fisica-para-o-enem-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFNome;Usuário;Entrou em;Acesso até;Pagante;Última atividade;Respostas;Simulados',
    );
    expect(lines[1]).toMatch(/^Ana Conceição;ana_c;\d{4}-\d{2}-\d{2} \d{2}:\d{2};;Não;/);
    expect(lines).toHaveLength(4);
    const filtered = await (await as(t.app, owner)).get(`/api/study-groups/${group.id}/members.csv?q=bruno`);
    expect(filtered.body.split('\r\n')).toHaveLength(3);
    expect((await (await as(t.app, ana)).get(`/api/study-groups/${group.id}/members.csv`)).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /api/study-groups/{id}/members/{userId}', () => {
  it('removes a member with a reason, tells them, and refuses their very next request', async () => {
    const { owner, group, ana } = await setup();
    const anaApi = await as(t.app, ana);
    expect((await anaApi.get(`/api/study-groups/${group.id}/posts`)).statusCode).toBe(200);
    const res = await (await as(t.app, owner)).del(`/api/study-groups/${group.id}/members/${ana.id}`, {
      reason: 'Mensagens ofensivas no fórum.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userId: ana.id, refunded: false, refundAmount: null });
    expect((await anaApi.get(`/api/study-groups/${group.id}/posts`)).statusCode).toBe(403);
    expect((await anaApi.get(`/api/study-groups/${group.id}/forum`)).statusCode).toBe(403);
    expect(await membershipOf(group, ana)).toMatchObject({
      status: 'left',
      removedBy: owner.id,
      removalReason: 'Mensagens ofensivas no fórum.',
    });
    const [told] = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ana.id));
    expect(told).toMatchObject({
      title: TEACHING_MESSAGES.removedNotificationTitle,
      message: 'Você foi removido do grupo Física para o ENEM. Motivo: Mensagens ofensivas no fórum.',
    });
    const list = await (await as(t.app, owner)).get(`/api/study-groups/${group.id}/members`);
    expect(list.json().data.map((m: { userId: string }) => m.userId)).not.toContain(ana.id);
  });

  it('refunds a paying member removed before the end (sandbox), shown on their receipt', async () => {
    const { owner, group } = await setup({ isPaid: true, price: 4990, subscriptionDuration: 3 });
    const payer = await createUser(t.app, { displayName: 'Paula Pagante' });
    const { api, paymentId } = await payAndJoin(group, payer);
    const res = await (await as(t.app, owner)).del(`/api/study-groups/${group.id}/members/${payer.id}`, {
      reason: 'Pediu para sair.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userId: payer.id, refunded: true, refundAmount: 4990 });
    const [payment] = await t.app.ctx.database.db
      .select()
      .from(groupPayments)
      .where(eq(groupPayments.id, paymentId));
    expect(payment).toMatchObject({ status: 'refunded', refundReason: 'Pediu para sair.' });
    expect(payment?.refundRef).toMatch(/^sandbox_re_/);
    const receipts = (await api.get('/api/payments/mine'))
      .json()
      .data.map((r: unknown) => receiptSchema.parse(r));
    expect(receipts[0]).toMatchObject({ id: paymentId, status: 'refunded' });
    expect(receipts[0].refundedAt).not.toBeNull();
    const told = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, payer.id));
    expect(told.map((n) => n.message)).toContain(
      'Você foi removido do grupo Física para o ENEM. Motivo: Pediu para sair. Seu pagamento de R$\u00a049,90 foi reembolsado.',
    );
    expect((await api.get(`/api/study-groups/${group.id}/posts`)).statusCode).toBe(403);
  });

  it('refuses the owner (409), a member acting (403), an unknown member (404) and an empty reason (400)', async () => {
    const { owner, group, ana, bruno } = await setup();
    const ownerApi = await as(t.app, owner);
    const ownerRemoval = await ownerApi.del(`/api/study-groups/${group.id}/members/${owner.id}`, {
      reason: 'x',
    });
    expect(ownerRemoval.statusCode).toBe(409);
    expect(ownerRemoval.json()).toEqual({
      error: TEACHING_MESSAGES.ownerNotRemovable,
      code: TEACHING_ERROR_CODES.ownerNotRemovable,
    });
    const byMember = await (await as(t.app, ana)).del(`/api/study-groups/${group.id}/members/${bruno.id}`, {
      reason: 'x',
    });
    expect(byMember.statusCode).toBe(403);
    const stranger = await createUser(t.app);
    expect(
      (await ownerApi.del(`/api/study-groups/${group.id}/members/${stranger.id}`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ownerApi.del(`/api/study-groups/${group.id}/members/nao-e-id`, { reason: 'x' })).statusCode,
    ).toBe(404);
    const blank = await ownerApi.del(`/api/study-groups/${group.id}/members/${bruno.id}`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(TEACHING_MESSAGES.removeReasonRequired);
    expect(await membershipOf(group, bruno)).toMatchObject({ status: 'active', removedAt: null });
    expect(await membershipOf(group, ana)).toMatchObject({ status: 'active' });
  });

  it('lets a co-teacher remove a member but not the owner', async () => {
    const { owner, group, ana } = await setup();
    const coTeacher = await createUser(t.app, { userType: 'mentor' });
    await t.app.ctx.database.db
      .insert(groupTeachers)
      .values({ studyGroupId: group.id, userId: coTeacher.id });
    const api = await as(t.app, coTeacher);
    expect(
      (await api.del(`/api/study-groups/${group.id}/members/${owner.id}`, { reason: 'x' })).statusCode,
    ).toBe(409);
    expect(
      (await api.del(`/api/study-groups/${group.id}/members/${ana.id}`, { reason: 'Spam.' })).statusCode,
    ).toBe(200);
  });
});
