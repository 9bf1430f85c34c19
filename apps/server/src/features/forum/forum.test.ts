import {
  FORUM_TITLE_MAX,
  forumCommentSchema,
  forumTopicSchema,
  GROUP_MESSAGES,
  likeStateSchema,
  pageOf,
} from '@estudai/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { forumComments, forumTopics, notifications } from '../../db/schema/index.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let member: User;
let group: Awaited<ReturnType<typeof createGroup>>;
let ownerCookie: string;
let memberCookie: string;
let outsiderCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  owner = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
  member = await createUser(t.app, { displayName: 'Ana Souza', avatar: '/media/avatars/ana.webp' });
  group = await createGroup(t.app, owner);
  await addMember(t.app, group, member);
  ownerCookie = await signedInAs(t.app, owner);
  memberCookie = await signedInAs(t.app, member);
  outsiderCookie = await signedInAs(t.app, await createUser(t.app));
});
afterAll(async () => {
  await t.app.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/study-groups/${path}`, payload, headers: { cookie } });
const forumPath = (groupId = group.id) => `${groupId}/forum`;

async function newTopic(
  cookie = memberCookie,
  title = 'Dúvida sobre MRUV',
  content = 'Como acho a aceleração?',
) {
  const res = await call('POST', forumPath(), cookie, { title, content });
  expect(res.statusCode).toBe(201);
  return forumTopicSchema.parse(res.json().data);
}
async function reply(topicId: string, content: string, cookie = ownerCookie) {
  const res = await call('POST', `${forumPath()}/${topicId}/comments`, cookie, { content });
  expect(res.statusCode).toBe(201);
  return forumCommentSchema.parse(res.json().data);
}
async function topics(cookie = memberCookie, query = '') {
  const res = await call('GET', `${forumPath()}${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return pageOf(forumTopicSchema).parse(res.json());
}
const likeTopic = (topicId: string, cookie = memberCookie) =>
  call('POST', `${forumPath()}/${topicId}/like`, cookie);
const inboxOf = (user: User) =>
  t.app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, user.id));

