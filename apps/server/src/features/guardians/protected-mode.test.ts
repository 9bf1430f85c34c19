import { MINORS_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import {
  addMember,
  as,
  createGroup,
  createMinor,
  createUser,
  linkGuardian,
} from '../../../test/factories.ts';
import {
  conversations,
  follows,
  groupMemberships,
  groupPayments,
  guardianApprovals,
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

async function followEachOther(a: { id: string }, b: { id: string }) {
  await t.app.ctx.database.db.insert(follows).values([
    { followerId: a.id, followingId: b.id },
    { followerId: b.id, followingId: a.id },
  ]);
}

const paidGroup = async (owner: { id: string }) =>
  createGroup(t.app, owner, {
    name: 'Redação Nota 1000',
    isPaid: true,
    price: 2990,
    subscriptionDuration: 3,
  });

describe("'modo protegido': under 16 without a confirmed guardian", () => {
  it('a 14-year-old without a confirmed guardian cannot chat or pay (403 in pt-BR)', async () => {
    const teen = await createMinor(t.app, 14);
    const classmate = await createMinor(t.app, 14);
    const mother = await createUser(t.app);
    await linkGuardian(t.app, classmate, mother);
    await followEachOther(teen, classmate);
    const asTeen = await as(t.app, teen);

    const start = await asTeen.post('/api/chat/conversations', { otherUserId: classmate.id });
    expect(start.statusCode).toBe(403);
    expect(start.json()).toEqual({ error: MINORS_MESSAGES.protectedChat, code: 'PROTECTED_MODE' });
    // Nor may anyone start one with them.
    const other = await (await as(t.app, classmate)).post('/api/chat/conversations', {
      otherUserId: teen.id,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(MINORS_MESSAGES.partnerProtected);
    expect(await t.app.ctx.database.db.select().from(conversations)).toEqual([]);

    const group = await paidGroup(await createUser(t.app, { userType: 'professor' }));
    const pay = await asTeen.post(`/api/study-groups/${group.id}/payments`, { method: 'pix' });
    expect(pay.statusCode).toBe(403);
    expect(pay.json()).toEqual({ error: MINORS_MESSAGES.protectedPaid, code: 'PROTECTED_MODE' });
    const join = await asTeen.post(`/api/study-groups/${group.id}/membership`, { action: 'join' });
    expect(join.statusCode).toBe(403);
    expect(join.json().code).toBe('PROTECTED_MODE');
    expect(await t.app.ctx.database.db.select().from(groupPayments)).toEqual([]);
    // A free group is fine.
    const free = await createGroup(t.app, await createUser(t.app));
    expect(
      (await asTeen.post(`/api/study-groups/${free.id}/membership`, { action: 'join' })).statusCode,
    ).toBe(200);
  });

  it('stops sending in a conversation once the guardian unlinks', async () => {
    const teen = await createMinor(t.app, 14);
    const classmate = await createMinor(t.app, 15);
    const mother = await createUser(t.app);
    const link = await linkGuardian(t.app, teen, mother);
    await linkGuardian(t.app, classmate, await createUser(t.app));
    await followEachOther(teen, classmate);
    const asTeen = await as(t.app, teen);
    const started = await asTeen.post('/api/chat/conversations', { otherUserId: classmate.id });
    expect(started.statusCode).toBe(201);
    const url = `/api/chat/conversations/${started.json().data.id}/messages`;
    expect((await asTeen.post(url, { content: 'Oi!' })).statusCode).toBe(201);
    await (await as(t.app, mother)).del(`/api/guardian/links/${link.id}`);
    const refused = await asTeen.post(url, { content: 'Oi de novo' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PROTECTED_MODE');
  });
});

describe('adults and minors in chat (one access rule)', () => {
  it('an adult stranger cannot start a chat with a 15-year-old, but their teacher in a shared group can', async () => {
    const teen = await createMinor(t.app, 15);
    await linkGuardian(t.app, teen, await createUser(t.app));
    const stranger = await createUser(t.app);
    await followEachOther(teen, stranger);
    const refused = await (await as(t.app, stranger)).post('/api/chat/conversations', {
      otherUserId: teen.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: MINORS_MESSAGES.adultChatNeedsGroup,
      code: 'ADULT_CHAT_NOT_ALLOWED',
    });
    // The teen cannot open it from their side either.
    const fromTeen = await (await as(t.app, teen)).post('/api/chat/conversations', {
      otherUserId: stranger.id,
    });
    expect(fromTeen.statusCode).toBe(403);

    const teacher = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, teacher);
    await addMember(t.app, group, teen);
    // Owning the group is not enough without following each other.
    const notYet = await (await as(t.app, teacher)).post('/api/chat/conversations', { otherUserId: teen.id });
    expect(notYet.statusCode).toBe(403);
    await followEachOther(teen, teacher);
    const asTeacher = await as(t.app, teacher);
    const ok = await asTeacher.post('/api/chat/conversations', { otherUserId: teen.id });
    expect(ok.statusCode).toBe(201);
    const url = `/api/chat/conversations/${ok.json().data.id}/messages`;
    expect((await asTeacher.post(url, { content: 'Bem-vindo ao grupo!' })).statusCode).toBe(201);

    // Leaving the group closes it again, at the next message.
    await t.app.ctx.database.db
      .update(groupMemberships)
      .set({ status: 'left', leftAt: new Date() })
      .where(eq(groupMemberships.userId, teen.id));
    const after = await asTeacher.post(url, { content: 'Ainda está aí?' });
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('ADULT_CHAT_NOT_ALLOWED');
  });

  it('an adult in a group the teen owns is not enough: the adult must own it', async () => {
    const teen = await createMinor(t.app, 16);
    const adult = await createUser(t.app);
    await addMember(t.app, await createGroup(t.app, teen), adult);
    await followEachOther(teen, adult);
    const res = await (await as(t.app, adult)).post('/api/chat/conversations', { otherUserId: teen.id });
    expect(res.statusCode).toBe(403);
  });

  it('a teen who turned adult chat off is reached by no adult, their teacher included', async () => {
    const teen = await createMinor(t.app, 16, { allowAdultChat: false });
    const teacher = await createUser(t.app, { userType: 'professor' });
    await addMember(t.app, await createGroup(t.app, teacher), teen);
    await followEachOther(teen, teacher);
    const res = await (await as(t.app, teacher)).post('/api/chat/conversations', { otherUserId: teen.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MINORS_MESSAGES.adultChatRefused);
  });

  it('two teens of 16 who follow each other chat as before', async () => {
    const a = await createMinor(t.app, 16);
    const b = await createMinor(t.app, 17);
    await followEachOther(a, b);
    expect(
      (await (await as(t.app, a)).post('/api/chat/conversations', { otherUserId: b.id })).statusCode,
    ).toBe(201);
  });
});

describe('paid groups for a supervised teen', () => {
  it('waits for the guardian’s approval (202), then the paid join goes through the sandbox payment', async () => {
    const teen = await createMinor(t.app, 14);
    const mother = await createUser(t.app);
    await linkGuardian(t.app, teen, mother);
    const group = await paidGroup(await createUser(t.app, { userType: 'professor' }));
    const asTeen = await as(t.app, teen);
    const payUrl = `/api/study-groups/${group.id}/payments`;

    const asked = await asTeen.post(payUrl, { method: 'card' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().data).toMatchObject({
      status: 'pending',
      message: MINORS_MESSAGES.approvalRequested,
    });
    const again = await asTeen.post(payUrl, { method: 'card' });
    expect(again.statusCode).toBe(202);
    expect(again.json().data).toMatchObject({
      approvalId: asked.json().data.approvalId,
      message: MINORS_MESSAGES.approvalStillPending,
    });
    expect(await t.app.ctx.database.db.select().from(groupPayments)).toEqual([]);
    expect(
      (await asTeen.post(`/api/study-groups/${group.id}/membership`, { action: 'join' })).statusCode,
    ).toBe(402);

    const asMother = await as(t.app, mother);
    await t.app.ctx.jobs.drain();
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: mother.email });
    const [dashboard] = (await asMother.get('/api/guardian/teens')).json().data;
    expect(dashboard.pendingApprovals).toEqual([
      expect.objectContaining({
        id: asked.json().data.approvalId,
        group: expect.objectContaining({ price: 2990 }),
      }),
    ]);
    const approved = await asMother.post(`/api/guardian/approvals/${asked.json().data.approvalId}`, {
      approve: true,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      message: MINORS_MESSAGES.approvalApproved,
    });
    const twice = await asMother.post(`/api/guardian/approvals/${asked.json().data.approvalId}`, {
      approve: false,
    });
    expect(twice.statusCode).toBe(409);

    const paid = await asTeen.post(payUrl, { method: 'card' });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data).toMatchObject({ status: 'approved', provider: 'sandbox', amount: 2990 });
    const joined = await asTeen.post(`/api/study-groups/${group.id}/membership`, { action: 'join' });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data).toMatchObject({ status: 'active' });
    const [approval] = await t.app.ctx.database.db.select().from(guardianApprovals);
    expect(approval?.status).toBe('used');
  });

  it('a refusal keeps the payment closed; another guardian’s teen is not theirs to decide (404)', async () => {
    const teen = await createMinor(t.app, 15);
    const mother = await createUser(t.app);
    await linkGuardian(t.app, teen, mother);
    const group = await paidGroup(await createUser(t.app));
    const asTeen = await as(t.app, teen);
    const asked = (await asTeen.post(`/api/study-groups/${group.id}/payments`, { method: 'card' })).json()
      .data;
    const stranger = await as(t.app, await createUser(t.app));
    expect(
      (await stranger.post(`/api/guardian/approvals/${asked.approvalId}`, { approve: true })).statusCode,
    ).toBe(404);
    const refused = await (await as(t.app, mother)).post(`/api/guardian/approvals/${asked.approvalId}`, {
      approve: false,
    });
    expect(refused.json().data.status).toBe('refused');
    const notes = (await asTeen.get('/api/notifications')).json().data;
    expect(notes[0].title).toBe('Entrada recusada');
    // Asking again waits for a new decision; nothing is charged.
    expect((await asTeen.post(`/api/study-groups/${group.id}/payments`, { method: 'card' })).statusCode).toBe(
      202,
    );
    expect(await t.app.ctx.database.db.select().from(groupPayments)).toEqual([]);
  });

  it('an unsupervised teen of 16 pays like an adult', async () => {
    const teen = await createMinor(t.app, 16);
    const group = await paidGroup(await createUser(t.app));
    const res = await (await as(t.app, teen)).post(`/api/study-groups/${group.id}/payments`, {
      method: 'card',
    });
    expect(res.statusCode).toBe(201);
  });
});
