import { pageOf, postSchema, studyGroupSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/factories.ts';
import { studyGroups, users } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';
import { seedDemoGroups } from './groups.demo.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('demo groups', () => {
  it('seeds free and paid groups with members, ratings and posts, once', async () => {
    const { db } = t.app.ctx.database;
    expect(await seedDemoData(db)).toBe(true);
    const [ana] = await db.select().from(users).where(eq(users.username, 'ana.souza'));
    if (!ana) throw new Error('demo user missing');
    const cookie = await signedInAs(t.app, ana);
    const list = async (url: string) =>
      pageOf(studyGroupSchema).parse((await t.app.inject({ method: 'GET', url, headers: { cookie } })).json())
        .data;

    const mine = await list('/api/study-groups/my?limit=50');
    const available = await list('/api/study-groups/available?limit=50');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((group) => group.isMember)).toBe(true);
    expect(available.some((group) => !group.isPaid)).toBe(true);
    const untouchedPaid = available.find((group) => group.isPaid && group.currentMembers === 0);
    expect(untouchedPaid).toBeDefined();
    expect(new Set([...mine, ...available].map((group) => group.subject))).toEqual(
      new Set(['ENEM', 'Vestibular', 'Superior']),
    );
    expect([...mine, ...available].some((group) => group.subscriptionDuration === null && group.isPaid)).toBe(
      true,
    );
    expect(mine.some((group) => group.ratingsCount > 0 && group.postsCount > 0)).toBe(true);

    const carla = mine.find((group) => group.advertiser.username === 'prof.carla');
    // Ana, Bruno and Lucas (the guardians demo's teen) in her free group.
    expect(carla?.advertiser).toMatchObject({ isVerified: true, totalStudents: 3 });
    expect(carla?.advertiser.rating).toBeGreaterThan(0);

    const withPosts = mine.find((group) => group.postsCount > 0);
    const posts = await t.app.inject({
      method: 'GET',
      url: `/api/study-groups/${withPosts?.id}/posts`,
      headers: { cookie },
    });
    expect(pageOf(postSchema).parse(posts.json()).data.length).toBe(withPosts?.postsCount);

    const before = (await db.select().from(studyGroups)).length;
    await seedDemoGroups(db, new Date());
    expect(await db.select().from(studyGroups)).toHaveLength(before);
  });
});
