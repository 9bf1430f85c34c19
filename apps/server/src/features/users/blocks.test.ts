import {
  BLOCK_MESSAGES,
  CHAT_MESSAGES,
  POST_MESSAGES,
  PROFILE_SURFACE_MESSAGES,
  REPORT_MESSAGES,
  USER_MESSAGES,
} from '@estudai/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createPost, createUser } from '../../../test/factories.ts';
import {
  blocks,
  comments,
  connectionRequests,
  follows,
  messages,
  notifications,
  posts,
} from '../../db/schema/index.ts';

// Issue 21: POST/DELETE /api/users/{id}/block and GET /api/users/me/blocks, and what a block does
// to follows, chat, mentions, posts, comments, search, notifications and reports.

type User = Awaited<ReturnType<typeof createUser>>;
type Client = Awaited<ReturnType<typeof as>>;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

let ana: User;
let bruno: User;
let asAna: Client;
let asBruno: Client;
beforeEach(async () => {
  await resetTestApp(t);
  ana = await createUser(t.app, { displayName: 'Ana Lima', username: 'ana.lima' });
  bruno = await createUser(t.app, { displayName: 'Bruno Reis', username: 'bruno.reis' });
  asAna = await as(t.app, ana);
  asBruno = await as(t.app, bruno);
});

