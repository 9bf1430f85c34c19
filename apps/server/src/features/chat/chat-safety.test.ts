// Issue 43 in chat: held messages, the first-contact card and 'Palavras ocultas', in the history,
// the conversation list and the live events; the 'chat.messageHeld' event.
import type { ChatMessage, ClientToServerEvents, ServerToClientEvents } from '@estudai/contract';
import { SAFETY_TEXTS } from '@estudai/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, listenOnFreePort, resetTestApp, type TestApp } from '../../../test/app.ts';
import {
  addMember,
  as,
  createGroup,
  createMinor,
  createUser,
  linkGuardian,
  signedInAs,
} from '../../../test/factories.ts';
import { domainEventOutbox, follows, messages } from '../../db/schema/index.ts';
import type { DomainEvents } from '../../events/domain-events.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let base: string;
const sockets: ClientSocket[] = [];
const held: DomainEvents['chat.messageHeld'][] = [];

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t);
  t.app.ctx.events.on('chat.messageHeld', async (_tx, event) => {
    held.push(event);
  });
});
beforeEach(async () => {
  await resetTestApp(t);
  held.length = 0;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t.app.close();
});

async function followEachOther(a: User, b: User) {
  await t.app.ctx.database.db.insert(follows).values([
    { followerId: a.id, followingId: b.id },
    { followerId: b.id, followingId: a.id },
  ]);
}

/** A 15-year-old with a guardian and the teacher of a group they belong to: a chat the rules allow. */
async function teenAndTeacher() {
  const teen = await createMinor(t.app, 15, { displayName: 'Lucas' });
  await linkGuardian(t.app, teen, await createUser(t.app));
  const teacher = await createUser(t.app, { userType: 'professor', displayName: 'Prof. Rita' });
  await addMember(t.app, await createGroup(t.app, teacher), teen);
  await followEachOther(teen, teacher);
  return { teen, teacher, conversationId: await conversationBetween(teacher, teen) };
}

/** Two adults who follow each other, and their conversation. */
async function twoAdults() {
  const ana = await createUser(t.app);
  const bruno = await createUser(t.app);
  await followEachOther(ana, bruno);
  return { ana, bruno, conversationId: await conversationBetween(ana, bruno) };
}

