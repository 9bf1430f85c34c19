import { BLOCK_MESSAGES, PROFILE_SURFACE_MESSAGES } from '@estudai/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { as, createMinor, createUser, linkGuardian } from '../../../test/factories.ts';
import { blocks, connectionRequests, follows } from '../../db/schema/index.ts';

// Issue 37, every read through the same rules: a followers-only minor's posts (found by the probe:
// 200 to a stranger and across a block), study statistics and follow lists, and connection requests
// across a block, one integration case per row of the
// tables in access/policies.test.ts.

let t: TestApp;
oneAppPerDescribe(buildTestApp, (built) => {
  t = built;
});

const follow = (followerId: string, followingId: string) =>
  t.app.ctx.database.db.insert(follows).values({ followerId, followingId });
const block = (blockerId: string, blockedId: string) =>
  t.app.ctx.database.db.insert(blocks).values({ blockerId, blockedId });

/** A followers-only minor with a guardian, an approved follower and a stranger. */
async function minorAndPeople() {
  const minor = await createMinor(t.app, 14);
  const guardian = await createUser(t.app, { email: 'responsavel@exemplo.com.br' });
  await linkGuardian(t.app, minor, guardian);
  const follower = await createUser(t.app);
  await follow(follower.id, minor.id);
  const stranger = await createUser(t.app);
  return { minor, guardian, follower, stranger };
}

const PARTS = [
  ['posts', (id: string) => `/api/users/${id}/posts`, PROFILE_SURFACE_MESSAGES.posts],
  ['study statistics', (id: string) => `/api/users/${id}/study-stats`, PROFILE_SURFACE_MESSAGES.studyStats],
  ['followers', (id: string) => `/api/users/${id}/followers`, PROFILE_SURFACE_MESSAGES.followLists],
  ['following', (id: string) => `/api/users/${id}/following`, PROFILE_SURFACE_MESSAGES.followLists],
] as const;

describe.each(PARTS)("a followers-only minor's %s", (_part, url, message) => {
  it('are hidden from an adult stranger with a 404 in pt-BR', async () => {
    const { minor, stranger } = await minorAndPeople();
    const res = await (await as(t.app, stranger)).get(url(minor.id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: message, code: 'NOT_FOUND' });
  });

  it('are shown to an approved follower, the guardian and the minor', async () => {
    const { minor, guardian, follower } = await minorAndPeople();
    for (const viewer of [follower, guardian, minor]) {
      expect((await (await as(t.app, viewer)).get(url(minor.id))).statusCode).toBe(200);
    }
  });

  it('are hidden across a block, either way, even from a follower', async () => {
    const { minor, follower, guardian } = await minorAndPeople();
    await block(minor.id, follower.id);
    await block(guardian.id, minor.id);
    for (const viewer of [follower, guardian]) {
      expect((await (await as(t.app, viewer)).get(url(minor.id))).statusCode).toBe(404);
    }
    expect((await (await as(t.app, minor)).get(url(follower.id))).statusCode).toBe(404);
  });
});

describe("a public adult's study statistics and lists", () => {
  it('are shown to a stranger, and hidden across a block', async () => {
    const [adult, stranger, blocked] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    await block(adult.id, blocked.id);
    for (const [, url] of PARTS) {
      expect((await (await as(t.app, stranger)).get(url(adult.id))).statusCode).toBe(200);
      expect((await (await as(t.app, blocked)).get(url(adult.id))).statusCode).toBe(404);
    }
  });

  it("the followers list no longer names a minor's guardian to a stranger", async () => {
    const { minor, guardian, stranger } = await minorAndPeople();
    await follow(guardian.id, minor.id);
    const res = await (await as(t.app, stranger)).get(`/api/users/${minor.id}/followers`);
    expect(res.body).not.toContain(guardian.id);
  });
});

describe('connection requests across a block', () => {
  it('refuses a request to someone who blocked the sender, and to someone the sender blocked', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    await block(bruno.id, ana.id);
    const refused = await (await as(t.app, ana)).post(`/api/users/${bruno.id}/connect`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: BLOCK_MESSAGES.connectRefused, code: 'BLOCKED' });
    const own = await (await as(t.app, bruno)).post(`/api/users/${ana.id}/connect`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(BLOCK_MESSAGES.connectYouBlocked);
    expect(await t.app.ctx.database.db.select().from(connectionRequests)).toEqual([]);
  });

  it("takes an old request out of the blocker's list", async () => {
    const [ana, bruno, carla] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await (await as(t.app, ana)).post(`/api/users/${bruno.id}/connect`);
    await (await as(t.app, carla)).post(`/api/users/${bruno.id}/connect`);
    const brunoApi = await as(t.app, bruno);
    expect((await brunoApi.get('/api/notifications/requests')).json().data).toHaveLength(2);
    // A block written beside the request (as two processes racing would): the list still drops it.
    await block(bruno.id, ana.id);
    const list = (await brunoApi.get('/api/notifications/requests')).json().data;
    expect(list.map((request: { fromUserId: string }) => request.fromUserId)).toEqual([carla.id]);
  });
});