describe('forum topics', () => {
  it('lets a member open a topic, trimmed, with its author', async () => {
    const topic = await newTopic(memberCookie, '  Dúvida sobre MRUV  ', '  Como acho a aceleração?  ');
    expect(topic).toMatchObject({
      title: 'Dúvida sobre MRUV',
      content: 'Como acho a aceleração?',
      authorId: member.id,
      authorName: 'Ana Souza',
      authorAvatar: '/media/avatars/ana.webp',
      isPinned: false,
      isLiked: false,
      likesCount: 0,
      repliesCount: 0,
      comments: [],
    });
    const { data, hasMore } = await topics(ownerCookie);
    expect(hasMore).toBe(false);
    expect(data).toEqual([topic]);
  });

  it.each([
    ['a blank title', { title: '   ', content: 'Texto' }, GROUP_MESSAGES.topicTitleRequired],
    ['no title', { content: 'Texto' }, GROUP_MESSAGES.topicTitleRequired],
    ['blank content', { title: 'Título', content: ' \n ' }, GROUP_MESSAGES.topicContentRequired],
    ['no content', { title: 'Título' }, GROUP_MESSAGES.topicContentRequired],
    [
      'a title too long',
      { title: 'a'.repeat(FORUM_TITLE_MAX + 1), content: 'Texto' },
      GROUP_MESSAGES.textTooLong,
    ],
  ])('refuses %s with the contract’s message (400)', async (_name, payload, message) => {
    const res = await call('POST', forumPath(), memberCookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await topics()).data).toEqual([]);
  });

  it('refuses fields the client may not set', async () => {
    const res = await call('POST', forumPath(), memberCookie, { title: 'T', content: 'C', isPinned: true });
    expect(res.statusCode).toBe(400);
  });

  it('lists pinned topics first, then the newest, a page at a time', async () => {
    const old = await newTopic(memberCookie, 'Primeiro');
    const middle = await newTopic(memberCookie, 'Segundo');
    const newest = await newTopic(memberCookie, 'Terceiro');
    const pin = await call('PUT', `${forumPath()}/${old.id}/pin`, ownerCookie, { isPinned: true });
    expect(pin.statusCode).toBe(200);
    expect(forumTopicSchema.parse(pin.json().data)).toMatchObject({ id: old.id, isPinned: true });
    expect((await topics()).data.map((topic) => topic.id)).toEqual([old.id, newest.id, middle.id]);
    const firstPage = await topics(memberCookie, '?page=1&limit=2');
    expect(firstPage.hasMore).toBe(true);
    const secondPage = await topics(memberCookie, '?page=2&limit=2');
    expect(secondPage).toMatchObject({ hasMore: false, data: [{ id: middle.id }] });
    expect((await call('GET', `${forumPath()}?limit=0`, memberCookie)).statusCode).toBe(400);

    await call('PUT', `${forumPath()}/${old.id}/pin`, ownerCookie, { isPinned: false });
    expect((await topics()).data.map((topic) => topic.id)).toEqual([newest.id, middle.id, old.id]);
  });

  it('lets only the owner pin: 403 for a member and for an outsider, 400 for a bad body', async () => {
    const topic = await newTopic();
    let res = await call('PUT', `${forumPath()}/${topic.id}/pin`, memberCookie, { isPinned: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(GROUP_MESSAGES.editForbidden);
    res = await call('PUT', `${forumPath()}/${topic.id}/pin`, outsiderCookie, { isPinned: true });
    expect(res.statusCode).toBe(403);
    res = await call('PUT', `${forumPath()}/${topic.id}/pin`, ownerCookie, { isPinned: 'sim' });
    expect(res.statusCode).toBe(400);
    expect((await topics()).data[0]?.isPinned).toBe(false);
  });
});

describe('who may use the forum', () => {
  it('answers 403 to outsiders and expired members; signed-out callers get 401', async () => {
    const topic = await newTopic();
    const expired = await createUser(t.app);
    await addMember(t.app, group, expired, { expiresAt: new Date(Date.now() - 1000) });
    for (const cookie of [outsiderCookie, await signedInAs(t.app, expired)]) {
      const attempts = [
        await call('GET', forumPath(), cookie),
        await call('POST', forumPath(), cookie, { title: 'T', content: 'C' }),
        await likeTopic(topic.id, cookie),
        await call('POST', `${forumPath()}/${topic.id}/comments`, cookie, { content: 'Oi' }),
      ];
      expect(attempts.map((res) => res.statusCode)).toEqual([403, 403, 403, 403]);
      expect(attempts[0]?.json().error).toBe(GROUP_MESSAGES.membersOnly);
    }
    expect((await call('GET', forumPath(), '')).statusCode).toBe(401);
    expect((await topics()).data[0]).toMatchObject({ likesCount: 0, repliesCount: 0 });
  });

  it('answers 404 for malformed ids and for a topic reached through another group', async () => {
    const topic = await newTopic();
    const comment = await reply(topic.id, 'Use v = v0 + at.');
    const other = await createGroup(t.app, owner, { name: 'Outro' });
    await addMember(t.app, other, member);
    const attempts = [
      await call('GET', forumPath('nao-e-um-id'), memberCookie),
      await likeTopic('nao-e-um-id'),
      await likeTopic('8a0e2f6e-5b8a-4c1e-9a55-3f7f2b1d9c00'),
      await call('POST', `${forumPath(other.id)}/${topic.id}/like`, memberCookie),
      await call('POST', `${forumPath(other.id)}/${topic.id}/comments`, memberCookie, { content: 'Oi' }),
      await call('PUT', `${forumPath(other.id)}/${topic.id}/pin`, ownerCookie, { isPinned: true }),
      await call('POST', `${forumPath(other.id)}/${topic.id}/comments/${comment.id}/like`, memberCookie),
      await call('POST', `${forumPath()}/${topic.id}/comments/nao-e-um-id/like`, memberCookie),
    ];
    expect(attempts.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect(attempts[2]?.json().error).toBe(GROUP_MESSAGES.topicNotFound);
    expect(attempts[7]?.json().error).toBe(GROUP_MESSAGES.commentNotFound);
  });

  it('answers 404 for a comment of another topic', async () => {
    const first = await newTopic(memberCookie, 'Um');
    const second = await newTopic(memberCookie, 'Dois');
    const comment = await reply(first.id, 'Resposta');
    const res = await call('POST', `${forumPath()}/${second.id}/comments/${comment.id}/like`, memberCookie);
    expect(res.statusCode).toBe(404);
  });
});

describe('likes', () => {
  it('toggles a topic like with an exact count and the viewer’s own state', async () => {
    const topic = await newTopic();
    let res = await likeTopic(topic.id);
    expect(likeStateSchema.parse(res.json().data)).toEqual({ isLiked: true, likesCount: 1 });
    res = await likeTopic(topic.id, ownerCookie);
    expect(res.json().data).toEqual({ isLiked: true, likesCount: 2 });
    res = await likeTopic(topic.id);
    expect(res.json().data).toEqual({ isLiked: false, likesCount: 1 });
    expect((await topics(memberCookie)).data[0]).toMatchObject({ isLiked: false, likesCount: 1 });
    expect((await topics(ownerCookie)).data[0]).toMatchObject({ isLiked: true, likesCount: 1 });
  });

  it('counts exactly when many people like at once', async () => {
    const topic = await newTopic();
    const people = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = await createUser(t.app);
        await addMember(t.app, group, user);
        return signedInAs(t.app, user);
      }),
    );
    const replies = await Promise.all(people.map((cookie) => likeTopic(topic.id, cookie)));
    expect(replies.every((res) => res.statusCode === 200)).toBe(true);
    expect((await topics()).data[0]?.likesCount).toBe(6);
    // The same person toggling twice at once ends where they started.
    await Promise.all([likeTopic(topic.id), likeTopic(topic.id)]);
    expect((await topics()).data[0]?.likesCount).toBe(6);
  });

  it('toggles a comment like', async () => {
    const topic = await newTopic();
    const comment = await reply(topic.id, 'Resposta');
    const path = `${forumPath()}/${topic.id}/comments/${comment.id}/like`;
    let res = await call('POST', path, memberCookie);
    expect(res.json().data).toEqual({ isLiked: true, likesCount: 1 });
    res = await call('POST', path, ownerCookie);
    expect(res.json().data).toEqual({ isLiked: true, likesCount: 2 });
    res = await call('POST', path, ownerCookie);
    expect(res.json().data).toEqual({ isLiked: false, likesCount: 1 });
    const [listed] = (await topics()).data[0]?.comments ?? [];
    expect(listed).toMatchObject({ isLiked: true, likesCount: 1 });
  });
});

