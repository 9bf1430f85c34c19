import { GROUP_MESSAGES, groupRatingSchema, userProfileSchema } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { groupMaterials, groupVideos } from '../../db/schema/index.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let group: Awaited<ReturnType<typeof createGroup>>;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  owner = await createUser(t.app, { userType: 'professor' });
  group = await createGroup(t.app, owner, { name: 'Física' });
});
afterAll(async () => {
  await t.app.close();
});

const rate = (groupId: string, cookie: string, rating: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/study-groups/${groupId}/rating`,
    payload: { rating },
    headers: { cookie },
  });

async function memberCookie(overrides = {}) {
  const user = await createUser(t.app);
  await addMember(t.app, group, user, overrides);
  return signedInAs(t.app, user);
}

describe('PUT /api/study-groups/{id}/rating', () => {
  it('lets a current member rate, and rating again replaces their rating', async () => {
    const ana = await memberCookie();
    const bruno = await memberCookie();
    const first = await rate(group.id, ana, 5);
    expect(first.statusCode).toBe(200);
    expect(groupRatingSchema.parse(first.json().data)).toEqual({ rating: 5, ratingsCount: 1, myRating: 5 });
    expect((await rate(group.id, bruno, 4)).json().data).toEqual({
      rating: 4.5,
      ratingsCount: 2,
      myRating: 4,
    });
    expect((await rate(group.id, ana, 2)).json().data).toEqual({ rating: 3, ratingsCount: 2, myRating: 2 });
    const card = await t.app.inject({
      method: 'GET',
      url: `/api/study-groups/${group.id}`,
      headers: { cookie: ana },
    });
    expect(card.json().data).toMatchObject({
      rating: 3,
      ratingsCount: 2,
      myRating: 2,
      advertiser: { rating: 3 },
    });
  });

  it('refuses the owner, non-members and expired members with 403', async () => {
    const asOwner = await rate(group.id, await signedInAs(t.app, owner), 5);
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json().error).toBe(GROUP_MESSAGES.ratingOwner);
    const stranger = await rate(group.id, await signedInAs(t.app, await createUser(t.app)), 5);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error).toBe(GROUP_MESSAGES.ratingMembersOnly);
    const expired = await rate(group.id, await memberCookie({ expiresAt: new Date(Date.now() - 1000) }), 5);
    expect(expired.statusCode).toBe(403);
    const left = await rate(group.id, await memberCookie({ status: 'left' }), 5);
    expect(left.statusCode).toBe(403);
  });

  it.each([0, 6, 3.5, '5', null])('answers 400 for the rating %s', async (value) => {
    const res = await rate(group.id, await memberCookie(), value);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(GROUP_MESSAGES.ratingInvalid);
  });

  it('answers 404 for unknown and malformed groups', async () => {
    const cookie = await memberCookie();
    for (const id of [crypto.randomUUID(), 'abc']) expect((await rate(id, cookie, 4)).statusCode).toBe(404);
  });
});

describe("the owner's profile metrics", () => {
  it('shows the average over all their groups, their groups, materials and videos', async () => {
    const second = await createGroup(t.app, owner, { name: 'Química' });
    const ana = await createUser(t.app);
    await addMember(t.app, group, ana);
    await addMember(t.app, second, ana);
    const anaCookie = await signedInAs(t.app, ana);
    await rate(group.id, anaCookie, 5);
    await rate(second.id, anaCookie, 4);
    await rate(group.id, await memberCookie(), 4);
    const { db } = t.app.ctx.database;
    await db.insert(groupMaterials).values({
      studyGroupId: group.id,
      uploadedBy: owner.id,
      title: 'Lista 1',
      storageKey: 'x.pdf',
      fileName: 'lista-1.pdf',
      fileSize: 1000,
    });
    await db.insert(groupVideos).values(
      [1, 2].map((n) => ({
        studyGroupId: group.id,
        uploadedBy: owner.id,
        title: `Aula ${n}`,
        category: 'aula' as const,
        videoUrl: 'https://exemplo.com.br/aula',
        searchText: `aula ${n}`,
      })),
    );

    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}`,
      headers: { cookie: anaCookie },
    });
    expect(userProfileSchema.parse(profile.json().data)).toMatchObject({
      overallRating: 4.3,
      materialsCount: 1,
      videosCount: 2,
      ownGroups: expect.arrayContaining([
        { id: second.id, name: 'Química' },
        { id: group.id, name: 'Física' },
      ]),
      memberGroups: [],
    });
    const anaProfile = await t.app.inject({
      method: 'GET',
      url: `/api/users/${ana.id}`,
      headers: { cookie: anaCookie },
    });
    expect(
      anaProfile
        .json()
        .data.memberGroups.map((g: { name: string }) => g.name)
        .sort(),
    ).toEqual(['Física', 'Química']);
    expect(anaProfile.json().data.ownGroups).toEqual([]);
  });
});