async function conversationBetween(a: User, b: User): Promise<string> {
  const res = await (await as(t.app, a)).post('/api/chat/conversations', { otherUserId: b.id });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function send(user: User, conversationId: string, content: string) {
  const res = await (await as(t.app, user)).post(`/api/chat/conversations/${conversationId}/messages`, {
    content,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as ChatMessage;
}

async function history(user: User, conversationId: string): Promise<ChatMessage[]> {
  const res = await (await as(t.app, user)).get(`/api/chat/conversations/${conversationId}/messages`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

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
const nextMessage = (socket: ClientSocket) =>
  new Promise<ChatMessage>((resolve) => socket.once('chat:message', resolve));

describe('first contact', () => {
  it('marks only the first message a minor gets from a sender, for the minor only', async () => {
    const { teen, teacher, conversationId } = await teenAndTeacher();
    const first = await send(teacher, conversationId, 'Bem-vindo ao grupo, Lucas!');
    await send(teacher, conversationId, 'A lista de exercícios está no mural.');
    await send(teen, conversationId, 'Obrigado, professora!');
    // The sender sees no mark.
    expect(first).toMatchObject({ firstContact: false, held: false, hiddenByWords: false });
    const seen = await history(teen, conversationId);
    expect(seen.map((m) => m.firstContact)).toEqual([true, false, false]);
    expect((await history(teacher, conversationId)).every((m) => !m.firstContact)).toBe(true);
  });

  it('never marks a message to an adult', async () => {
    const { ana, bruno, conversationId } = await twoAdults();
    await send(ana, conversationId, 'Oi, Bruno!');
    expect((await history(bruno, conversationId))[0]?.firstContact).toBe(false);
  });
});

describe('held messages', () => {
  it('holds an adult’s message to a minor asking for contact elsewhere, emits chat.messageHeld, and hides it in the list', async () => {
    const { teen, teacher, conversationId } = await teenAndTeacher();
    const sent = await send(teacher, conversationId, 'Me chama no zap: (11) 91234-5678');
    expect(sent.held).toBe(false);
    expect(sent.content).toBe('Me chama no zap: (11) 91234-5678');
    const [message] = await history(teen, conversationId);
    // The minor's copy reads as the notice; the text travels apart, for 'Ver mensagem'.
    expect(message).toMatchObject({
      held: true,
      firstContact: true,
      id: sent.id,
      content: SAFETY_TEXTS.heldPreview,
      original: 'Me chama no zap: (11) 91234-5678',
    });
    const [row] = await t.app.ctx.database.db.select().from(messages);
    expect(row?.heldAt).not.toBeNull();
    expect(held).toEqual([
      { messageId: sent.id, senderId: teacher.id, recipientId: teen.id, at: expect.any(String) },
    ]);

    const list = await (await as(t.app, teen)).get('/api/chat/conversations');
    expect(list.json().data[0].lastMessage).toMatchObject({ content: SAFETY_TEXTS.heldPreview, held: true });
    expect(JSON.stringify(list.json())).not.toContain('91234');
    // The sender's own list shows their text.
    const theirs = await (await as(t.app, teacher)).get('/api/chat/conversations');
    expect(theirs.json().data[0].lastMessage.content).toContain('zap');
    // The sender hears of it as an action with its rule, and may appeal it (no strike).
    const actions = (await (await as(t.app, teacher)).get('/api/users/me/moderation-actions')).json().data;
    expect(actions).toEqual([
      expect.objectContaining({
        kind: 'message_held',
        rule: 'contato_inseguro',
        item: expect.objectContaining({ type: 'message', id: sent.id }),
        strike: false,
        appealable: true,
      }),
    ]);
  });

  it.each([
    ['Vamos conversar no privado?'],
    ['Me segue no insta'],
    ['Entra no servidor https://discord.gg/estudos'],
    ['Moro na Rua das Flores, 120'],
    ['Meu número é 11912345678'],
  ])('holds %s', async (content) => {
    const { teen, teacher, conversationId } = await teenAndTeacher();
    await send(teacher, conversationId, content);
    expect((await history(teen, conversationId))[0]?.held).toBe(true);
  });

  it('does not hold an ordinary message from an adult to a minor', async () => {
    const { teen, teacher, conversationId } = await teenAndTeacher();
    await send(teacher, conversationId, 'A prova é dia 12, das 14h às 16h.');
    expect((await history(teen, conversationId))[0]?.held).toBe(false);
    expect(held).toEqual([]);
  });

  it('never holds an adult-to-adult message', async () => {
    const { ana, bruno, conversationId } = await twoAdults();
    await send(ana, conversationId, 'Me chama no zap: (11) 91234-5678');
    expect((await history(bruno, conversationId))[0]?.held).toBe(false);
    const [row] = await t.app.ctx.database.db.select().from(messages);
    expect(row?.heldAt).toBeNull();
    expect(held).toEqual([]);
    expect(await t.app.ctx.database.db.select().from(domainEventOutbox)).toEqual([]);
  });

  it('does not hold a minor-to-minor message with a phone (decision 049), but shows the first-contact card', async () => {
    const lia = await createMinor(t.app, 16);
    const teo = await createMinor(t.app, 16);
    await followEachOther(lia, teo);
    const conversationId = await conversationBetween(lia, teo);
    await send(lia, conversationId, 'Meu whats é (11) 91234-5678');
    expect((await history(teo, conversationId))[0]).toMatchObject({ held: false, firstContact: true });
    expect(held).toEqual([]);
  });

  it('holds the live event to the minor too, and leaves the sender’s own echo alone', async () => {
    const { teen, teacher, conversationId } = await teenAndTeacher();
    const teenSocket = await connected(teen);
    const teacherSocket = await connected(teacher);
    const toTeen = nextMessage(teenSocket);
    const toTeacher = nextMessage(teacherSocket);
    await send(teacher, conversationId, 'Me adiciona no Telegram');
    expect(await toTeen).toMatchObject({ held: true, firstContact: true });
    expect(await toTeacher).toMatchObject({ held: false, firstContact: false });
  });
});

describe("'Palavras ocultas' in chat", () => {
  it('folds a message with one of the reader’s words in the history, the list and the live event', async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app);
    await followEachOther(ana, bruno);
    const asBruno = await as(t.app, bruno);
    expect((await asBruno.put('/api/users/me/hidden-words', { words: ['Spoiler'] })).statusCode).toBe(200);
    const conversationId = await conversationBetween(ana, bruno);
    const brunoSocket = await connected(bruno);
    const live = nextMessage(brunoSocket);
    const sent = await send(ana, conversationId, 'Cuidado: SPOILER do simulado!');
    expect(sent.hiddenByWords).toBe(false);
    expect(await live).toMatchObject({ hiddenByWords: true });
    expect((await history(bruno, conversationId))[0]).toMatchObject({
      hiddenByWords: true,
      content: SAFETY_TEXTS.foldedPreview,
      original: 'Cuidado: SPOILER do simulado!',
    });
    const list = await asBruno.get('/api/chat/conversations');
    expect(list.json().data[0].lastMessage).toMatchObject({
      content: SAFETY_TEXTS.foldedPreview,
      hiddenByWords: true,
    });
    // Bruno's own message with the word is never folded for him.
    await send(bruno, conversationId, 'sem spoiler, por favor');
    expect((await history(bruno, conversationId))[1]?.hiddenByWords).toBe(false);
  });

  it('folds the live event by words chosen after the sender’s last message (the kept facts read again)', async () => {
    const { ana, bruno, conversationId } = await twoAdults();
    // Ana's first message keeps the facts of this conversation, Bruno's (no) words among them.
    await send(ana, conversationId, 'Oi! Bora revisar?');
    const asBruno = await as(t.app, bruno);
    expect((await asBruno.put('/api/users/me/hidden-words', { words: ['Spoiler'] })).statusCode).toBe(200);
    const brunoSocket = await connected(bruno);
    const live = nextMessage(brunoSocket);
    await send(ana, conversationId, 'Cuidado: SPOILER do simulado!');
    expect(await live).toMatchObject({ hiddenByWords: true });
  });

  it('folds the default list for a minor without any word of their own', async () => {
    const { teen, teacher, conversationId } = await teenAndTeacher();
    await send(teacher, conversationId, 'Que porra é essa?');
    expect((await history(teen, conversationId))[0]?.hiddenByWords).toBe(true);
    expect((await history(teacher, conversationId))[0]?.hiddenByWords).toBe(false);
  });
});
