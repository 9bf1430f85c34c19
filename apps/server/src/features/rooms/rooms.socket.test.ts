import type {
  ClientToServerEvents,
  RoomEnterAck,
  RoomPresenceEvent,
  ServerToClientEvents,
} from '@estudai/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, listenOnFreePort, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import { liveRoomsOf, roomsLive } from './rooms.live.ts';

// Live presence of a study room (issue 39) over the app's socket: two students see each other come
// in, updates batched to one a second, and a reconnect within the grace shows no leave.

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
  const live = roomsLive(t.app.ctx);
  live.batchMs = 1_000;
  live.graceMs = 60_000;
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

const enter = (socket: ClientSocket, roomId: string) =>
  new Promise<RoomEnterAck>((resolve) => socket.emit('room:enter', roomId, resolve));
/** Every presence update the socket hears, with when it came. */
const recorder = (socket: ClientSocket) => {
  const heard: { at: number; event: RoomPresenceEvent }[] = [];
  socket.on('room:presence', (event) => heard.push({ at: performance.now(), event }));
  return heard;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function publicRoomId(user: User): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/rooms?kind=public',
    headers: { cookie: await signedInAs(t.app, user) },
  });
  return res.json().data[0].id;
}

describe('room presence over the socket', () => {
  it('shows each student the other entering, in batches of at most one update a second', async () => {
    const ana = await createUser(t.app, { displayName: 'Ana Souza' });
    const bruno = await createUser(t.app, { displayName: 'Bruno Lima' });
    const roomId = await publicRoomId(ana);
    const anaSocket = await connected(ana);
    const heardByAna = recorder(anaSocket);
    const entered = await enter(anaSocket, roomId);
    expect(entered.ok).toBe(true);
    const brunoSocket = await connected(bruno);
    const heardByBruno = recorder(brunoSocket);
    const brunoEntered = await enter(brunoSocket, roomId);
    // Bruno's answer already lists Ana, with the same shared phase.
    if (!brunoEntered.ok || !entered.ok) throw new Error('refused');
    expect(brunoEntered.room.present.map((p) => p.firstName)).toEqual(['Ana', 'Bruno']);
    expect(brunoEntered.room.phase).toBe(entered.room.phase);
    expect(brunoEntered.room.phaseEndsAt).toBe(entered.room.phaseEndsAt);
    await sleep(1_300);
    // One update for both entries (they came within the same second).
    expect(heardByAna).toHaveLength(1);
    expect(heardByAna[0]?.event.joined.map((p) => p.firstName).sort()).toEqual(['Ana', 'Bruno']);
    expect(heardByBruno.at(-1)?.event.joined.map((p) => p.firstName)).toContain('Bruno');
    // Leaving on purpose is seen (no grace).
    brunoSocket.emit('room:leave', roomId);
    await sleep(1_300);
    expect(heardByAna.at(-1)?.event.left).toEqual([bruno.id]);
    const updates = heardByAna.map((entry) => entry.at);
    for (let i = 1; i < updates.length; i++)
      expect((updates[i] ?? 0) - (updates[i - 1] ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it('a reconnect within the grace shows no leave; staying away past it does', async () => {
    const live = roomsLive(t.app.ctx);
    live.batchMs = 100;
    live.graceMs = 800;
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app);
    const roomId = await publicRoomId(ana);
    const anaSocket = await connected(ana);
    const heard = recorder(anaSocket);
    await enter(anaSocket, roomId);
    let brunoSocket = await connected(bruno);
    await enter(brunoSocket, roomId);
    await sleep(300);
    heard.length = 0;
    // The connection drops and comes back (a new socket) within the grace.
    brunoSocket.disconnect();
    await sleep(300);
    brunoSocket = await connected(bruno);
    await enter(brunoSocket, roomId);
    await sleep(1_000);
    expect(heard.flatMap((entry) => entry.event.left)).toEqual([]);
    // Gone for longer than the grace: the leave is shown.
    brunoSocket.disconnect();
    await sleep(1_200);
    expect(heard.flatMap((entry) => entry.event.left)).toEqual([bruno.id]);
  });

  it("sends a room's update to every socket exactly once, part by part, and none after a leave", async () => {
    const live = roomsLive(t.app.ctx);
    live.batchMs = 100;
    const people = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createUser(t.app, { displayName: `Pessoa${i} Silva` })),
    );
    const roomId = await publicRoomId(people[0] as User);
    const present = await Promise.all(people.slice(0, 11).map((person) => connected(person)));
    for (const socket of present) expect((await enter(socket, roomId)).ok).toBe(true);
    // The twelve sockets sit in different parts of the room (liveRoomsOf).
    const parts = new Set(present.map((socket) => liveRoomsOf(roomId, socket.id as string)[1]));
    expect(parts.size).toBeGreaterThan(1);
    await sleep(300);
    const heard = present.map(recorder);
    const leaver = present[10] as ClientSocket;
    leaver.emit('room:leave', roomId);
    await sleep(300);
    heard[10]?.splice(0);
    const newcomer = await connected(people[11] as User);
    const answer = await enter(newcomer, roomId);
    if (!answer.ok) throw new Error('refused');
    // The newcomer's answer lists the ten still there and themselves, not the one who left.
    expect(answer.room.present).toHaveLength(11);
    expect(answer.room.present.map((p) => p.userId)).not.toContain(people[10]?.id);
    await sleep(400);
    for (const events of heard.slice(0, 10)) {
      const aboutNewcomer = events.filter((entry) =>
        entry.event.joined.some((p) => p.userId === people[11]?.id),
      );
      expect(aboutNewcomer).toHaveLength(1);
    }
    expect(heard[10]).toEqual([]);
  });

  it('refuses to enter a private room without an invitation', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      payload: { name: 'Só nós' },
      headers: { cookie: await signedInAs(t.app, owner) },
    });
    const socket = await connected(stranger);
    expect(await enter(socket, res.json().data.id)).toEqual({ ok: false, error: 'Sala não encontrada.' });
  });
});
