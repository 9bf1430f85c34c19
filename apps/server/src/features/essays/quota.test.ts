import { ESSAY_MESSAGES, EssayErrorCode, GROUP_MESSAGES, TEACHING_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { essayGroupQuotas, essays, groupTeachers } from '../../db/schema/index.ts';

// Issue 38: a paid group's monthly quota of corrections ('4 correções por mês'), set by its owner,
// counted per member and Brasília month; and the group's earnings count its teachers' corrections.

const M = ESSAY_MESSAGES;
const T0 = new Date('2026-11-26T10:00:00-03:00');
type User = Awaited<ReturnType<typeof createUser>>;

let current = new Date(T0);
let t: TestApp;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => new Date(current) });
});
beforeEach(async () => {
  await resetTestApp(t);
  cookies.clear();
  current = new Date(T0);
});
afterAll(async () => {
  await t.app.close();
});

// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely, as app.inject's own json() is
type Reply = { statusCode: number; json: () => any };

async function call(user: { id: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  let cookie = cookies.get(user.id);
  if (!cookie) {
    cookie = await signedInAs(t.app, user);
    cookies.set(user.id, cookie);
  }
  const res: Reply = await t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return res;
}

const essayText = Array.from(
  { length: 10 },
  (_, i) => `Linha ${i + 1} da redação com argumentos e repertório sobre o tema proposto.`,
).join('\n');

async function paidGroupWithPrompt(isPaid = true) {
  const owner = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
  const group = await createGroup(
    t.app,
    owner,
    isPaid ? { name: 'Redação Premium', isPaid: true, price: 4990, subscriptionDuration: 1 } : {},
  );
  const member = await createUser(t.app, { displayName: 'Paula Aluna' });
  await addMember(t.app, group, member);
  const prompt = await call(owner, 'POST', '/api/essay-prompts', {
    title: 'Tema do grupo de redação',
    motivatingTexts: [],
    groupId: group.id,
  });
  expect(prompt.statusCode).toBe(201);
  return { owner, group, member, promptId: prompt.json().data.id as string };
}

async function sendToGroup(author: User, promptId: string) {
  const created = await call(author, 'POST', '/api/essays', { promptId, text: essayText });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as string;
  return { id, res: await call(author, 'POST', `/api/essays/${id}/submit`, { destination: 'group' }) };
}

const quotaUrl = (groupId: string) => `/api/study-groups/${groupId}/essay-quota`;

describe('a paid group’s monthly quota of corrections', () => {
  it('the owner sets it; a member’s essays beyond it this Brasília month are 409 ESSAY_QUOTA_EXCEEDED, and it renews on the 1st', async () => {
    const { owner, group, member, promptId } = await paidGroupWithPrompt();
    const unset = await call(member, 'GET', quotaUrl(group.id));
    expect(unset.json().data).toEqual({ monthlyQuota: null, usedThisMonth: 0, month: '2026-11' });

    const set = await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota: 2 });
    expect([set.statusCode, set.json().data]).toEqual([
      200,
      { monthlyQuota: 2, usedThisMonth: 0, month: '2026-11' },
    ]);

    expect((await sendToGroup(member, promptId)).res.statusCode).toBe(200);
    // 23:30 on 30 November in Brasília is already 1 December in UTC: still November's quota.
    current = new Date('2026-11-30T23:30:00-03:00');
    expect((await sendToGroup(member, promptId)).res.statusCode).toBe(200);
    expect((await call(member, 'GET', quotaUrl(group.id))).json().data).toEqual({
      monthlyQuota: 2,
      usedThisMonth: 2,
      month: '2026-11',
    });
    const over = await sendToGroup(member, promptId);
    expect([over.res.statusCode, over.res.json()]).toEqual([
      409,
      { error: M.quotaExceeded(2), code: EssayErrorCode.quotaExceeded },
    ]);
    const [row] = await t.app.ctx.database.db.select().from(essays).where(eq(essays.id, over.id));
    expect([row?.status, row?.submittedAt]).toEqual(['draft', null]);

    // The same draft goes on 1 December (Brasília): a new month.
    current = new Date('2026-12-01T00:10:00-03:00');
    expect((await call(member, 'GET', quotaUrl(group.id))).json().data).toMatchObject({
      usedThisMonth: 0,
      month: '2026-12',
    });
    const renewed = await call(member, 'POST', `/api/essays/${over.id}/submit`, { destination: 'group' });
    expect(renewed.statusCode).toBe(200);

    // Lifted (null): no limit.
    const lifted = await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota: null });
    expect(lifted.json().data).toMatchObject({ monthlyQuota: null });
    expect(await t.app.ctx.database.db.select().from(essayGroupQuotas)).toEqual([]);
    await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota: 1 });
    expect((await sendToGroup(member, promptId)).res.statusCode).toBe(409);
    await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota: null });
    expect((await sendToGroup(member, promptId)).res.statusCode).toBe(200);
  });

  it('counts each member apart, and never a teacher’s own essay', async () => {
    const { owner, group, member, promptId } = await paidGroupWithPrompt();
    const other = await createUser(t.app);
    await addMember(t.app, group, other);
    const coTeacher = await createUser(t.app, { userType: 'professor' });
    await t.app.ctx.database.db
      .insert(groupTeachers)
      .values({ studyGroupId: group.id, userId: coTeacher.id });
    await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota: 1 });
    expect((await sendToGroup(member, promptId)).res.statusCode).toBe(200);
    expect((await sendToGroup(other, promptId)).res.statusCode).toBe(200);
    expect((await sendToGroup(coTeacher, promptId)).res.statusCode).toBe(200);
    expect((await sendToGroup(coTeacher, promptId)).res.statusCode).toBe(200);
    expect((await sendToGroup(member, promptId)).res.statusCode).toBe(409);
  });

  it('two submissions at once cannot both take the last correction', async () => {
    const { owner, group, member, promptId } = await paidGroupWithPrompt();
    await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await call(member, 'POST', '/api/essays', { promptId, text: essayText })).json().data.id);
    const replies = await Promise.all(
      ids.map((id) => call(member, 'POST', `/api/essays/${id}/submit`, { destination: 'group' })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('refuses bad input with its pt-BR message and stores nothing', async () => {
    const { owner, group, member } = await paidGroupWithPrompt();
    for (const monthlyQuota of [0, -1, 101, 2.5, '4', undefined]) {
      const res = await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota });
      expect([res.statusCode, res.json().error]).toEqual([400, M.quotaInvalid]);
    }
    const extra = await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota: 4, perWeek: 1 });
    expect(extra.statusCode).toBe(400);
    const byMember = await call(member, 'PUT', quotaUrl(group.id), { monthlyQuota: 4 });
    expect([byMember.statusCode, byMember.json().error]).toEqual([403, M.quotaForbidden]);
    const coTeacher = await createUser(t.app, { userType: 'professor' });
    await t.app.ctx.database.db
      .insert(groupTeachers)
      .values({ studyGroupId: group.id, userId: coTeacher.id });
    const byCoTeacher = await call(coTeacher, 'PUT', quotaUrl(group.id), { monthlyQuota: 4 });
    expect([byCoTeacher.statusCode, byCoTeacher.json().error]).toEqual([403, M.quotaForbidden]);
    const stranger = await createUser(t.app);
    const read = await call(stranger, 'GET', quotaUrl(group.id));
    expect([read.statusCode, read.json().error]).toEqual([403, M.groupMembersOnly]);
    const unknown = await call(owner, 'PUT', quotaUrl('00000000-0000-4000-8000-000000000000'), {
      monthlyQuota: 4,
    });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, GROUP_MESSAGES.notFound]);
    const malformed = await call(owner, 'GET', quotaUrl('nao-e-um-id'));
    expect([malformed.statusCode, malformed.json().error]).toEqual([404, GROUP_MESSAGES.notFound]);
    expect(await t.app.ctx.database.db.select().from(essayGroupQuotas)).toEqual([]);
  });

  it('is for paid groups only (409 ESSAY_QUOTA_PAID_ONLY)', async () => {
    const { owner, group } = await paidGroupWithPrompt(false);
    const res = await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota: 4 });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { error: M.quotaPaidOnly, code: EssayErrorCode.quotaPaidOnly },
    ]);
    expect((await call(owner, 'PUT', quotaUrl(group.id), { monthlyQuota: null })).statusCode).toBe(200);
  });
});

