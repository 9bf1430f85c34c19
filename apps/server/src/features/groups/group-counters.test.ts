import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser } from '../../../test/factories.ts';
import { groupMemberships, groupRatings, studyGroups } from '../../db/schema/index.ts';
import { popularityPoints, ratingPoints } from './relevance.ts';

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

const stored = async (groupId: string) => {
  const [row] = await t.app.ctx.database.db
    .select({
      membersCount: studyGroups.membersCount,
      ratingsCount: studyGroups.ratingsCount,
      ratingsSum: studyGroups.ratingsSum,
      baseScore: studyGroups.baseScore,
      maxMembers: studyGroups.maxMembers,
    })
    .from(studyGroups)
    .where(eq(studyGroups.id, groupId));
  if (!row) throw new Error('no such group');
  return row;
};

describe('study group counters and base score (database triggers)', () => {
  it('follow joins, leaves, ratings and a new member limit, and equal the TypeScript formula', async () => {
    const owner = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner, { maxMembers: 4 });
    const [ana, bia, caio] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    const db = t.app.ctx.database.db;
    await addMember(t.app, group, ana);
    await addMember(t.app, group, bia);
    await addMember(t.app, group, caio);
    await db.update(groupMemberships).set({ status: 'left' }).where(eq(groupMemberships.userId, caio.id));
    await db.insert(groupRatings).values([
      { studyGroupId: group.id, userId: ana.id, rating: 5 },
      { studyGroupId: group.id, userId: bia.id, rating: 2 },
    ]);
    await db.update(groupRatings).set({ rating: 4 }).where(eq(groupRatings.userId, bia.id));
    let row = await stored(group.id);
    expect(row).toMatchObject({ membersCount: 2, ratingsCount: 2, ratingsSum: 9 });
    expect(row.baseScore).toBeCloseTo(popularityPoints(2, 4) + ratingPoints(4.5, 2), 10);

    await db.update(studyGroups).set({ maxMembers: 40 }).where(eq(studyGroups.id, group.id));
    await db.delete(groupRatings).where(eq(groupRatings.userId, ana.id));
    row = await stored(group.id);
    expect(row).toMatchObject({ membersCount: 2, ratingsCount: 1, ratingsSum: 4 });
    expect(row.baseScore).toBeCloseTo(popularityPoints(2, 40) + ratingPoints(4, 1), 10);
  });

  it('agree with the TypeScript formula across sizes and ratings', async () => {
    const cases = [
      [0, 50, 0, 0],
      [1, 1, 5, 1],
      [37, 100, 180, 40],
      [250, 200, 12, 3],
      [9999, 10000, 3, 3],
    ] as const;
    for (const [members, max, sum, count] of cases) {
      const result = (await t.app.ctx.database.db.execute(
        sql`select estudai_group_base_score(${members}::int, ${max}::int, ${sum}::int, ${count}::int) as score`,
      )) as unknown as { rows: { score: number }[] };
      const expected = popularityPoints(members, max) + ratingPoints(count ? sum / count : 0, count);
      expect(Number(result.rows[0]?.score)).toBeCloseTo(expected, 10);
    }
  });
});
