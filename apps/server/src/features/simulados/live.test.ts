import type {
  ClientToServerEvents,
  ServerToClientEvents,
  SimuladoLiveEvent,
  SimuladoProgressEvent,
  SimuladoWatchAck,
} from '@estudai/contract';
import { SIMULADO_MESSAGES } from '@estudai/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listenOnFreePort, resetTestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import {
  answer,
  MINUTE,
  publishedSimulado,
  type SimuladoApp,
  type SimuladoWorld,
  simuladoApp,
  simuladoWorld,
  type User,
} from '../../../test/simulados.ts';
import { finishExpiredAttempts } from './attempts.service.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let app: SimuladoApp;
let w: SimuladoWorld;
let base: string;
let id: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  app = await simuladoApp();
  base = await listenOnFreePort(app.t);
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app, { members: 3 });
  id = await publishedSimulado(w);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await app.t.app.close();
});

async function connected(user: User): Promise<ClientSocket> {
  const socket: ClientSocket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: await signedInAs(w.t.app, user), origin: base },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return socket;
}

const watch = (socket: ClientSocket, simuladoId: string) =>
  new Promise<SimuladoWatchAck>((resolve) => socket.emit('simulado:watch', simuladoId, resolve));

const within = <T>(promise: Promise<T>, ms = 2000) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
  ]);

const nextLive = (socket: ClientSocket) =>
  within(new Promise<SimuladoLiveEvent>((resolve) => socket.once('simulado:live', resolve)));
const nextProgress = (socket: ClientSocket) =>
  within(new Promise<SimuladoProgressEvent>((resolve) => socket.once('simulado:progress', resolve)));

describe('live simulado', () => {
  it("pushes 'N pessoas fazendo agora' to a member watching, as attempts start and end", async () => {
    const [taker, other, watcher] = w.members as [User, User, User];
    const socket = await connected(watcher);
    expect(await watch(socket, id)).toEqual({ ok: true, inProgress: 0 });

    let live = nextLive(socket);
    await w.call(taker, 'POST', `/api/simulados/${id}/attempts`);
    expect(await live).toEqual({ simuladoId: id, inProgress: 1 });
    live = nextLive(socket);
    await w.call(other, 'POST', `/api/simulados/${id}/attempts`);
    expect(await live).toEqual({ simuladoId: id, inProgress: 2 });
    const list = await w.call(watcher, 'GET', `/api/study-groups/${w.groupId}/simulados`);
    expect(list.json().data[0].inProgress).toBe(2);

    live = nextLive(socket);
    await w.call(taker, 'POST', `/api/simulados/${id}/attempts/me/submit`);
    expect(await live).toEqual({ simuladoId: id, inProgress: 1 });
    // The other's time runs out; the periodic job closes it and tells the watchers.
    w.clock.advance(61 * MINUTE);
    live = nextLive(socket);
    await finishExpiredAttempts(w.t.app.ctx);
    expect(await live).toEqual({ simuladoId: id, inProgress: 0 });
  });

  it('sends the owner each participant’s progress: answered counts, never the answers', async () => {
    const [taker] = w.members as [User];
    const owner = await connected(w.owner);
    let progress = nextProgress(owner);
    await w.call(taker, 'POST', `/api/simulados/${id}/attempts`);
    expect(await progress).toEqual({
      simuladoId: id,
      userId: taker.id,
      displayName: 'Membro1 Sobrenome',
      answered: 0,
      total: 6,
      finished: false,
    });
    progress = nextProgress(owner);
    await answer(w, taker, id, 3, 2);
    expect(await progress).toMatchObject({ answered: 1, finished: false });
    progress = nextProgress(owner);
    await answer(w, taker, id, 4, 1);
    const second = await progress;
    expect(second).toMatchObject({ answered: 2 });
    expect(Object.keys(second).sort()).toEqual([
      'answered',
      'displayName',
      'finished',
      'simuladoId',
      'total',
      'userId',
    ]);
    progress = nextProgress(owner);
    await w.call(taker, 'POST', `/api/simulados/${id}/attempts/me/submit`);
    expect(await progress).toMatchObject({ answered: 2, finished: true });

    const initial = await w.call(w.owner, 'GET', `/api/simulados/${id}/progress`);
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data).toEqual({
      simuladoId: id,
      total: 6,
      inProgress: 0,
      participants: [
        {
          userId: taker.id,
          displayName: 'Membro1 Sobrenome',
          answered: 2,
          total: 6,
          finished: true,
          startedAt: '2026-11-26T13:00:00.000Z',
          endsAt: '2026-11-26T14:00:00.000Z',
          finishedAt: '2026-11-26T13:00:00.000Z',
        },
      ],
    });
  });

  it('does not send a member the others’ progress, nor let them read it (403)', async () => {
    const [taker, member] = w.members as [User, User];
    const socket = await connected(member);
    const received: SimuladoProgressEvent[] = [];
    socket.on('simulado:progress', (event) => received.push(event));
    const owner = await connected(w.owner);
    const progress = nextProgress(owner);
    await w.call(taker, 'POST', `/api/simulados/${id}/attempts`);
    await progress;
    expect(received).toEqual([]);
    const res = await w.call(member, 'GET', `/api/simulados/${id}/progress`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(SIMULADO_MESSAGES.progressForbidden);
  });

  it('refuses to let an outsider watch, and ignores ids that are not ids', async () => {
    const outsider = await createUser(w.t.app);
    const socket = await connected(outsider);
    expect(await watch(socket, id)).toEqual({ ok: false, error: SIMULADO_MESSAGES.notFound });
    expect(await watch(socket, 'nada')).toEqual({ ok: false, error: SIMULADO_MESSAGES.notFound });
    const received: SimuladoLiveEvent[] = [];
    socket.on('simulado:live', (event) => received.push(event));
    const watcher = await connected(w.members[1]!);
    await watch(watcher, id);
    const live = nextLive(watcher);
    await w.call(w.members[0]!, 'POST', `/api/simulados/${id}/attempts`);
    await live;
    expect(received).toEqual([]);
  });
});