describe('earnings count corrections', () => {
  it('the owner’s Receitas show the corrections the group’s teachers sent, per Brasília month', async () => {
    const { owner, group, member, promptId } = await paidGroupWithPrompt();
    const before = await call(owner, 'GET', `/api/study-groups/${group.id}/earnings`);
    expect(before.json().data.totals.correctionsCount).toBe(0);
    await sendToGroup(member, promptId);
    await sendToGroup(member, promptId);
    for (const at of ['2026-11-26T11:00:00-03:00', '2026-12-01T09:00:00-03:00']) {
      current = new Date(at);
      const next = await call(owner, 'POST', '/api/essay-reviews/next', { groupId: group.id });
      const sent = await call(owner, 'POST', `/api/essay-reviews/${next.json().data.id}`, {
        scores: { c1: 120, c2: 120, c3: 120, c4: 120, c5: 120 },
        zeroReason: null,
        comments: [],
      });
      expect(sent.statusCode).toBe(200);
    }
    const earnings = (await call(owner, 'GET', `/api/study-groups/${group.id}/earnings`)).json().data;
    expect(earnings.totals.correctionsCount).toBe(2);
    const byMonth = Object.fromEntries(
      earnings.months.map((m: { month: string; correctionsCount: number }) => [m.month, m.correctionsCount]),
    );
    expect([byMonth['2026-11'], byMonth['2026-12'], byMonth['2026-10']]).toEqual([1, 1, 0]);
    const byMember = await call(member, 'GET', `/api/study-groups/${group.id}/earnings`);
    expect([byMember.statusCode, byMember.json().error]).toEqual([403, TEACHING_MESSAGES.ownerOnly]);
  });
});
