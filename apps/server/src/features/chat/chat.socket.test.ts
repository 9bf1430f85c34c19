import {
  CHAT_MESSAGES,
  type ChatMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestPostgresDatabase,
  listenOnFreePort,
  resetTestApp,
  type TestApp,
} from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import { openPostgres } from '../../db/client.ts';
import { follows, messages, users } from '../../db/schema/index.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let base: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t);
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t.app.close();
});

/** A socket of `user`'s, open on this file's app or on another process's (`on`). */
async function connected(
  user: User,
  on: { app: TestApp; base: string } = { app: t, base },
): Promise<ClientSocket> {
  const socket: ClientSocket = connect(on.base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: await signedInAs(on.app.app, user), origin: on.base },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return socket;
}

async function conversationBetween(a: User, b: User): Promise<string> {
  await t.app.ctx.database.db.insert(follows).values([
    { followerId: a.id, followingId: b.id },
    { followerId: b.id, followingId: a.id },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    payload: { otherUserId: b.id },
    headers: { cookie: await signedInAs(t.app, a) },
  });
  return res.json().data.id;
}

async function send(user: User, conversationId: string, content: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/messages`,
    payload: { content },
    headers: { cookie: await signedInAs(t.app, user) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as ChatMessage;
}

const nextMessage = (socket: ClientSocket) =>
  new Promise<ChatMessage>((resolve) => socket.once('chat:message', resolve));

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
  ]);

describe('live chat', () => {
  it('delivers a message to the other participant within a second, and to the sender’s other tabs', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const conversationId = await conversationBetween(ana, bruno);
    const brunoSocket = await connected(bruno);
    const anaOtherTab = await connected(ana);
    const started = Date.now();
    const [received, echoed] = await Promise.all([
      within(nextMessage(brunoSocket), 1000),
      within(nextMessage(anaOtherTab), 1000),
      send(ana, conversationId, 'Chegou?'),
    ]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(received).toMatchObject({ conversationId, senderId: ana.id, content: 'Chegou?' });
    expect(echoed.id).toBe(received.id);
  });

  it('after a disconnect, catching up from the last message seen yields exactly the missed ones, in order', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const conversationId = await conversationBetween(ana, bruno);
    let brunoSocket = await connected(bruno);
    const [lastSeen] = await Promise.all([nextMessage(brunoSocket), send(ana, conversationId, 'antes')]);
    brunoSocket.disconnect();

    for (const content of ['um', 'dois', 'três']) await send(ana, conversationId, content);

    brunoSocket = await connected(bruno);
    const live: ChatMessage[] = [];
    brunoSocket.on('chat:message', (message) => live.push(message));
    const catchUp = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${conversationId}/messages?after=${lastSeen.id}`,
      headers: { cookie: await signedInAs(t.app, bruno) },
    });
    expect(catchUp.json().data.map((m: ChatMessage) => m.content)).toEqual(['um', 'dois', 'três']);
    expect(live).toEqual([]);
  });

  it('lets participants join the conversation room and refuses a third user', async () => {
    const [ana, bruno, carla] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const conversationId = await conversationBetween(ana, bruno);
    const join = (socket: ClientSocket, id: string) =>
      new Promise((resolve) => socket.emit('chat:join', id, resolve));
    expect(await join(await connected(ana), conversationId)).toEqual({ ok: true });
    const carlaSocket = await connected(carla);
    expect(await join(carlaSocket, conversationId)).toEqual({ ok: false, error: 'Conversa não encontrada.' });
    expect(await join(carlaSocket, 'não-é-id')).toMatchObject({ ok: false });
  });

  it('shows typing to the other participant in the room, never to an outsider', async () => {
    const [ana, bruno, carla] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const conversationId = await conversationBetween(ana, bruno);
    const [anaSocket, brunoSocket, carlaSocket] = [
      await connected(ana),
      await connected(bruno),
      await connected(carla),
    ];
    for (const socket of [anaSocket, brunoSocket]) {
      await new Promise((resolve) => socket.emit('chat:join', conversationId, resolve));
    }
    let carlaSaw = false;
    carlaSocket.on('chat:typing', () => {
      carlaSaw = true;
    });
    carlaSocket.emit('chat:typing', { conversationId, isTyping: true });
    const typing = new Promise((resolve) => brunoSocket.once('chat:typing', resolve));
    anaSocket.emit('chat:typing', { conversationId, isTyping: true });
    expect(await within(typing, 1000)).toEqual({ conversationId, userId: ana.id, isTyping: true });
    // A round trip on Carla's connection: had Ana's typing been sent to her, it would have come first.
    await new Promise((resolve) => carlaSocket.emit('chat:join', conversationId, resolve));
    expect(carlaSaw).toBe(false);
  });

  it('sends a read receipt to the sender, and to the reader’s other tabs', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const conversationId = await conversationBetween(ana, bruno);
    await send(ana, conversationId, 'leu?');
    const anaSocket = await connected(ana);
    const brunoOtherTab = await connected(bruno);
    const receipt = new Promise((resolve) => anaSocket.once('chat:read', resolve));
    const ownTab = new Promise((resolve) => brunoOtherTab.once('chat:read', resolve));
    await t.app.inject({
      method: 'PUT',
      url: `/api/chat/conversations/${conversationId}/read`,
      headers: { cookie: await signedInAs(t.app, bruno) },
    });
    expect(await within(receipt, 1000)).toMatchObject({ conversationId, readerId: bruno.id });
    expect(await within(ownTab, 1000)).toMatchObject({ conversationId, readerId: bruno.id });
  });
});

