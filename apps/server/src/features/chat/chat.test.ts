import { CHAT_MESSAGES } from '@estudai/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import { statementsDuring } from '../../../test/statements.ts';
import type { Tx } from '../../db/client.ts';
import { blocks, follows, messages, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import { findSendFacts, insertMessageIfUnchanged, markMessagesRead } from './chat.queries.ts';
import { markRead, sendMessage, unreadCount } from './chat.service.ts';

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

type User = Awaited<ReturnType<typeof createUser>>;

async function follow(from: User, to: User) {
  await t.app.ctx.database.db.insert(follows).values({ followerId: from.id, followingId: to.id });
}
async function mutual(a: User, b: User) {
  await follow(a, b);
  await follow(b, a);
}
async function as(user: User) {
  const cookie = await signedInAs(t.app, user);
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
    put: (url: string) => t.app.inject({ method: 'PUT', url, headers: { cookie } }),
    del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } }),
  };
}

async function pairWithConversation() {
  const ana = await createUser(t.app, { displayName: 'Ana' });
  const bruno = await createUser(t.app, { displayName: 'Bruno' });
  await mutual(ana, bruno);
  const asAna = await as(ana);
  const asBruno = await as(bruno);
  const started = await asAna.post('/api/chat/conversations', { otherUserId: bruno.id });
  return { ana, bruno, asAna, asBruno, conversationId: started.json().data.id as string, started };
}

describe('starting a conversation', () => {
  it('creates one conversation for a pair of mutual followers, the same from either side', async () => {
    const { ana, bruno, asBruno, conversationId, started } = await pairWithConversation();
    expect(started.statusCode).toBe(201);
    expect(started.json().data).toMatchObject({
      id: conversationId,
      otherUser: { id: bruno.id, displayName: 'Bruno' },
      lastMessage: null,
      unreadCount: 0,
    });
    const again = await asBruno.post('/api/chat/conversations', { otherUserId: ana.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      id: conversationId,
      otherUser: { id: ana.id, displayName: 'Ana' },
    });
  });

  it('refuses a user who does not follow back (403 with the spec message)', async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app);
    await follow(ana, bruno);
    const res = await (await as(ana)).post('/api/chat/conversations', { otherUserId: bruno.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: CHAT_MESSAGES.mutualOnly, code: 'NOT_MUTUAL_FOLLOWERS' });
  });

  it('refuses oneself, an unknown user and a malformed id', async () => {
    const ana = await createUser(t.app);
    const asAna = await as(ana);
    expect((await asAna.post('/api/chat/conversations', { otherUserId: ana.id })).statusCode).toBe(400);
    const unknown = await asAna.post('/api/chat/conversations', { otherUserId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect((await asAna.post('/api/chat/conversations', { otherUserId: 'x' })).statusCode).toBe(400);
  });

  it('requires a signed-in, verified user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/conversations' })).statusCode).toBe(401);
    const unverified = await createUser(t.app, { emailVerified: false });
    expect((await (await as(unverified)).get('/api/chat/conversations')).statusCode).toBe(403);
  });
});

