import { GROUP_MESSAGES, pageOf, postSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { comments, groupMemberships, notifications } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<typeof createUser>>;
type Group = Awaited<ReturnType<typeof createGroup>>;

let t: TestApp;
let owner: User;
let member: User;
let stranger: User;
let group: Group;
let cookies: { owner: string; member: string; stranger: string };
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  owner = await createUser(t.app, { userType: 'professor', username: 'prof.carla' });
  member = await createUser(t.app, { username: 'ana.souza' });
  stranger = await createUser(t.app, { username: 'bruno.lima' });
  group = await createGroup(t.app, owner);
  await addMember(t.app, group, member);
  cookies = {
    owner: await signedInAs(t.app, owner),
    member: await signedInAs(t.app, member),
    stranger: await signedInAs(t.app, stranger),
  };
});
afterAll(async () => {
  await t.app.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } });
const groupPosts = (cookie: string, query = '') =>
  call('GET', `/api/study-groups/${group.id}/posts${query}`, cookie);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /api/study-groups/{id}/posts', () => {
  it("shows members and the owner the group's posts, newest first, page by page", async () => {
    const older = await createPost(t.app, owner, { studyGroupId: group.id, createdAt: minutesAgo(10) });
    const newer = await createPost(t.app, member, { studyGroupId: group.id, createdAt: minutesAgo(5) });
    await createPost(t.app, owner);
    await createPost(t.app, owner, { studyGroupId: (await createGroup(t.app, owner)).id });

    for (const cookie of [cookies.owner, cookies.member]) {
      const res = await groupPosts(cookie);
      expect(res.statusCode).toBe(200);
      const page = pageOf(postSchema).parse(res.json());
      expect(page.data.map((post) => post.id)).toEqual([newer.id, older.id]);
      expect(page.data.every((post) => post.studyGroupId === group.id)).toBe(true);
      expect(page.hasMore).toBe(false);
    }
    const first = pageOf(postSchema).parse((await groupPosts(cookies.member, '?limit=1')).json());
    expect(first.data.map((post) => post.id)).toEqual([newer.id]);
    expect(first.hasMore).toBe(true);
    const next = pageOf(postSchema).parse(
      (
        await groupPosts(cookies.member, `?limit=1&cursor=${encodeURIComponent(first.nextCursor ?? '')}`)
      ).json(),
    );
    expect(next.data.map((post) => post.id)).toEqual([older.id]);
    expect(next.hasMore).toBe(false);
  });

  it('answers 403 to non-members and expired members, 404 for unknown or malformed groups', async () => {
    await createPost(t.app, owner, { studyGroupId: group.id });
    const res = await groupPosts(cookies.stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: GROUP_MESSAGES.membersOnly, code: 'FORBIDDEN' });

    await t.app.ctx.database.db
      .update(groupMemberships)
      .set({ expiresAt: minutesAgo(1) })
      .where(eq(groupMemberships.userId, member.id));
    expect((await groupPosts(cookies.member)).statusCode).toBe(403);
    const membership = await call('GET', `/api/study-groups/${group.id}/membership`, cookies.member);
    expect(membership.json().data.status).toBe('expired');

    for (const id of [crypto.randomUUID(), 'abc']) {
      const unknown = await call('GET', `/api/study-groups/${id}/posts`, cookies.member);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe(GROUP_MESSAGES.notFound);
    }
  });
});

