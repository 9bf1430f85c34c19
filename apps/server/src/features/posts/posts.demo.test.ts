import { POST_TYPES, pageOf, postCommentSchema, postSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('demo data', () => {
  it('loads a feed of every post type with exact counters, comments with replies, votes and answers', async () => {
    expect(await seedDemoData(t.app.ctx.database.db)).toBe(true);
    const [ana] = await t.app.ctx.database.db.select().from(users).where(eq(users.username, 'ana.souza'));
    if (!ana) throw new Error('demo user missing');
    const cookie = await signedInAs(t.app, ana);
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();

    const feed = pageOf(postSchema).parse(await get('/api/posts?limit=50'));
    expect(new Set(feed.data.map((p) => p.type))).toEqual(new Set(POST_TYPES));
    expect(feed.data.some((p) => p.content.includes('$$\\frac{a}{b}'))).toBe(true);

    const answered = feed.data.find((p) => p.type === 'question' && p.viewerAnswer !== null);
    expect(answered?.questionData?.correctAnswer).toEqual(expect.any(Number));
    const voted = feed.data.find((p) => p.type === 'poll' && p.viewerVote !== null);
    expect(voted?.pollData?.totalVotes).toBe(4);

    for (const post of feed.data) {
      const thread = pageOf(postCommentSchema).parse(await get(`/api/posts/${post.id}/comments`));
      const total = thread.data.reduce((sum, c) => sum + 1 + c.replies.length, 0);
      expect(post.commentsCount).toBe(total);
    }
    const withReplies = feed.data.find((p) => p.commentsCount === 3);
    const thread = pageOf(postCommentSchema).parse(await get(`/api/posts/${withReplies?.id}/comments`));
    expect(thread.data[0]?.replies).toHaveLength(2);
    expect(thread.data[0]).toMatchObject({ likesCount: 1, isLiked: true });

    expect((await get('/api/posts/saved')).data).toHaveLength(2);
    expect(await seedDemoData(t.app.ctx.database.db)).toBe(false);
  });
});
