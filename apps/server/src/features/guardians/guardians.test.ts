import { MINORS_MESSAGES, PRESENCE_BUCKET_MINUTES } from '@estudai/contract';
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
  appPresence,
  conversations,
  essayPrompts,
  essays,
  follows,
  guardianLinks,
  messages,
  studyBlocks,
  studySessions,
} from '../../db/schema/index.ts';
import { studyDay } from '../../lib/study-days.ts';

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

/** The invitation token from the link mailed to `email` (mail is a durable job: run what is queued). */
async function inviteToken(email: string): Promise<string> {
  await t.app.ctx.jobs.drain();
  const link = new URL(t.mailer.lastLink(email));
  expect(link.pathname).toBe('/responsavel');
  const token = link.searchParams.get('convite');
  if (!token) throw new Error('invitation link without a token');
  return token;
}

async function invited(age = 14) {
  const teen = await createMinor(t.app, age, { displayName: 'Lucas' });
  const asTeen = await as(t.app, teen);
  const res = await asTeen.post('/api/guardian/invite', { email: 'mae@exemplo.com.br' });
  expect(res.statusCode).toBe(201);
  return { teen, asTeen, token: await inviteToken('mae@exemplo.com.br'), invite: res.json().data };
}

describe('guardian invitation and link', () => {
  it('mails the guardian a link to /responsavel and shows the teen a pending supervision', async () => {
    const { asTeen, invite } = await invited();
    expect(invite).toMatchObject({ email: 'mae@exemplo.com.br', message: expect.stringContaining('mae@') });
    const mail = t.mailer.sent.at(-1);
    expect(mail?.subject).toContain('Lucas');
    expect(mail?.text).toContain('nunca o conteúdo das mensagens');
    expect((await asTeen.get('/api/users/me')).json().data).toMatchObject({
      protectedMode: true,
      supervision: { status: 'pending', invitedEmail: 'mae@exemplo.com.br' },
    });
  });

  it('refuses an invitation to one’s own e-mail (400) and from an adult (403), creating nothing', async () => {
    const teen = await createMinor(t.app, 13);
    const own = await (await as(t.app, teen)).post('/api/guardian/invite', {
      email: teen.email.toUpperCase(),
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: MINORS_MESSAGES.inviteSelf, code: 'BAD_REQUEST' });
    const adult = await (await as(t.app, await createUser(t.app))).post('/api/guardian/invite', {
      email: 'mae@exemplo.com.br',
    });
    expect(adult.statusCode).toBe(403);
    expect(adult.json().error).toBe(MINORS_MESSAGES.inviteOnlyMinors);
    const bad = await (await as(t.app, teen)).post('/api/guardian/invite', { email: 'mae@' });
    expect(bad.statusCode).toBe(400);
    expect(await t.app.ctx.database.db.select().from(guardianLinks)).toEqual([]);
    expect(t.mailer.sent).toEqual([]);
  });

  it('lets a signed-in adult accept: supervision active, modo protegido over, the teen told', async () => {
    const { teen, asTeen, token } = await invited();
    const mother = await createUser(t.app, { displayName: 'Márcia', userType: 'professor' });
    const res = await (await as(t.app, mother)).post(`/api/guardian/links/${token}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ teen: { id: teen.id, displayName: 'Lucas' } });
    expect((await asTeen.get('/api/users/me')).json().data).toMatchObject({
      protectedMode: false,
      supervision: { status: 'active', guardianName: 'Márcia' },
    });
    const notes = (await asTeen.get('/api/notifications')).json().data;
    expect(notes[0]).toMatchObject({ title: MINORS_MESSAGES.supervisionActive });
  });

  it('answers 410 to a link already used, expired or replaced by a new invitation, and 404 to an unknown one', async () => {
    const { asTeen, token } = await invited();
    const mother = await as(t.app, await createUser(t.app));
    const father = await as(t.app, await createUser(t.app));

    // Replaced: a new invitation makes the old link useless.
    expect((await asTeen.post('/api/guardian/invite', { email: 'pai@exemplo.com.br' })).statusCode).toBe(201);
    const replaced = await mother.post(`/api/guardian/links/${token}/accept`);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json()).toEqual({ error: MINORS_MESSAGES.inviteExpired, code: 'INVITE_GONE' });

    // Expired: older than 7 days.
    const fresh = await inviteToken('pai@exemplo.com.br');
    await t.app.ctx.database.db
      .update(guardianLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guardianLinks.status, 'pending'));
    const expired = await father.post(`/api/guardian/links/${fresh}/accept`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe(MINORS_MESSAGES.inviteExpired);

    // Used: accepted once, a second accept is refused.
    expect((await asTeen.post('/api/guardian/invite', { email: 'avo@exemplo.com.br' })).statusCode).toBe(201);
    const last = await inviteToken('avo@exemplo.com.br');
    expect((await father.post(`/api/guardian/links/${last}/accept`)).statusCode).toBe(200);
    const again = await mother.post(`/api/guardian/links/${last}/accept`);
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe(MINORS_MESSAGES.inviteUsed);

    expect((await mother.post('/api/guardian/links/nao-existe/accept')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/guardian/links/${last}/accept` })).statusCode,
    ).toBe(401);
  });

  it('refuses a guardian who is a minor, or whose age is unknown (400), and links nothing', async () => {
    const { teen, token } = await invited();
    const sibling = await createMinor(t.app, 17);
    const minor = await (await as(t.app, sibling)).post(`/api/guardian/links/${token}/accept`);
    expect(minor.statusCode).toBe(400);
    expect(minor.json()).toEqual({ error: MINORS_MESSAGES.guardianMinor, code: 'GUARDIAN_NOT_ADULT' });
    const unknown = await (await as(t.app, await createUser(t.app, { birthDate: null }))).post(
      `/api/guardian/links/${token}/accept`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(MINORS_MESSAGES.guardianNeedsBirthDate);
    const self = await (await as(t.app, teen)).post(`/api/guardian/links/${token}/accept`);
    expect(self.statusCode).toBe(400);
    const [link] = await t.app.ctx.database.db.select().from(guardianLinks);
    expect(link).toMatchObject({ status: 'pending', guardianId: null });
  });

  it('lets the guardian unlink, but not a teen under 16 (403); a teen of 16 may', async () => {
    const young = await createMinor(t.app, 15);
    const mother = await createUser(t.app);
    const link = await linkGuardian(t.app, young, mother);
    expect((await (await as(t.app, young)).get('/api/users/me')).json().data.supervision).toMatchObject({
      status: 'active',
      linkId: link.id,
      canEnd: false,
    });
    const refused = await (await as(t.app, young)).del(`/api/guardian/links/${link.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MINORS_MESSAGES.teenCannotUnlink);
    expect(
      (await (await as(t.app, await createUser(t.app))).del(`/api/guardian/links/${link.id}`)).statusCode,
    ).toBe(404);
    expect((await (await as(t.app, mother)).del(`/api/guardian/links/${link.id}`)).statusCode).toBe(200);
    expect((await (await as(t.app, young)).get('/api/users/me')).json().data).toMatchObject({
      protectedMode: true,
      supervision: { status: 'none' },
    });

    const older = await createMinor(t.app, 16);
    const olderLink = await linkGuardian(t.app, older, await createUser(t.app));
    expect((await (await as(t.app, older)).get('/api/users/me')).json().data.supervision).toMatchObject({
      status: 'active',
      canEnd: true,
    });
    expect((await (await as(t.app, older)).del(`/api/guardian/links/${olderLink.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/guardian/teens (the guardian’s dashboard)', () => {
  it('shows 14 days of app and study minutes, the adults they chat with (never what), and their privacy', async () => {
    const teen = await createMinor(t.app, 15, { displayName: 'Lucas' });
    const mother = await createUser(t.app);
    await linkGuardian(t.app, teen, mother);
    const teacher = await createUser(t.app, { displayName: 'Prof. Carla', userType: 'professor' });
    const classmate = await createMinor(t.app, 15);
    const { db } = t.app.ctx.database;
    const now = new Date();
    await db.insert(studySessions).values({
      userId: teen.id,
      startedAt: new Date(now.getTime() - 60 * 60_000),
      endedAt: new Date(now.getTime() - 20 * 60_000),
      durationSeconds: 40 * 60,
      kind: 'timer',
    });
    for (const other of [teacher, classmate]) {
      const [a, b] = teen.id < other.id ? [teen.id, other.id] : [other.id, teen.id];
      const [conversation] = await db.insert(conversations).values({ userA: a, userB: b }).returning();
      await db
        .insert(messages)
        .values({ conversationId: conversation!.id, senderId: other.id, content: 'Segredo da lista 4' });
    }
    const asTeen = await as(t.app, teen);
    await asTeen.get('/api/users/me');
    await asTeen.get('/api/users/me');
    await t.app.ctx.jobs.drain();
    await db
      .insert(appPresence)
      .values({ userId: teen.id, bucket: new Date(now.getTime() - 2 * 86_400_000) });

    const yesterday = new Date(now.getTime() - 86_400_000);
    await db.insert(studyBlocks).values({
      userId: teen.id,
      startedAt: yesterday,
      lastSignAt: yesterday,
      endedAt: new Date(yesterday.getTime() + 25 * 60_000),
      verifiedMinutes: 25,
    });
    const res = await (await as(t.app, mother)).get('/api/guardian/teens');
    expect(res.statusCode).toBe(200);
    const [dashboard] = res.json().data;
    expect(dashboard.teen).toMatchObject({ id: teen.id, displayName: 'Lucas', age: 15 });
    expect(dashboard.activity).toHaveLength(14);
    const today = dashboard.activity.at(-1);
    expect(today.day).toBe(studyDay(now));
    // Two requests in a row fall in one 5-minute bucket (two when they straddle its end).
    expect([PRESENCE_BUCKET_MINUTES, 2 * PRESENCE_BUCKET_MINUTES]).toContain(today.appMinutes);
    const total = (key: string) =>
      dashboard.activity.reduce((sum: number, d: Record<string, number>) => sum + (d[key] ?? 0), 0);
    expect(total('studyMinutes')).toBe(40);
    // Issue 39: the teen's verified minutes (a focus block of 25 verified minutes yesterday).
    expect(total('verifiedMinutes')).toBe(25);
    expect(dashboard.activity.at(-2).verifiedMinutes).toBe(25);
    expect(total('appMinutes')).toBe(today.appMinutes + PRESENCE_BUCKET_MINUTES);
    expect(dashboard.adultContacts).toEqual([
      expect.objectContaining({ id: teacher.id, displayName: 'Prof. Carla', since: expect.any(String) }),
    ]);
    expect(JSON.stringify(res.json())).not.toContain('Segredo');
    expect(dashboard.privacy).toEqual({
      profileVisibility: 'followers',
      allowAdultChat: true,
      discoverable: true,
    });
    expect(dashboard.pendingApprovals).toEqual([]);
    // Adults' time is not recorded at all.
    await (await as(t.app, mother)).get('/api/users/me');
    await t.app.ctx.jobs.drain();
    expect(await db.select().from(appPresence).where(eq(appPresence.userId, mother.id))).toEqual([]);
  });

  it("shows the teen's essay scores (issue 38): the last corrected ones, newest first, and how many wait — never a text", async () => {
    const teen = await createMinor(t.app, 16, { displayName: 'Lucas' });
    const mother = await createUser(t.app);
    await linkGuardian(t.app, teen, mother);
    const teacher = await createUser(t.app, { userType: 'professor' });
    const { db } = t.app.ctx.database;
    const [prompt] = await db
      .insert(essayPrompts)
      .values({
        authorId: teacher.id,
        title: 'O lixo eletrônico no Brasil',
        motivatingTexts: [],
        instruction: 'Escreva.',
      })
      .returning();
    const base = {
      authorId: teen.id,
      promptId: prompt!.id,
      text: 'Texto secreto da redação do Lucas.',
      destination: 'community' as const,
      submittedAt: new Date('2026-11-01T12:00:00Z'),
    };
    const score = (total: number) => ({ c1: 120, c2: 120, c3: 120, c4: 120, c5: total - 480 });
    for (let i = 0; i < 7; i++) {
      await db.insert(essays).values({
        ...base,
        status: 'done',
        finalScore: { ...score(600 + i * 40), total: 600 + i * 40 },
        correctedAt: new Date(Date.UTC(2026, 10, 2 + i, 12)),
      });
    }
    await db.insert(essays).values({ ...base, status: 'third_review' });
    await db.insert(essays).values({ ...base, status: 'draft', submittedAt: null });

    const res = await (await as(t.app, mother)).get('/api/guardian/teens');
    const [dashboard] = res.json().data;
    expect(dashboard.essays.waiting).toBe(1);
    expect(dashboard.essays.corrected).toHaveLength(5);
    expect(dashboard.essays.corrected[0]).toEqual({
      promptTitle: 'O lixo eletrônico no Brasil',
      correctedAt: '2026-11-08T12:00:00.000Z',
      total: 840,
      c1: 120,
      c2: 120,
      c3: 120,
      c4: 120,
      c5: 360,
    });
    expect(dashboard.essays.corrected.map((e: { total: number }) => e.total)).toEqual([
      840, 800, 760, 720, 680,
    ]);
    expect(res.body).not.toContain('Texto secreto');

    // A stranger's dashboard has no teen, and no score of this one.
    const stranger = await (await as(t.app, await createUser(t.app))).get('/api/guardian/teens');
    expect(stranger.json().data).toEqual([]);
    expect(stranger.body).not.toContain('lixo eletrônico');
  });

  it('shows nothing of teens who are not linked to the caller', async () => {
    const teen = await createMinor(t.app, 15);
    await linkGuardian(t.app, teen, await createUser(t.app));
    const stranger = await as(t.app, await createUser(t.app));
    expect((await stranger.get('/api/guardian/teens')).json().data).toEqual([]);
    const privacy = await stranger.patch(`/api/guardian/teens/${teen.id}/privacy`, { discoverable: false });
    expect(privacy.statusCode).toBe(404);
    expect((await stranger.post(`/api/guardian/teens/${teen.id}/export`)).statusCode).toBe(404);
  });

  it('lists the teacher of a shared group among the adults once they follow each other and chat', async () => {
    const teen = await createMinor(t.app, 15);
    const mother = await createUser(t.app);
    await linkGuardian(t.app, teen, mother);
    const teacher = await createUser(t.app, { userType: 'professor' });
    await addMember(t.app, await createGroup(t.app, teacher), teen);
    await t.app.ctx.database.db.insert(follows).values([
      { followerId: teen.id, followingId: teacher.id },
      { followerId: teacher.id, followingId: teen.id },
    ]);
    expect(
      (await (await as(t.app, teacher)).post('/api/chat/conversations', { otherUserId: teen.id })).statusCode,
    ).toBe(201);
    const [dashboard] = (await (await as(t.app, mother)).get('/api/guardian/teens')).json().data;
    expect(dashboard.adultContacts.map((c: { id: string }) => c.id)).toEqual([teacher.id]);
  });
});