describe('replies', () => {
  it('adds replies oldest first, counts them exactly and tells the topic’s author', async () => {
    const topic = await newTopic(memberCookie, 'Dúvida sobre MRUV');
    const first = await reply(topic.id, '  Use v = v0 + at.  ');
    expect(first).toMatchObject({
      content: 'Use v = v0 + at.',
      authorId: owner.id,
      authorName: 'Carla Mendes',
      isLiked: false,
      likesCount: 0,
    });
    const second = await reply(topic.id, 'Valeu, professora!', memberCookie);
    const [listed] = (await topics()).data;
    expect(listed?.repliesCount).toBe(2);
    expect(listed?.comments.map((comment) => comment.id)).toEqual([first.id, second.id]);

    const inbox = await inboxOf(member);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      type: 'comment',
      title: 'Nova resposta no fórum',
      message: 'Carla Mendes respondeu ao seu tópico "Dúvida sobre MRUV".',
      actionUrl: `/study-groups/${group.id}/forum`,
      actorId: owner.id,
    });
    expect(await inboxOf(owner)).toEqual([]);
  });

  it.each([
    ['blank', { content: '  \n ' }, GROUP_MESSAGES.replyRequired],
    ['missing', {}, GROUP_MESSAGES.replyRequired],
    ['too long', { content: 'a'.repeat(2_001) }, GROUP_MESSAGES.textTooLong],
  ])('refuses a %s reply (400) without counting it', async (_name, payload, message) => {
    const topic = await newTopic();
    const res = await call('POST', `${forumPath()}/${topic.id}/comments`, memberCookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await topics()).data[0]?.repliesCount).toBe(0);
  });

  it('counts replies sent at once exactly', async () => {
    const topic = await newTopic();
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('POST', `${forumPath()}/${topic.id}/comments`, ownerCookie, { content: `Resposta ${i}` }),
      ),
    );
    const [listed] = (await topics()).data;
    expect(listed?.repliesCount).toBe(5);
    expect(listed?.comments).toHaveLength(5);
  });

  it('carries the newest 50 replies of a topic in the list, oldest first', async () => {
    const topic = await newTopic();
    const base = Date.now() - 3_600_000;
    await t.app.ctx.database.db.insert(forumComments).values(
      Array.from({ length: 55 }, (_, i) => ({
        topicId: topic.id,
        authorId: owner.id,
        content: `Resposta ${i + 1}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    await t.app.ctx.database.db
      .update(forumTopics)
      .set({ repliesCount: sql`55` })
      .where(eq(forumTopics.id, topic.id));
    const [listed] = (await topics()).data;
    expect(listed?.repliesCount).toBe(55);
    expect(listed?.comments).toHaveLength(50);
    expect(listed?.comments[0]?.content).toBe('Resposta 6');
    expect(listed?.comments.at(-1)?.content).toBe('Resposta 55');
  });
});
