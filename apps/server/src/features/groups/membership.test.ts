import {
  GROUP_ERROR_CODES,
  GROUP_MESSAGES,
  membershipSchema,
  pageOf,
  studyGroupSchema,
} from '@estudai/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { groupMemberships, groupPayments, notifications } from '../../db/schema/index.ts';
import { addMonths } from '../../lib/add-months.ts';
import { applyApprovedPayment } from './paid-membership.service.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let ana: Awaited<ReturnType<typeof createUser>>;
let anaCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  owner = await createUser(t.app, { displayName: 'Carla Mendes', userType: 'professor' });
  ana = await createUser(t.app, { displayName: 'Ana Souza' });
  anaCookie = await signedInAs(t.app, ana);
});
afterAll(async () => {
  await t.app.close();
});

const act = (groupId: string, action: unknown, cookie = anaCookie, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/study-groups/${groupId}/membership`,
    payload: { action, ...extra },
    headers: { cookie },
  });
const get = (url: string, cookie = anaCookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const myGroupIds = async (tab: 'my' | 'archived' | 'available', cookie = anaCookie) =>
  pageOf(studyGroupSchema)
    .parse((await get(`/api/study-groups/${tab}`, cookie)).json())
    .data.map((group) => group.id);

async function approvedPayment(groupId: string, userId: string, durationMonths: number | null = 3) {
  const [payment] = await t.app.ctx.database.db
    .insert(groupPayments)
    .values({
      studyGroupId: groupId,
      userId,
      provider: 'sandbox',
      method: 'card',
      status: 'approved',
      amount: 4990,
      durationMonths,
      approvedAt: new Date(),
    })
    .returning();
  if (!payment) throw new Error('payment not inserted');
  return payment;
}

describe('GET /api/study-groups/{id}/membership', () => {
  it('answers null for a stranger, a synthesised owner membership, and the member row', async () => {
    const group = await createGroup(t.app, owner);
    expect((await get(`/api/study-groups/${group.id}/membership`)).json()).toEqual({ data: null });

    const asOwner = await get(`/api/study-groups/${group.id}/membership`, await signedInAs(t.app, owner));
    expect(membershipSchema.parse(asOwner.json().data)).toMatchObject({
      role: 'owner',
      status: 'active',
      userId: owner.id,
      studyGroupId: group.id,
      joinedAt: group.createdAt.toISOString(),
      expiresAt: null,
    });

    const row = await addMember(t.app, group, ana);
    expect((await get(`/api/study-groups/${group.id}/membership`)).json().data).toMatchObject({
      id: row.id,
      role: 'member',
      status: 'active',
    });
  });

  it("shows 'expired' once expiresAt has passed", async () => {
    const group = await createGroup(t.app, owner);
    await addMember(t.app, group, ana, { expiresAt: new Date(Date.now() - 60_000) });
    const res = await get(`/api/study-groups/${group.id}/membership`);
    expect(res.json().data.status).toBe('expired');
    expect((await get(`/api/study-groups/${group.id}`)).json().data.isMember).toBe(false);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of [crypto.randomUUID(), 'abc']) {
      const res = await get(`/api/study-groups/${id}/membership`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(GROUP_MESSAGES.notFound);
    }
  });
});

describe('POST /api/study-groups/{id}/membership: join', () => {
  it('joins a free group at once and tells the owner', async () => {
    const group = await createGroup(t.app, owner, { name: 'Física para o ENEM' });
    const res = await act(group.id, 'join');
    expect(res.statusCode).toBe(200);
    expect(membershipSchema.parse(res.json().data)).toMatchObject({
      userId: ana.id,
      studyGroupId: group.id,
      role: 'member',
      status: 'active',
      expiresAt: null,
      leftAt: null,
      archivedAt: null,
    });
    expect(await myGroupIds('my')).toEqual([group.id]);
    await t.app.ctx.jobs.drain();
    const rows = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    expect(rows).toMatchObject([
      {
        type: 'study_group',
        title: 'Novo membro no grupo',
        message: 'Ana Souza entrou no grupo Física para o ENEM.',
        actionUrl: `/study-groups/${group.id}`,
        actorId: ana.id,
      },
    ]);
  });

  it('answers 409 to a current member and to the owner', async () => {
    const group = await createGroup(t.app, owner);
    await addMember(t.app, group, ana);
    const again = await act(group.id, 'join');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(GROUP_MESSAGES.alreadyMember);
    const asOwner = await act(group.id, 'join', await signedInAs(t.app, owner));
    expect(asOwner.statusCode).toBe(409);
  });

  it('re-joins after leaving on the same row', async () => {
    const group = await createGroup(t.app, owner);
    const first = (await act(group.id, 'join')).json().data;
    expect((await act(group.id, 'leave')).json().data.status).toBe('left');
    const again = await act(group.id, 'join');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: first.id, status: 'active', leftAt: null });
  });

  it('refuses joins to an inactive group (409 GROUP_INACTIVE) but members keep access', async () => {
    const group = await createGroup(t.app, owner, { isActive: false });
    const bruno = await createUser(t.app);
    await addMember(t.app, group, bruno);
    const res = await act(group.id, 'join');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: GROUP_MESSAGES.groupInactive,
      code: GROUP_ERROR_CODES.groupInactive,
    });
    const brunoCookie = await signedInAs(t.app, bruno);
    expect((await get(`/api/study-groups/${group.id}/posts`, brunoCookie)).statusCode).toBe(200);
    expect(await myGroupIds('my', brunoCookie)).toEqual([group.id]);
    expect(await myGroupIds('available')).toEqual([]);
  });

  it('refuses a full group with 409 GROUP_FULL; expired and left members free their seats', async () => {
    const group = await createGroup(t.app, owner, { maxMembers: 2 });
    await addMember(t.app, group, await createUser(t.app));
    await addMember(t.app, group, await createUser(t.app), { status: 'left' });
    await addMember(t.app, group, await createUser(t.app), { expiresAt: new Date(Date.now() - 1000) });
    expect((await act(group.id, 'join')).statusCode).toBe(200);
    const late = await createUser(t.app);
    const res = await act(group.id, 'join', await signedInAs(t.app, late));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: GROUP_MESSAGES.groupFull, code: GROUP_ERROR_CODES.groupFull });
  });

  it('gives the last seat to exactly one of two concurrent joins', async () => {
    const group = await createGroup(t.app, owner, { maxMembers: 1 });
    const bruno = await createUser(t.app);
    const results = await Promise.all([
      act(group.id, 'join'),
      act(group.id, 'join', await signedInAs(t.app, bruno)),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((res) => res.statusCode === 409)?.json().code).toBe(GROUP_ERROR_CODES.groupFull);
    const members = await t.app.ctx.database.db
      .select()
      .from(groupMemberships)
      .where(eq(groupMemberships.studyGroupId, group.id));
    expect(members).toHaveLength(1);
  });

  it('answers 402 for a paid group without a payment, even when the client says paid: true', async () => {
    const group = await createGroup(t.app, owner, { isPaid: true, price: 4990, subscriptionDuration: 3 });
    for (const extra of [{}, { paid: true }]) {
      const res = await act(group.id, 'join', anaCookie, extra);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({
        error: GROUP_MESSAGES.paymentRequired,
        code: GROUP_ERROR_CODES.paymentRequired,
      });
    }
    const pending = await approvedPayment(group.id, ana.id);
    await t.app.ctx.database.db
      .update(groupPayments)
      .set({ status: 'pending' })
      .where(eq(groupPayments.id, pending.id));
    expect((await act(group.id, 'join')).statusCode).toBe(402);
    expect(await t.app.ctx.database.db.select().from(groupMemberships)).toHaveLength(0);
  });

  it('opens a paid group with an approved payment, once, for its duration', async () => {
    const group = await createGroup(t.app, owner, { isPaid: true, price: 4990, subscriptionDuration: 3 });
    const payment = await approvedPayment(group.id, ana.id, 3);
    const res = await act(group.id, 'join');
    expect(res.statusCode).toBe(200);
    const membership = membershipSchema.parse(res.json().data);
    expect(membership.status).toBe('active');
    const expected = addMonths(new Date(membership.joinedAt), 3).toISOString();
    expect(membership.expiresAt).toBe(expected);
    const [stored] = await t.app.ctx.database.db
      .select()
      .from(groupPayments)
      .where(eq(groupPayments.id, payment.id));
    expect(stored?.appliedAt).not.toBeNull();

    // The payment screen calls join again after paying: same membership, nothing extended.
    const again = await act(group.id, 'join');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: membership.id, expiresAt: expected });
  });

  it('answers 200 when the webhook already applied the payment', async () => {
    const group = await createGroup(t.app, owner, { isPaid: true, price: 2990, subscriptionDuration: null });
    const payment = await approvedPayment(group.id, ana.id, null);
    await t.app.ctx.database.db.transaction((tx) => applyApprovedPayment(tx, payment.id, new Date()));
    const res = await act(group.id, 'join');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', expiresAt: null });
  });

  it('answers 400 for an unknown action and 404 for unknown or malformed group ids', async () => {
    const group = await createGroup(t.app, owner);
    const bad = await act(group.id, 'promote');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Ação desconhecida.');
    for (const id of [crypto.randomUUID(), 'nope']) {
      const res = await act(id, 'join');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(GROUP_MESSAGES.notFound);
    }
  });
});

describe('POST /api/study-groups/{id}/membership: leave, archive, unarchive', () => {
  it('leaves: status left, leftAt set, the group leaves /my and access ends', async () => {
    const group = await createGroup(t.app, owner);
    await addMember(t.app, group, ana, { archivedAt: new Date() });
    const res = await act(group.id, 'leave');
    expect(res.statusCode).toBe(200);
    const left = membershipSchema.parse(res.json().data);
    expect(left).toMatchObject({ status: 'left', archivedAt: null });
    expect(Date.now() - Date.parse(left.leftAt ?? '')).toBeLessThan(60_000);
    expect(await myGroupIds('my')).toEqual([]);
    expect(await myGroupIds('archived')).toEqual([]);
    expect(await myGroupIds('available')).toEqual([group.id]);
    expect((await get(`/api/study-groups/${group.id}/posts`)).statusCode).toBe(403);
  });

  it('refuses the owner leaving (409) and a non-member (404)', async () => {
    const group = await createGroup(t.app, owner);
    const asOwner = await act(group.id, 'leave', await signedInAs(t.app, owner));
    expect(asOwner.statusCode).toBe(409);
    expect(asOwner.json()).toEqual({
      error: GROUP_MESSAGES.ownerCannotLeave,
      code: GROUP_ERROR_CODES.ownerCannotLeave,
    });
    const stranger = await act(group.id, 'leave');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: GROUP_MESSAGES.notMember, code: GROUP_ERROR_CODES.notMember });
  });

  it('archives into /archived and unarchives back to /my, keeping access', async () => {
    const group = await createGroup(t.app, owner);
    await addMember(t.app, group, ana);
    const archived = await act(group.id, 'archive');
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ status: 'active', archivedAt: expect.any(String) });
    expect(await myGroupIds('my')).toEqual([]);
    expect(await myGroupIds('archived')).toEqual([group.id]);
    expect((await get(`/api/study-groups/${group.id}`)).json().data).toMatchObject({
      isArchived: true,
      isMember: true,
    });
    expect((await get(`/api/study-groups/${group.id}/posts`)).statusCode).toBe(200);

    const back = await act(group.id, 'unarchive');
    expect(back.json().data.archivedAt).toBeNull();
    expect(await myGroupIds('my')).toEqual([group.id]);
    expect(await myGroupIds('archived')).toEqual([]);
  });

  it('refuses archiving to non-members and to expired members (404 NOT_MEMBER)', async () => {
    const group = await createGroup(t.app, owner);
    expect((await act(group.id, 'archive')).statusCode).toBe(404);
    const bruno = await createUser(t.app);
    await addMember(t.app, group, bruno, { expiresAt: new Date(Date.now() - 1000) });
    const res = await act(group.id, 'archive', await signedInAs(t.app, bruno));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(GROUP_ERROR_CODES.notMember);
    const [row] = await t.app.ctx.database.db
      .select()
      .from(groupMemberships)
      .where(and(eq(groupMemberships.studyGroupId, group.id), eq(groupMemberships.userId, bruno.id)));
    expect(row?.archivedAt).toBeNull();
  });
});