const db = () => t.app.ctx.database.db;
const contents = (res: { json(): { data: { content: string }[] } }) => res.json().data.map((p) => p.content);
const follow = async (who: Client, whom: User) => {
  const res = await who.post(`/api/users/${whom.id}/follow`);
  expect(res.statusCode, res.body).toBe(200);
};
const block = async (who: Client, whom: User) => {
  const res = await who.post(`/api/users/${whom.id}/block`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toEqual({ isBlocked: true });
};

describe('POST /api/users/{id}/block, DELETE, GET /api/users/me/blocks', () => {
  it('blocks idempotently, lists the blocked, and unblocks idempotently', async () => {
    await block(asAna, bruno);
    await block(asAna, bruno);
    expect(await db().select().from(blocks)).toHaveLength(1);

    const list = await asAna.get('/api/users/me/blocks');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ id: bruno.id, displayName: 'Bruno Reis', username: 'bruno.reis', avatar: null }],
      hasMore: false,
    });
    expect(typeof list.json().data[0].blockedAt).toBe('string');
    expect((await asBruno.get('/api/users/me/blocks')).json().data).toEqual([]);

    const profile = await asAna.get(`/api/users/${bruno.id}`);
    expect(profile.json().data).toMatchObject({ isBlocked: true, isRestricted: true, bio: '' });
    expect((await asBruno.get(`/api/users/${ana.id}`)).json().data).toMatchObject({
      isBlocked: false,
      isRestricted: true,
    });

    for (let i = 0; i < 2; i++) {
      const res = await asAna.del(`/api/users/${bruno.id}/block`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ isBlocked: false });
    }
    expect(await db().select().from(blocks)).toHaveLength(0);
    expect((await asAna.get('/api/users/me/blocks')).json().data).toEqual([]);
    expect((await asAna.get(`/api/users/${bruno.id}`)).json().data.isBlocked).toBe(false);
  });

  it('refuses blocking oneself (400) and unknown users (404), changing nothing', async () => {
    for (const id of [ana.id, 'me']) {
      const self = await asAna.post(`/api/users/${id}/block`);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ error: BLOCK_MESSAGES.cannotBlockSelf, code: 'SELF_ACTION' });
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'ninguem.aqui', 'não-é-id']) {
      for (const call of [asAna.post, asAna.del]) {
        const res = await call(`/api/users/${encodeURIComponent(id)}/block`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: USER_MESSAGES.notFound, code: 'NOT_FOUND' });
      }
    }
    expect(await db().select().from(blocks)).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${bruno.id}/block` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/blocks' })).statusCode).toBe(401);
  });
});

describe('following across a block', () => {
  it('ends following both ways and the waiting follow requests', async () => {
    await follow(asAna, bruno);
    await follow(asBruno, ana);
    const carla = await createUser(t.app, { profileVisibility: 'followers' });
    await follow(asAna, carla);
    expect(await db().select().from(connectionRequests)).toHaveLength(1);

    await block(asAna, bruno);
    const left = await db().select().from(follows);
    expect(left).toEqual([]);
    await block(await as(t.app, carla), ana);
    expect(await db().select().from(connectionRequests)).toEqual([]);
  });

  it('refuses the blocked one following (403) and the one who blocked until they unblock', async () => {
    await block(asAna, bruno);
    const blocked = await asBruno.post(`/api/users/${ana.id}/follow`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: BLOCK_MESSAGES.followRefused, code: 'BLOCKED' });
    const blocker = await asAna.post(`/api/users/${bruno.id}/follow`);
    expect(blocker.statusCode).toBe(403);
    expect(blocker.json()).toEqual({ error: BLOCK_MESSAGES.followYouBlocked, code: 'BLOCKED' });
    expect(await db().select().from(follows)).toEqual([]);
    // Unfollowing stays possible (and changes nothing).
    expect((await asBruno.del(`/api/users/${ana.id}/follow`)).statusCode).toBe(200);

    await asAna.del(`/api/users/${bruno.id}/block`);
    await follow(asBruno, ana);
  });
});

describe('posts and comments across a block', () => {
  it('hides each one’s posts from the other in the feed, profile, post page and search; back after unblocking', async () => {
    const anas = await createPost(t.app, ana, { content: 'Derivadas da Ana' });
    const brunos = await createPost(t.app, bruno, { content: 'Derivadas do Bruno' });
    const carla = await as(t.app, await createUser(t.app));
    expect(contents(await asAna.get('/api/posts'))).toContain('Derivadas do Bruno');

    await block(asAna, bruno);
    for (const [viewer, own, other, otherPost, otherUser] of [
      [asAna, 'Derivadas da Ana', 'Derivadas do Bruno', brunos, bruno],
      [asBruno, 'Derivadas do Bruno', 'Derivadas da Ana', anas, ana],
    ] as const) {
      const feed = contents(await viewer.get('/api/posts'));
      expect(feed).toContain(own);
      expect(feed).not.toContain(other);
      // Issue 37 (decision 042): the profile's posts, like its other parts, are a 404 across a block.
      const profilePosts = await viewer.get(`/api/users/${otherUser.id}/posts`);
      expect(profilePosts.statusCode).toBe(404);
      expect(profilePosts.json()).toEqual({ error: PROFILE_SURFACE_MESSAGES.posts, code: 'NOT_FOUND' });
      const page = await viewer.get(`/api/posts/${otherPost.id}`);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ error: POST_MESSAGES.notFound, code: 'NOT_FOUND' });
      expect((await viewer.get(`/api/posts/${otherPost.id}/comments`)).statusCode).toBe(404);
      expect((await viewer.post(`/api/posts/${otherPost.id}/like`)).statusCode).toBe(404);
      const search = await viewer.get('/api/search?q=derivadas&type=posts');
      expect(contents(search)).toEqual([own]);
    }
    // Everyone else still sees both.
    expect(contents(await carla.get('/api/posts'))).toEqual(
      expect.arrayContaining(['Derivadas da Ana', 'Derivadas do Bruno']),
    );

    await asAna.del(`/api/users/${bruno.id}/block`);
    expect(contents(await asAna.get('/api/posts'))).toContain('Derivadas do Bruno');
    expect(contents(await asBruno.get('/api/posts'))).toContain('Derivadas da Ana');
  });

  it('serves the feed page kept in memory without the blocked author at the very next read', async () => {
    await createPost(t.app, bruno, { content: 'Post do Bruno' });
    await createPost(t.app, ana, { content: 'Post da Ana' });
    // Read twice: the second is the page kept in memory (decision 031).
    expect(contents(await asAna.get('/api/posts'))).toContain('Post do Bruno');
    expect(contents(await asAna.get('/api/posts'))).toContain('Post do Bruno');
    expect(contents(await asBruno.get('/api/posts'))).toContain('Post da Ana');
    await block(asAna, bruno);
    expect(contents(await asAna.get('/api/posts'))).toEqual(['Post da Ana']);
    expect(contents(await asBruno.get('/api/posts'))).toEqual(['Post do Bruno']);
    await asAna.del(`/api/users/${bruno.id}/block`);
    expect(contents(await asAna.get('/api/posts'))).toEqual(['Post da Ana', 'Post do Bruno']);
  });

  it('hides their posts in a group both are in, and their comments on anyone’s post', async () => {
    const group = await createGroup(t.app, ana);
    await addMember(t.app, group, bruno);
    await createPost(t.app, bruno, { studyGroupId: group.id, content: 'No grupo, do Bruno' });
    const carlaUser = await createUser(t.app);
    const carla = await as(t.app, carlaUser);
    const post = await createPost(t.app, carlaUser, { content: 'Post da Carla' });
    const byBruno = await asBruno.post(`/api/posts/${post.id}/comments`, { content: 'Comentário do Bruno' });
    expect(byBruno.statusCode, byBruno.body).toBe(201);
    expect(
      (await asAna.post(`/api/posts/${post.id}/comments`, { content: 'Comentário da Ana' })).statusCode,
    ).toBe(201);

    const groupPosts = (viewer: Client) =>
      viewer.get(`/api/study-groups/${group.id}/posts`).then((res) => contents(res));
    expect(await groupPosts(asAna)).toEqual(['No grupo, do Bruno']);
    await block(asAna, bruno);
    expect(await groupPosts(asAna)).toEqual([]);
    expect(await groupPosts(asBruno)).toEqual(['No grupo, do Bruno']);
    const thread = (viewer: Client) =>
      viewer.get(`/api/posts/${post.id}/comments`).then((res) => contents(res));
    expect(await thread(asAna)).toEqual(['Comentário da Ana']);
    expect(await thread(asBruno)).toEqual(['Comentário do Bruno']);
    expect(await thread(carla)).toEqual(['Comentário do Bruno', 'Comentário da Ana']);
    // Replying to or reporting a comment one cannot see: 404.
    const reply = await asAna.post(`/api/posts/${post.id}/comments`, {
      content: 'Resposta',
      parentId: byBruno.json().data.id,
    });
    expect(reply.statusCode).toBe(404);
    const report = await asAna.post(`/api/comments/${byBruno.json().data.id}/report`, { reason: 'spam' });
    expect(report.statusCode).toBe(404);
    expect(report.json().error).toBe(REPORT_MESSAGES.commentNotFound);
  });

  it('answers 404 to reporting a post one cannot see because of a block', async () => {
    const brunos = await createPost(t.app, bruno, { content: 'Post do Bruno' });
    await block(asBruno, ana);
    const res = await asAna.post(`/api/posts/${brunos.id}/report`, { reason: 'spam' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: POST_MESSAGES.notFound, code: 'NOT_FOUND' });
  });
});

describe('mentions across a block', () => {
  it('refuses a post, a comment or an edit mentioning across a block (403), writing nothing', async () => {
    const carlaUser = await createUser(t.app);
    const post = await createPost(t.app, carlaUser, { content: 'Post da Carla' });
    const mine = await createPost(t.app, bruno, { content: 'Meu post' });
    await block(asAna, bruno);
    const before = (await db().select().from(posts)).length;

    const newPost = await asBruno.post('/api/posts', { type: 'text', content: 'Oi @ana.lima, tudo bem?' });
    expect(newPost.statusCode).toBe(403);
    expect(newPost.json()).toEqual({ error: BLOCK_MESSAGES.mentionRefused('ana.lima'), code: 'BLOCKED' });
    const comment = await asBruno.post(`/api/posts/${post.id}/comments`, { content: '@Ana.Lima olha isso' });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().code).toBe('BLOCKED');
    const edit = await asBruno.patch(`/api/posts/${mine.id}`, { content: 'Agora com @ana.lima' });
    expect(edit.statusCode).toBe(403);
    // The one who blocked cannot mention either.
    const back = await asAna.post('/api/posts', { type: 'text', content: 'Cadê o @bruno.reis?' });
    expect(back.statusCode).toBe(403);
    expect(back.json().error).toBe(BLOCK_MESSAGES.mentionRefused('bruno.reis'));

    expect(await db().select().from(posts)).toHaveLength(before);
    expect(await db().select().from(comments)).toEqual([]);
    expect((await db().select().from(posts).where(eq(posts.id, mine.id)))[0]?.content).toBe('Meu post');
    expect(await db().select().from(notifications).where(eq(notifications.type, 'mention'))).toEqual([]);
  });
});

describe('chat across a block', () => {
  it('refuses starting a conversation and sending in an existing one (403), both ways', async () => {
    await follow(asAna, bruno);
    await follow(asBruno, ana);
    const started = await asAna.post('/api/chat/conversations', { otherUserId: bruno.id });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const conversationId = started.json().data.id;
    const url = `/api/chat/conversations/${conversationId}/messages`;
    expect((await asBruno.post(url, { content: 'Oi!' })).statusCode).toBe(201);

    await block(asAna, bruno);
    const fromBlocked = await asBruno.post(url, { content: 'Oi de novo' });
    expect(fromBlocked.statusCode).toBe(403);
    expect(fromBlocked.json()).toEqual({ error: BLOCK_MESSAGES.messageRefused, code: 'BLOCKED' });
    const fromBlocker = await asAna.post(url, { content: 'Tchau' });
    expect(fromBlocker.statusCode).toBe(403);
    expect(fromBlocker.json()).toEqual({ error: BLOCK_MESSAGES.messageYouBlocked, code: 'BLOCKED' });
    const again = await asBruno.post('/api/chat/conversations', { otherUserId: ana.id });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).not.toBe(CHAT_MESSAGES.mutualOnly);
    expect(await db().select().from(messages)).toHaveLength(1);
  });
});

describe('people search and notifications across a block', () => {
  it('finds neither from the other in people search', async () => {
    await block(asAna, bruno);
    const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((u) => u.id);
    expect(ids(await asAna.get('/api/search?q=bruno&type=people'))).toEqual([]);
    expect(ids(await asBruno.get('/api/search?q=ana&type=people'))).toEqual([]);
    const carla = await as(t.app, await createUser(t.app));
    expect(ids(await carla.get('/api/search?q=bruno&type=people'))).toEqual([bruno.id]);
  });

  it('sends no notification from one to the other, even where both still meet (a group post)', async () => {
    const group = await createGroup(t.app, ana);
    await addMember(t.app, group, bruno);
    const carlaUser = await createUser(t.app);
    await addMember(t.app, group, carlaUser);
    await block(asBruno, ana);
    // Ana's post in her own group reaches her members' notifications, but not Bruno's.
    const res = await asAna.post('/api/posts', {
      type: 'text',
      content: 'Aviso para o grupo',
      studyGroupId: group.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.ctx.jobs.drain();
    const toCarla = await db().select().from(notifications).where(eq(notifications.userId, carlaUser.id));
    expect(toCarla).toHaveLength(1);
    const toBruno = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bruno.id), eq(notifications.actorId, ana.id)));
    expect(toBruno).toEqual([]);
  });
});
