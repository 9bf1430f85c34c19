import type { ChatMessage, ClientToServerEvents, ServerToClientEvents } from '@estudai/contract';
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
import { follows } from '../../db/schema/index.ts';

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

async function connected(user: User): Promise<ClientSocket> {
  const socket: ClientSocket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: await signedInAs(t.app, user), origin: base },
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

        const brunoOnTwo: ClientSocket = connect(twoBase, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie: await signedInAs(two.app, bruno), origin: twoBase },
          reconnection: false,
        });
        sockets.push(brunoOnTwo);
        await new Promise<void>((resolve, reject) => {
          brunoOnTwo.on('connect', resolve);
          brunoOnTwo.on('connect_error', reject);
        });
        const [received] = await Promise.all([
          within(nextMessage(brunoOnTwo), 2000),
          one.app.inject({
            method: 'POST',
            url: `/api/chat/conversations/${conversationId}/messages`,
            payload: { content: 'De um processo para o outro' },
            headers: { cookie: anaCookie },
          }),
        ]);
        expect(received).toMatchObject({
          conversationId,
          senderId: ana.id,
          content: 'De um processo para o outro',
        });
      } finally {
        for (const socket of sockets.splice(0)) socket.disconnect();
        await one.app.close();
        await two.app.close();
        await shared.drop();
      }
    });
  },
);
