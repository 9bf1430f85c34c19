import { GROUP_MESSAGES, studyGroupSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import {
  addMember,
  createGroup,
  createPost,
  createUser,
  signedInAs,
  uploadedMedia,
} from '../../../test/factories.ts';
import { studyGroups } from '../../db/schema/index.ts';

let t: TestApp;
let carla: Awaited<ReturnType<typeof createUser>>;
let carlaCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  carla = await createUser(t.app, { displayName: 'Carla Mendes', userType: 'professor', isVerified: true });
  carlaCookie = await signedInAs(t.app, carla);
});
afterAll(async () => {
  await t.app.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } });

const validGroup = {
  name: '  Física para o ENEM  ',
  description: 'Cinemática, dinâmica e energia com ação.',
  summary: 'Revisão semanal',
  category: 'fisica',
  subject: 'ENEM',
  isPaid: true,
  price: 4990,
  subscriptionDuration: 3,
  maxMembers: 30,
  tags: [' Mecânica ', 'mecânica', 'ENEM', 'enem', 'Óptica'],
};

describe('POST /api/study-groups', () => {
  it('creates a group for a professor: 201 with the card, tags de-duplicated, search text folded', async () => {
    const res = await call('POST', '/api/study-groups', carlaCookie, validGroup);
    expect(res.statusCode).toBe(201);
    const group = studyGroupSchema.parse(res.json().data);
    expect(group).toMatchObject({
      name: 'Física para o ENEM',
      ownerId: carla.id,
      isPaid: true,
      price: 4990,
      currency: 'BRL',
      subscriptionDuration: 3,
      maxMembers: 30,
      tags: ['Mecânica', 'ENEM', 'Óptica'],
      isActive: true,
      isOwner: true,
      isMember: true,
      isArchived: false,
      currentMembers: 0,
      memberCount: 0,
      rating: 0,
      ratingsCount: 0,
      myRating: null,
      relevanceScore: null,
      advertiser: {
        id: carla.id,
        displayName: 'Carla Mendes',
        name: 'Carla Mendes',
        isVerified: true,
        verified: true,
      },
    });
    const [row] = await t.app.ctx.database.db.select().from(studyGroups).where(eq(studyGroups.id, group.id));
    expect(row?.searchText).toBe(
      'fisica para o enem cinematica, dinamica e energia com acao. revisao semanal enem fisica carla mendes mecanica enem optica',
    );
  });

  it.each(['mentor', 'tutor', 'admin'] as const)('lets a %s create a group', async (userType) => {
    const user = await createUser(t.app, { userType });
    const res = await call('POST', '/api/study-groups', await signedInAs(t.app, user), {
      ...validGroup,
      isPaid: false,
      price: 0,
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a student with 403 and the spec message, whatever the body', async () => {
    const ana = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    for (const body of [validGroup, {}]) {
      const res = await call('POST', '/api/study-groups', cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: GROUP_MESSAGES.createForbidden, code: 'FORBIDDEN' });
    }
    expect(await t.app.ctx.database.db.select().from(studyGroups)).toHaveLength(0);
  });

  it.each([
    ['a negative price', { price: -1 }, GROUP_MESSAGES.priceInvalid],
    ['an unknown category', { category: 'astrologia' }, GROUP_MESSAGES.categoryInvalid],
    ['11 tags', { tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, GROUP_MESSAGES.tagsTooMany],
    ['a paid group without price', { price: 0 }, GROUP_MESSAGES.paidNeedsPrice],
    ['a free group with a price', { isPaid: false }, GROUP_MESSAGES.freeHasNoPrice],
    ['a blank name', { name: '   ' }, GROUP_MESSAGES.nameRequired],
    ['an unknown subject', { subject: 'Concurso' }, GROUP_MESSAGES.subjectInvalid],
    ['a javascript: cover', { coverImage: 'javascript:alert(1)' }, GROUP_MESSAGES.coverInvalid],
    ['zero members', { maxMembers: 0 }, GROUP_MESSAGES.maxMembersInvalid],
    ['an unknown field', { ownerId: 'x' }, undefined],
  ])('answers 400 for %s', async (_label, change, message) => {
    const res = await call('POST', '/api/study-groups', carlaCookie, { ...validGroup, ...change });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error).toBe(message);
  });

  it("takes a cover only from the owner's own uploads (issue 43: the image check sees it); an unchanged one stays", async () => {
    const stranger = await createUser(t.app);
    const others = await uploadedMedia(t.app, stranger, 'group_cover');
    const photo = await uploadedMedia(t.app, carla, 'post_image');
    for (const coverImage of ['https://exemplo.com.br/capa.png', others, photo]) {
      const res = await call('POST', '/api/study-groups', carlaCookie, { ...validGroup, coverImage });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { error: GROUP_MESSAGES.coverNotUploaded, code: 'MEDIA_NOT_UPLOADED' },
      ]);
    }
    expect(await t.app.ctx.database.db.$count(studyGroups)).toBe(0);
    const own = await uploadedMedia(t.app, carla, 'group_cover');
    const created = await call('POST', '/api/study-groups', carlaCookie, { ...validGroup, coverImage: own });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ coverImage: own, coverSensitivity: 'ok' });
    // A group from before the rule keeps its outside cover through an edit that leaves it as it was.
    const old = await createGroup(t.app, carla, { coverImage: 'https://exemplo.com.br/antiga.png' });
    const kept = await call('PATCH', `/api/study-groups/${old.id}`, carlaCookie, {
      name: 'Física revisada',
      coverImage: 'https://exemplo.com.br/antiga.png',
    });
    expect(kept.statusCode).toBe(200);
    const changed = await call('PATCH', `/api/study-groups/${old.id}`, carlaCookie, {
      coverImage: 'https://exemplo.com.br/nova.png',
    });
    expect([changed.statusCode, changed.json().error]).toEqual([400, GROUP_MESSAGES.coverNotUploaded]);
    const [row] = await t.app.ctx.database.db.select().from(studyGroups).where(eq(studyGroups.id, old.id));
    expect(row?.coverImage).toBe('https://exemplo.com.br/antiga.png');
  });

  it('answers 401 signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/study-groups', payload: validGroup });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /api/study-groups/{id}', () => {
  it('lets the owner change fields, recomputes the search text and bumps updatedAt', async () => {
    const group = await createGroup(t.app, carla, { updatedAt: new Date(Date.now() - 60_000) });
    const res = await call('PATCH', `/api/study-groups/${group.id}`, carlaCookie, {
      name: 'Química orgânica',
      tags: ['Reações', 'reações'],
    });
    expect(res.statusCode).toBe(200);
    const data = studyGroupSchema.parse(res.json().data);
    expect(data).toMatchObject({ name: 'Química orgânica', tags: ['Reações'] });
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(group.updatedAt.getTime());
    const [row] = await t.app.ctx.database.db.select().from(studyGroups).where(eq(studyGroups.id, group.id));
    expect(row?.searchText).toContain('quimica organica');
    expect(row?.searchText).toContain('reacoes');
  });

  it('refuses anyone but the owner with 403; an admin may edit', async () => {
    const group = await createGroup(t.app, carla);
    const other = await createUser(t.app, { userType: 'professor' });
    const res = await call('PATCH', `/api/study-groups/${group.id}`, await signedInAs(t.app, other), {
      name: 'Meu',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: GROUP_MESSAGES.editForbidden, code: 'FORBIDDEN' });
    const admin = await createUser(t.app, { userType: 'admin' });
    const asAdmin = await call('PATCH', `/api/study-groups/${group.id}`, await signedInAs(t.app, admin), {
      summary: 'Moderado',
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.summary).toBe('Moderado');
  });

  it('refuses a member limit below the current members (400) and accepts it at the count', async () => {
    const group = await createGroup(t.app, carla);
    await addMember(t.app, group, await createUser(t.app));
    await addMember(t.app, group, await createUser(t.app));
    await addMember(t.app, group, await createUser(t.app), { status: 'left' });
    const low = await call('PATCH', `/api/study-groups/${group.id}`, carlaCookie, { maxMembers: 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error).toBe(GROUP_MESSAGES.maxMembersBelowCurrent);
    const exact = await call('PATCH', `/api/study-groups/${group.id}`, carlaCookie, { maxMembers: 2 });
    expect(exact.json().data).toMatchObject({ maxMembers: 2, currentMembers: 2 });
  });

  it('keeps price and paid flag consistent with the stored group', async () => {
    const free = await createGroup(t.app, carla);
    const paidNoPrice = await call('PATCH', `/api/study-groups/${free.id}`, carlaCookie, { isPaid: true });
    expect(paidNoPrice.statusCode).toBe(400);
    expect(paidNoPrice.json().error).toBe(GROUP_MESSAGES.paidNeedsPrice);
    const priceOnFree = await call('PATCH', `/api/study-groups/${free.id}`, carlaCookie, { price: 990 });
    expect(priceOnFree.json().error).toBe(GROUP_MESSAGES.freeHasNoPrice);
    const paid = await call('PATCH', `/api/study-groups/${free.id}`, carlaCookie, {
      isPaid: true,
      price: 2990,
    });
    expect(paid.json().data).toMatchObject({ isPaid: true, price: 2990 });
    const freeAgain = await call('PATCH', `/api/study-groups/${free.id}`, carlaCookie, { isPaid: false });
    expect(freeAgain.json().data).toMatchObject({ isPaid: false, price: 0 });
  });

  it('deactivates with isActive false', async () => {
    const group = await createGroup(t.app, carla);
    const res = await call('PATCH', `/api/study-groups/${group.id}`, carlaCookie, { isActive: false });
    expect(res.json().data.isActive).toBe(false);
  });

  it('answers 400 for bad values and 404 for unknown or malformed ids', async () => {
    const group = await createGroup(t.app, carla);
    const bad = await call('PATCH', `/api/study-groups/${group.id}`, carlaCookie, { category: 'astrologia' });
    expect(bad.statusCode).toBe(400);
    for (const id of [crypto.randomUUID(), 'nao-e-um-id', '1']) {
      const res = await call('PATCH', `/api/study-groups/${id}`, carlaCookie, { name: 'X' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(GROUP_MESSAGES.notFound);
    }
  });
});

describe('GET /api/study-groups/{id}', () => {
  it('shows any verified user the public card, with the owner stats over all their groups', async () => {
    const physics = await createGroup(t.app, carla, { maxMembers: 10 });
    const maths = await createGroup(t.app, carla, { name: 'Matemática', category: 'matematica' });
    const [ana, bruno, caio] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await addMember(t.app, physics, ana);
    await addMember(t.app, physics, bruno);
    await addMember(t.app, maths, ana);
    await addMember(t.app, maths, caio, { expiresAt: new Date(Date.now() - 1000) });
    for (const [group, user, rating] of [
      [physics, ana, 5],
      [physics, bruno, 4],
      [maths, ana, 2],
    ] as const) {
      const res = await call('PUT', `/api/study-groups/${group.id}/rating`, await signedInAs(t.app, user), {
        rating,
      });
      expect(res.statusCode).toBe(200);
    }
    const viewer = await createUser(t.app);
    const res = await call('GET', `/api/study-groups/${physics.id}`, await signedInAs(t.app, viewer));
    expect(res.statusCode).toBe(200);
    const card = studyGroupSchema.parse(res.json().data);
    expect(card).toMatchObject({
      id: physics.id,
      currentMembers: 2,
      memberCount: 2,
      maxMembers: 10,
      rating: 4.5,
      ratingsCount: 2,
      myRating: null,
      isMember: false,
      isOwner: false,
      isArchived: false,
      // (5 + 4 + 2) / 3 over both groups; ana, bruno (caio's membership expired).
      advertiser: { rating: 3.7, totalStudents: 2, isVerified: true, verified: true },
    });
    expect(card.relevanceScore).toEqual(expect.any(Number));

    const asAna = studyGroupSchema.parse(
      (await call('GET', `/api/study-groups/${physics.id}`, await signedInAs(t.app, ana))).json().data,
    );
    expect(asAna).toMatchObject({ isMember: true, myRating: 5, relevanceScore: null, relevanceTag: null });
  });

  it('counts posts, visible materials and videos', async () => {
    const group = await createGroup(t.app, carla);
    await createPost(t.app, carla, { studyGroupId: group.id });
    await createPost(t.app, carla, { studyGroupId: group.id });
    await createPost(t.app, carla);
    const res = await call('GET', `/api/study-groups/${group.id}`, carlaCookie);
    expect(res.json().data).toMatchObject({ postsCount: 2, materialsCount: 0, videosCount: 0 });
  });

  it('answers 404 for unknown and malformed ids, and 403 to an unverified account', async () => {
    for (const id of [crypto.randomUUID(), 'abc', "1' or 1=1 --", 'x'.repeat(90)]) {
      const res = await call('GET', `/api/study-groups/${encodeURIComponent(id)}`, carlaCookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: GROUP_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    const group = await createGroup(t.app, carla);
    const unverified = await createUser(t.app, { emailVerified: false });
    const res = await call('GET', `/api/study-groups/${group.id}`, await signedInAs(t.app, unverified));
    expect(res.statusCode).toBe(403);
  });
});