describe('chat:send over the socket (decision 066)', () => {
  const sendOver = (socket: ClientSocket, payload: unknown) =>
    within(
      socket.emitWithAck('chat:send', payload as Parameters<ClientToServerEvents['chat:send']>[0]),
      2000,
    );
  /** What `POST …/messages` answers the same person for the same message: status and body. */
  async function overHttp(user: User, payload: { conversationId: string; [field: string]: unknown }) {
    const { conversationId, ...body } = payload;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${encodeURIComponent(conversationId)}/messages`,
      payload: body,
      headers: { cookie: await signedInAs(t.app, user) },
    });
    return { status: res.statusCode, ...res.json() };
  }

  it('stores and delivers like the route, and a retry with the same clientId answers the stored message once', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const conversationId = await conversationBetween(ana, bruno);
    const [anaSocket, brunoSocket] = [await connected(ana), await connected(bruno)];
    const delivered: ChatMessage[] = [];
    brunoSocket.on('chat:message', (message) => delivered.push(message));
    // What the sending tabs hear: their answer carries their own message, never a second copy.
    const echoed: ChatMessage[] = [];
    anaSocket.on('chat:message', (m) => echoed.push(m));
    const received = nextMessage(brunoSocket);
    const sent = await sendOver(anaSocket, { conversationId, content: '  Pelo socket  ', clientId: 'c-1' });
    expect(sent).toMatchObject({
      status: 201,
      data: { conversationId, senderId: ana.id, content: 'Pelo socket' },
    });
    const message = (sent as { data: ChatMessage }).data;
    expect((await within(received, 1000)).id).toBe(message.id);

    const retry = await sendOver(anaSocket, { conversationId, content: 'Pelo socket', clientId: 'c-1' });
    expect(retry).toMatchObject({ status: 200, data: { id: message.id } });
    // The same clientId by HTTP is the same message too: one store of messages behind both ways.
    expect(await overHttp(ana, { conversationId, content: 'Pelo socket', clientId: 'c-1' })).toMatchObject({
      status: 200,
      data: { id: message.id },
    });
    // A round trip after the retries: had either been delivered again, it would have come first.
    // Bruno replies from a second tab: his first tab hears it; the tab that sent it has its answer.
    const brunoSecondTab = await connected(bruno);
    brunoSecondTab.on('chat:message', (m) => echoed.push(m));
    const reply = (await sendOver(brunoSecondTab, { conversationId, content: 'Recebi' })) as {
      data: ChatMessage;
    };
    await within(
      new Promise<void>((resolve) => {
        if (delivered.some((m) => m.id === reply.data.id)) resolve();
        else brunoSocket.on('chat:message', (m) => m.id === reply.data.id && resolve());
      }),
      1000,
    );
    expect(delivered.map((m) => m.id)).toEqual([message.id, reply.data.id]);
    // Ana hears Bruno's reply; neither sending tab heard its own message again.
    await within(
      new Promise<void>((resolve) => {
        if (echoed.some((m) => m.id === reply.data.id)) resolve();
        else anaSocket.on('chat:message', (m) => m.id === reply.data.id && resolve());
      }),
      1000,
    );
    expect(echoed.map((m) => [m.senderId, m.id])).toEqual([[bruno.id, reply.data.id]]);
  });

  it('refuses what the route refuses, with the same status, words and code', async () => {
    const [ana, bruno, carla] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const conversationId = await conversationBetween(ana, bruno);
    const [anaSocket, carlaSocket] = [await connected(ana), await connected(carla)];
    const cases: {
      name: string;
      who: User;
      socket: ClientSocket;
      payload: Record<string, unknown>;
      status: number;
    }[] = [
      {
        name: 'an empty message',
        who: ana,
        socket: anaSocket,
        payload: { conversationId, content: '   ' },
        status: 400,
      },
      {
        name: 'a message too long',
        who: ana,
        socket: anaSocket,
        payload: { conversationId, content: 'a'.repeat(4001) },
        status: 400,
      },
      {
        name: 'a field the message has not',
        who: ana,
        socket: anaSocket,
        payload: { conversationId, content: 'oi', admin: true },
        status: 400,
      },
      {
        name: 'U+0000 in the text',
        who: ana,
        socket: anaSocket,
        payload: { conversationId, content: 'oi\u0000' },
        status: 400,
      },
      {
        name: 'an id that names no conversation',
        who: ana,
        socket: anaSocket,
        payload: { conversationId: 'não-é-id', content: 'oi' },
        status: 404,
      },
      {
        name: 'a conversation of two other people',
        who: carla,
        socket: carlaSocket,
        payload: { conversationId, content: 'oi' },
        status: 404,
      },
    ];
    for (const { name, who, socket, payload, status } of cases) {
      const answer = await sendOver(socket, payload);
      expect(answer, name).toMatchObject({ status });
      const { status: httpStatus, error, code } = await overHttp(who, payload as { conversationId: string });
      expect({ status: httpStatus, error, code }, name).toEqual({
        status: (answer as { status: number }).status,
        error: (answer as { error: string }).error,
        code: (answer as { code: string }).code,
      });
    }
    // A payload that is not even an object: 400 in the envelope's words, and the socket stays open.
    expect(await sendOver(anaSocket, 'oi')).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await sendOver(anaSocket, null)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });

    // A block between them: refused (BLOCKED), as by HTTP, and nothing stored.
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${ana.id}/block`,
      headers: { cookie: await signedInAs(t.app, bruno) },
    });
    expect(await sendOver(anaSocket, { conversationId, content: 'Depois do bloqueio' })).toMatchObject({
      status: 403,
      code: 'BLOCKED',
    });
    const stored = await t.app.ctx.database.db.select().from(messages);
    expect(stored).toEqual([]);
    expect(anaSocket.connected).toBe(true);
  });

  it('counts the messages sent both ways in one per-account limit', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const conversationId = await conversationBetween(ana, bruno);
    const anaSocket = await connected(ana);
    for (let i = 0; i < 10; i++)
      expect(await overHttp(ana, { conversationId, content: `http ${i}` })).toMatchObject({ status: 201 });
    for (let i = 0; i < 10; i++)
      expect(await sendOver(anaSocket, { conversationId, content: `socket ${i}` })).toMatchObject({
        status: 201,
      });
    const refused = await sendOver(anaSocket, { conversationId, content: 'mais uma' });
    expect(refused).toMatchObject({ status: 429, error: CHAT_MESSAGES.tooFast, code: 'RATE_LIMITED' });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    const overHttpToo = await overHttp(ana, { conversationId, content: 'e por HTTP' });
    expect(overHttpToo).toMatchObject({ status: 429, error: CHAT_MESSAGES.tooFast });
    // Counted before the message is read, as the route's hook counts: an empty one is refused the same way.
    expect(await sendOver(anaSocket, { conversationId, content: '' })).toMatchObject({ status: 429 });
    expect(await overHttp(ana, { conversationId, content: '' })).toMatchObject({ status: 429 });
    expect(await t.app.ctx.database.db.select().from(messages)).toHaveLength(20);
  });

  it('refuses an account that has not confirmed its e-mail, as every chat route does', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const conversationId = await conversationBetween(ana, bruno);
    const anaSocket = await connected(ana);
    await t.app.ctx.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, ana.id));
    t.app.ctx.sessions.forgetUser(ana.id);
    expect(await sendOver(anaSocket, { conversationId, content: 'oi' })).toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    });
    expect(await t.app.ctx.database.db.select().from(messages)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)(
  'chat across two server processes (PostgreSQL + Redis)',
  () => {
    it('delivers a message posted through process 1 to a user connected to process 2', async () => {
      const shared = await createTestPostgresDatabase();
      const redisUrl = process.env.REDIS_URL;
      const one = await buildTestApp({ redisUrl }, { database: await openPostgres(shared.url, { max: 3 }) });
      const two = await buildTestApp({ redisUrl }, { database: await openPostgres(shared.url, { max: 3 }) });
      try {
        const twoBase = await listenOnFreePort(two);

        const [ana, bruno] = [await createUser(one.app), await createUser(one.app)];
        await one.app.ctx.database.db.insert(follows).values([
          { followerId: ana.id, followingId: bruno.id },
          { followerId: bruno.id, followingId: ana.id },
        ]);
        const anaCookie = await signedInAs(one.app, ana);
        const started = await one.app.inject({
          method: 'POST',
          url: '/api/chat/conversations',
          payload: { otherUserId: bruno.id },
          headers: { cookie: anaCookie },
        });
        const conversationId = started.json().data.id;
        /** Ana writes through process 1's HTTP route. */
        const anaPosts = (content: string) =>
          one.app.inject({
            method: 'POST',
            url: `/api/chat/conversations/${conversationId}/messages`,
            payload: { content },
            headers: { cookie: anaCookie },
          });

        const brunoOnTwo = await connected(bruno, { app: two, base: twoBase });
        const [received] = await Promise.all([
          within(nextMessage(brunoOnTwo), 2000),
          anaPosts('De um processo para o outro'),
        ]);
        expect(received).toMatchObject({
          conversationId,
          senderId: ana.id,
          content: 'De um processo para o outro',
        });

        // Bruno answers over his socket on process 2 (chat:send, decision 066); Ana hears it on process 1.
        const oneBase = await listenOnFreePort(one);
        const anaOnOne = await connected(ana, { app: one, base: oneBase });
        // Bruno's other tab, on process 1, hears his reply too; the tab that sent it only has its answer.
        const brunoOnOne = await connected(bruno, { app: one, base: oneBase });
        const sendingTabHeard: ChatMessage[] = [];
        brunoOnTwo.on('chat:message', (message) => sendingTabHeard.push(message));
        const [heard, otherTab, answer] = await Promise.all([
          within(nextMessage(anaOnOne), 2000),
          within(nextMessage(brunoOnOne), 2000),
          within(
            brunoOnTwo.emitWithAck('chat:send', { conversationId, content: 'Resposta pelo socket' }),
            2000,
          ),
        ]);
        expect(answer).toMatchObject({ status: 201, data: { content: 'Resposta pelo socket' } });
        expect(heard).toMatchObject({ conversationId, senderId: bruno.id, content: 'Resposta pelo socket' });
        expect(otherTab).toMatchObject({ senderId: bruno.id, content: 'Resposta pelo socket' });
        // Ana's next message is the first thing the sending tab hears.
        await Promise.all([within(nextMessage(brunoOnTwo), 2000), anaPosts('Chegou?')]);
        expect(sendingTabHeard.map((message) => message.content)).toEqual(['Chegou?']);
      } finally {
        for (const socket of sockets.splice(0)) socket.disconnect();
        await one.app.close();
        await two.app.close();
        await shared.drop();
      }
    });
  },
);