describe('messages', () => {
  it('stores a trimmed message and lists it', async () => {
    const { ana, asBruno, asAna, conversationId } = await pairWithConversation();
    const sent = await asAna.post(`/api/chat/conversations/${conversationId}/messages`, {
      content: '  Bora revisar genética hoje?  ',
      clientId: 'c-1',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({
      conversationId,
      senderId: ana.id,
      content: 'Bora revisar genética hoje?',
      isRead: false,
      clientId: 'c-1',
    });
    const list = await asBruno.get(`/api/chat/conversations/${conversationId}/messages`);
    expect(list.json()).toMatchObject({ hasMore: false, data: [{ content: 'Bora revisar genética hoje?' }] });
  });

  it.each([
    ['empty', ''],
    ['whitespace-only', '   \n\t '],
    ['4,001-character', 'a'.repeat(4001)],
  ])('refuses a %s message (400)', async (_, content) => {
    const { asAna, conversationId } = await pairWithConversation();
    const res = await asAna.post(`/api/chat/conversations/${conversationId}/messages`, { content });
    expect(res.statusCode).toBe(400);
    expect([CHAT_MESSAGES.messageRequired, CHAT_MESSAGES.messageTooLong]).toContain(res.json().error);
  });

  it('accepts a message of exactly 4,000 characters', async () => {
    const { asAna, conversationId } = await pairWithConversation();
    const res = await asAna.post(`/api/chat/conversations/${conversationId}/messages`, {
      content: 'a'.repeat(4000),
    });
    expect(res.statusCode).toBe(201);
  });

  it('stores one message when the same client id is sent twice, even at once', async () => {
    const { asAna, conversationId } = await pairWithConversation();
    const url = `/api/chat/conversations/${conversationId}/messages`;
    const first = await asAna.post(url, { content: 'Oi!', clientId: 'retry-1' });
    const retry = await asAna.post(url, { content: 'Oi!', clientId: 'retry-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    const racing = await Promise.all(
      [1, 2, 3].map(() => asAna.post(url, { content: 'Oi de novo', clientId: 'race' })),
    );
    expect(new Set(racing.map((r) => r.json().data.id)).size).toBe(1);
    const list = await asAna.get(url);
    expect(list.json().data.map((m: { content: string }) => m.content)).toEqual(['Oi!', 'Oi de novo']);
  });

  it('limits how fast one user sends', async () => {
    const { asAna, conversationId } = await pairWithConversation();
    const url = `/api/chat/conversations/${conversationId}/messages`;
    for (let i = 0; i < 20; i++) expect((await asAna.post(url, { content: `m${i}` })).statusCode).toBe(201);
    const res = await asAna.post(url, { content: 'mais uma' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(CHAT_MESSAGES.tooFast);
  });

  it('holds the limit when 60 messages arrive at once: 20 stored, 40 refused', async () => {
    const { asAna, conversationId } = await pairWithConversation();
    const url = `/api/chat/conversations/${conversationId}/messages`;
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => asAna.post(url, { content: `rajada ${i}` })),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const stored = await t.app.ctx.database.db.select().from(messages);
    expect(stored).toHaveLength(20);
  });

  it('keeps a third user out: reading, posting and marking read answer 404', async () => {
    const { conversationId } = await pairWithConversation();
    const carla = await as(await createUser(t.app));
    const base = `/api/chat/conversations/${conversationId}`;
    for (const res of [
      await carla.get(`${base}/messages`),
      await carla.post(`${base}/messages`, { content: 'intrusa' }),
      await carla.put(`${base}/read`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(CHAT_MESSAGES.notFound);
    }
  });

  it('answers 404 for an id that can name no conversation (a mangled address)', async () => {
    const { asAna } = await pairWithConversation();
    const base = '/api/chat/conversations/nao-existe';
    for (const res of [
      await asAna.get(`${base}/messages`),
      await asAna.post(`${base}/messages`, { content: 'oi' }),
      await asAna.put(`${base}/read`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: CHAT_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
  });
});

describe('unread counts and read marking', () => {
  it('counts the other person’s unread messages until the conversation is read', async () => {
    const { asAna, asBruno, conversationId } = await pairWithConversation();
    const url = `/api/chat/conversations/${conversationId}/messages`;
    for (const content of ['um', 'dois', 'três']) await asBruno.post(url, { content });
    await asAna.post(url, { content: 'minha, não conta' });

    expect((await asAna.get('/api/chat/unread-count')).json().data).toEqual({ count: 3 });
    expect((await asBruno.get('/api/chat/unread-count')).json().data).toEqual({ count: 1 });
    const [conversation] = (await asAna.get('/api/chat/conversations')).json().data;
    expect(conversation).toMatchObject({ unreadCount: 3, lastMessage: { content: 'minha, não conta' } });

    expect((await asAna.put(`/api/chat/conversations/${conversationId}/read`)).json().data).toEqual({
      read: 3,
    });
    expect((await asAna.get('/api/chat/unread-count')).json().data).toEqual({ count: 0 });
    const seenByBruno = (await asBruno.get(url)).json().data;
    expect(seenByBruno.filter((m: { isRead: boolean }) => m.isRead)).toHaveLength(3);
  });

  it('lists conversations with the most recent first', async () => {
    const ana = await createUser(t.app);
    const [bruno, carla] = [await createUser(t.app), await createUser(t.app)];
    await mutual(ana, bruno);
    await mutual(ana, carla);
    const asAna = await as(ana);
    const withBruno = (await asAna.post('/api/chat/conversations', { otherUserId: bruno.id })).json().data.id;
    const withCarla = (await asAna.post('/api/chat/conversations', { otherUserId: carla.id })).json().data.id;
    await asAna.post(`/api/chat/conversations/${withCarla}/messages`, { content: 'primeiro' });
    await asAna.post(`/api/chat/conversations/${withBruno}/messages`, { content: 'depois' });
    const list = (await asAna.get('/api/chat/conversations')).json();
    expect(list.data.map((c: { id: string }) => c.id)).toEqual([withBruno, withCarla]);
    expect(list.hasMore).toBe(false);
  });
});

describe('message pages', () => {
  it('pages by cursor from the latest backwards, with no gap and no repeat', async () => {
    const { asAna, conversationId } = await pairWithConversation();
    const url = `/api/chat/conversations/${conversationId}/messages`;
    const db = t.app.ctx.database.db;
    const { messages } = await import('../../db/schema/index.ts');
    const [first] = (await asAna.get('/api/chat/conversations')).json().data;
    await db.insert(messages).values(
      Array.from({ length: 25 }, (_, i) => ({
        conversationId,
        senderId: first.otherUser.id,
        content: `mensagem ${i + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    const pages: boolean[] = [];
    do {
      const res = await asAna.get(`${url}?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      const page: { data: { content: string }[]; hasMore: boolean; nextCursor: string | null } = res.json();
      seen.unshift(...page.data.map((m) => m.content));
      pages.push(page.hasMore);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([true, true, false]);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `mensagem ${i + 1}`));

    const newest = (await asAna.get(`${url}?limit=3`)).json().data;
    expect(newest.map((m: { content: string }) => m.content)).toEqual([
      'mensagem 23',
      'mensagem 24',
      'mensagem 25',
    ]);
    const after = (await asAna.get(`${url}?after=${newest[0].id}`)).json().data;
    expect(after.map((m: { content: string }) => m.content)).toEqual(['mensagem 24', 'mensagem 25']);
  });

  it('refuses a tampered cursor and a cursor from another conversation', async () => {
    const { asAna, conversationId } = await pairWithConversation();
    const url = `/api/chat/conversations/${conversationId}/messages`;
    expect((await asAna.get(`${url}?cursor=abc`)).statusCode).toBe(400);
    expect((await asAna.get(`${url}?cursor=${crypto.randomUUID()}`)).statusCode).toBe(400);
    expect((await asAna.get(`${url}?limit=1000`)).statusCode).toBe(400);
  });
});

describe('GET /api/users/mutual-followers', () => {
  it('lists only people who follow back', async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app, { displayName: 'Bruno', bio: 'Exatas' });
    const carla = await createUser(t.app);
    await mutual(ana, bruno);
    await follow(ana, carla);
    const res = await (await as(ana)).get('/api/users/mutual-followers');
    expect(res.json().data).toEqual([
      {
        id: bruno.id,
        username: bruno.username,
        displayName: 'Bruno',
        avatar: null,
        bio: 'Exatas',
        isVerified: false,
      },
    ]);
  });
});

describe('round trips (issue 41)', () => {
  it('sends in two statements, answers a retry in one, and marks read and counts unread in one each', async () => {
    const { ana, bruno, conversationId } = await pairWithConversation();
    const ctx = t.app.ctx;
    const { db } = ctx.database;
    const send = () => sendMessage(ctx, ana.id, conversationId, { content: 'Bom dia!', clientId: 'rt-1' });
    let first: Awaited<ReturnType<typeof send>> | undefined;
    expect(
      await statementsDuring(db, async () => {
        first = await send();
      }),
    ).toBe(2);
    expect(first?.created).toBe(true);
    let retry: Awaited<ReturnType<typeof send>> | undefined;
    expect(
      await statementsDuring(db, async () => {
        retry = await send();
      }),
    ).toBe(1);
    expect(retry).toMatchObject({ created: false, message: { id: first?.message.id } });
    // The next message of the same sender here: one statement, the facts checked as it writes.
    let next: Awaited<ReturnType<typeof send>> | undefined;
    expect(
      await statementsDuring(db, async () => {
        next = await sendMessage(ctx, ana.id, conversationId, { content: 'Tudo bem?', clientId: 'rt-2' });
      }),
    ).toBe(1);
    expect(next?.created).toBe(true);
    expect(await statementsDuring(db, () => unreadCount(ctx, bruno.id))).toBe(1);
    expect(await unreadCount(ctx, bruno.id)).toBe(2);
    expect(await statementsDuring(db, () => markRead(ctx, bruno.id, conversationId))).toBe(1);
    expect(await unreadCount(ctx, bruno.id)).toBe(0);
    const [stored] = await ctx.database.db.select().from(messages);
    expect(stored?.readAt).not.toBeNull();
  });

  it('commits the message and the read marks without waiting for the disk, in their own transaction only (decision 062)', async () => {
    const { ana, bruno, conversationId } = await pairWithConversation();
    const { db } = t.app.ctx.database;
    const setting = async (tx: Tx) =>
      rowsOf<{ value: string }>(
        await tx.execute(sql`select current_setting('synchronous_commit') as value`),
      )[0]?.value;
    const facts = await findSendFacts(db, { me: ana.id, conversation: conversationId, clientId: null });
    const values = {
      conversation: conversationId,
      content: 'Oi',
      clientId: null,
      heldAt: null,
      firstContact: false,
    };
    await db.transaction(async (tx) => {
      expect(await setting(tx)).toBe('on');
      await insertMessageIfUnchanged(tx, {
        ...values,
        me: ana.id,
        fingerprint: facts?.fingerprint ?? '',
        wroteBefore: false,
      });
      expect(await setting(tx)).toBe('off');
    });
    await db.transaction(async (tx) => {
      await markMessagesRead(tx, conversationId, bruno.id, new Date());
      expect(await setting(tx)).toBe('off');
    });
    // Not on the connection afterwards: the next transaction, on PostgreSQL's pool or PGlite's one
    // connection, commits as before.
    await db.transaction(async (tx) => expect(await setting(tx)).toBe('on'));
    const [stored] = await db.select().from(messages);
    expect(stored).toMatchObject({ content: 'Oi', senderId: ana.id });
    expect(stored?.readAt).not.toBeNull();
  });
});

describe('the facts kept between sends (decision 065)', () => {
  const texts = async () => (await t.app.ctx.database.db.select().from(messages)).map((row) => row.content);

  it('refuses the next message once either person blocks, though the last send kept the facts', async () => {
    const { ana, asAna, asBruno, conversationId } = await pairWithConversation();
    const url = `/api/chat/conversations/${conversationId}/messages`;
    expect((await asAna.post(url, { content: 'Primeira' })).statusCode).toBe(201);
    expect((await asBruno.post(`/api/users/${ana.id}/block`)).statusCode).toBe(200);
    const refused = await asAna.post(url, { content: 'Depois do bloqueio' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BLOCKED');
    // A refusal from kept facts is read again before it stands: once unblocked, the chat goes on.
    expect((await asBruno.del(`/api/users/${ana.id}/block`)).statusCode).toBe(200);
    expect((await asAna.post(url, { content: 'Voltamos' })).statusCode).toBe(201);
    expect(await texts()).toEqual(expect.arrayContaining(['Primeira', 'Voltamos']));
    expect(await texts()).not.toContain('Depois do bloqueio');
  });

  it('refuses the next message once the sender is limited by a strike', async () => {
    const { ana, asAna, conversationId } = await pairWithConversation();
    const url = `/api/chat/conversations/${conversationId}/messages`;
    expect((await asAna.post(url, { content: 'Primeira' })).statusCode).toBe(201);
    await t.app.ctx.database.db
      .update(users)
      .set({ limitedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, ana.id));
    const refused = await asAna.post(url, { content: 'Limitada' });
    expect(refused.statusCode).toBe(403);
    expect(await texts()).toEqual(['Primeira']);
  });

  it('writes nothing when the facts changed since they were read, and answers them as they are', async () => {
    const { ana, bruno, conversationId } = await pairWithConversation();
    const { db } = t.app.ctx.database;
    const before = await findSendFacts(db, { me: ana.id, conversation: conversationId, clientId: null });
    expect(before?.chat.blocks.blockedViewer).toBe(false);
    await db.insert(blocks).values({ blockerId: bruno.id, blockedId: ana.id });
    const write = {
      me: ana.id,
      conversation: conversationId,
      content: 'Oi',
      clientId: null,
      heldAt: null,
      firstContact: false,
      wroteBefore: false,
    };
    const outcome = await insertMessageIfUnchanged(db, { ...write, fingerprint: before?.fingerprint ?? '' });
    expect(outcome).toMatchObject({ changed: { chat: { blocks: { blockedViewer: true } } } });
    expect('changed' in outcome && outcome.changed.fingerprint).not.toBe(before?.fingerprint);
    // Someone else's conversation: nothing to answer.
    const carla = await createUser(t.app, { displayName: 'Carla' });
    expect(
      await insertMessageIfUnchanged(db, { ...write, me: carla.id, fingerprint: before?.fingerprint ?? '' }),
    ).toEqual({ gone: true });
    expect(await texts()).toEqual([]);
  });
});