describe('POST /api/posts in a group', () => {
  it('lets members and the owner post in the group, outside the main feed', async () => {
    for (const cookie of [cookies.member, cookies.owner]) {
      const res = await call('POST', '/api/posts', cookie, {
        type: 'text',
        content: 'Lista 3',
        studyGroupId: group.id,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.studyGroupId).toBe(group.id);
    }
    expect((await groupPosts(cookies.member)).json().data).toHaveLength(2);
    expect((await call('GET', '/api/posts', cookies.member)).json().data).toEqual([]);
  });

  it('answers 403 to non-members and expired members', async () => {
    const res = await call('POST', '/api/posts', cookies.stranger, {
      type: 'text',
      content: 'Oi',
      studyGroupId: group.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(GROUP_MESSAGES.membersOnly);
    await t.app.ctx.database.db
      .update(groupMemberships)
      .set({ expiresAt: minutesAgo(1) })
      .where(eq(groupMemberships.userId, member.id));
    const expired = await call('POST', '/api/posts', cookies.member, {
      type: 'text',
      content: 'Oi',
      studyGroupId: group.id,
    });
    expect(expired.statusCode).toBe(403);
  });

  it('tells only people who can read the group about a mention', async () => {
    await call('POST', '/api/posts', cookies.owner, {
      type: 'text',
      content: 'Bem-vindos @ana.souza e @bruno.lima!',
      studyGroupId: group.id,
    });
    await t.app.ctx.jobs.drain();
    const mentioned = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'mention'));
    expect(mentioned.map((row) => row.userId)).toEqual([member.id]);
  });
});

describe('a group post elsewhere in the app', () => {
  it('can be read and acted on by members only; everyone else gets 404', async () => {
    const question = await createPost(t.app, owner, { studyGroupId: group.id, type: 'question' });
    const poll = await createPost(t.app, owner, { studyGroupId: group.id, type: 'poll' });
    const quiz = await createPost(t.app, owner, { studyGroupId: group.id, type: 'question_set' });
    const [comment] = await t.app.ctx.database.db
      .insert(comments)
      .values({ postId: question.id, authorId: member.id, content: 'Boa!' })
      .returning();
    const actions: [Method, string, object?][] = [
      ['GET', `/api/posts/${question.id}`],
      ['POST', `/api/posts/${question.id}/like`],
      ['DELETE', `/api/posts/${question.id}/like`],
      ['POST', `/api/posts/${question.id}/save`],
      ['GET', `/api/posts/${question.id}/comments`],
      ['POST', `/api/posts/${question.id}/comments`, { content: 'Oi' }],
      ['POST', `/api/posts/${question.id}/comments`, { content: 'Oi', parentId: comment?.id }],
      ['POST', `/api/comments/${comment?.id}/like`],
      ['POST', `/api/posts/${question.id}/answer`, { optionIndex: 1 }],
      ['POST', `/api/posts/${poll.id}/vote`, { optionIndex: 0 }],
      ['POST', `/api/posts/${quiz.id}/quiz-attempts`, { answers: [1, 0] }],
      ['DELETE', `/api/posts/${question.id}`],
    ];
    for (const [method, url, payload] of actions) {
      const res = await call(method, url, cookies.stranger, payload);
      expect({ url, method, status: res.statusCode }).toEqual({ url, method, status: 404 });
    }
    for (const [method, url, payload] of actions.slice(0, -1)) {
      const res = await call(method, url, cookies.member, payload);
      expect({ url, method, ok: res.statusCode < 300 }).toEqual({ url, method, ok: true });
    }
  });

  it("stays off authors' profile lists and leaves the saved list when access ends", async () => {
    const post = await createPost(t.app, member, { studyGroupId: group.id });
    await createPost(t.app, member, { content: 'No feed' });
    const profile = await call('GET', `/api/users/${member.id}/posts`, cookies.stranger);
    expect(profile.json().data.map((p: { content: string }) => p.content)).toEqual(['No feed']);

    expect((await call('POST', `/api/posts/${post.id}/save`, cookies.member)).statusCode).toBe(200);
    const saved = () => call('GET', '/api/posts/saved', cookies.member).then((res) => res.json().data.length);
    expect(await saved()).toBe(1);
    await call('POST', `/api/study-groups/${group.id}/membership`, cookies.member, { action: 'leave' });
    expect(await saved()).toBe(0);
    await call('POST', `/api/study-groups/${group.id}/membership`, cookies.member, { action: 'join' });
    expect(await saved()).toBe(1);
  });
});
