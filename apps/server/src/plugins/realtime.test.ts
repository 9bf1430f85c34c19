import type { ServerToClientEvents } from '@estudai/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  listenOnFreePort,
  openTestDatabase,
  resetTestApp,
  type TestApp,
} from '../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../test/factories.ts';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

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

const outcomes = new WeakMap<Socket, Promise<string>>();

/** Opens a socket and starts listening for how its connection ends at once, so no event is missed. */
function open(headers: Record<string, string>, url = base): Socket<ServerToClientEvents> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
  });
  sockets.push(socket);
  outcomes.set(
    socket,
    new Promise<string>((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', (error) => resolve(`refused: ${error.message}`));
    }),
  );
  return socket;
}

const outcome = (socket: Socket) => outcomes.get(socket) ?? Promise.resolve('unknown socket');

describe('realtime sockets', () => {
  it('accepts a socket with a live session from our origin and delivers to every tab of its user', async () => {
    const user = await createUser(t.app);
    const cookie = await signedInAs(t.app, user);
    const tabs = [open({ cookie, origin: base }), open({ cookie, origin: base })];
    expect(await Promise.all(tabs.map(outcome))).toEqual(['connected', 'connected']);
    const received = tabs.map(
      (tab) => new Promise<boolean>((resolve) => tab.on('session:ended', () => resolve(true))),
    );
    t.app.ctx.realtime.toUser(user.id, 'session:ended');
    expect(await Promise.all(received)).toEqual([true, true]);
  });

  it('does not deliver one user’s events to another', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const brunoSocket = open({ cookie: await signedInAs(t.app, bruno), origin: base });
    const anaSocket = open({ cookie: await signedInAs(t.app, ana), origin: base });
    await Promise.all([outcome(brunoSocket), outcome(anaSocket)]);
    let brunoGotIt = false;
    brunoSocket.on('session:ended', () => {
      brunoGotIt = true;
    });
    const anaGotIt = new Promise((resolve) => anaSocket.on('session:ended', () => resolve(true)));
    t.app.ctx.realtime.toUser(ana.id, 'session:ended');
    await anaGotIt;
    // One connection delivers in order: Bruno's own event, sent after Ana's, comes after anything of hers.
    const brunoOwn = new Promise((resolve) => brunoSocket.once('notification:counts', resolve));
    t.app.ctx.realtime.toUser(bruno.id, 'notification:counts', { unread: 0, pendingRequests: 0 });
    await brunoOwn;
    expect(brunoGotIt).toBe(false);
  });

  it('refuses a socket without a session', async () => {
    expect(await outcome(open({ origin: base }))).toBe('refused: unauthorized');
  });

  it('refuses a socket whose session was ended', async () => {
    const user = await createUser(t.app);
    const cookie = await signedInAs(t.app, user);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(await outcome(open({ cookie, origin: base }))).toBe('refused: unauthorized');
  });

  it('accepts same-origin polling, which browsers send without an Origin header', async () => {
    const user = await createUser(t.app);
    const socket = connect(base, {
      path: '/socket.io',
      transports: ['polling'],
      extraHeaders: { cookie: await signedInAs(t.app, user), 'sec-fetch-site': 'same-origin' },
      reconnection: false,
    });
    sockets.push(socket);
    const result = await new Promise<string>((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', (error) => resolve(`refused: ${error.message}`));
    });
    expect(result).toBe('connected');
  });

  it('refuses cross-site polling without an Origin header', async () => {
    const user = await createUser(t.app);
    const res = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, {
      headers: { cookie: await signedInAs(t.app, user), 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a socket from a foreign origin, even with a valid session', async () => {
    const user = await createUser(t.app);
    const cookie = await signedInAs(t.app, user);
    const result = await outcome(open({ cookie, origin: 'https://site-malicioso.example' }));
    expect(result).toMatch(/^refused/);
    expect(result).not.toBe('refused: unauthorized');
  });
});

/** Two server processes on one database, joined through Redis, closed after `run`. */
async function onTwoProcesses(run: (one: TestApp, two: TestApp) => Promise<void>) {
  const redisUrl = process.env.REDIS_URL;
  const database = await openTestDatabase();
  const shared = { ...database, close: async () => {} };
  const one = await buildTestApp({ redisUrl }, { database: shared });
  const two = await buildTestApp({ redisUrl }, { database: shared });
  try {
    await run(one, two);
  } finally {
    await one.app.close();
    await two.app.close();
    await database.close();
  }
}

describe('a session that ends closes its sockets', () => {
  /** Resolves with what the socket heard, in order, up to its disconnection by the server. */
  function untilClosed(socket: Socket<ServerToClientEvents>): Promise<string[]> {
    const heard: string[] = [];
    socket.on('session:ended', () => heard.push('session:ended'));
    return new Promise((resolve) =>
      socket.on('disconnect', (reason) => resolve([...heard, `disconnect: ${reason}`])),
    );
  }
  const closedByServer = ['session:ended', 'disconnect: io server disconnect'];

  /** Two signed-in devices of one user with a socket each, and a socket of someone else. */
  async function devices() {
    const user = await createUser(t.app, { email: `carla.${Date.now()}@exemplo.com.br` });
    const phone = await signedInAs(t.app, user);
    const laptop = await signedInAs(t.app, user);
    const stranger = await signedInAs(t.app, await createUser(t.app));
    const sockets = {
      phone: open({ cookie: phone, origin: base }),
      laptop: open({ cookie: laptop, origin: base }),
      stranger: open({ cookie: stranger, origin: base }),
    };
    expect(await Promise.all(Object.values(sockets).map(outcome))).toEqual([
      'connected',
      'connected',
      'connected',
    ]);
    return { user, phone, laptop, sockets };
  }
  const post = (url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

  it('signing out closes that session’s sockets only', async () => {
    const { phone, sockets } = await devices();
    const phoneClosed = untilClosed(sockets.phone);
    expect((await post('/api/auth/logout', phone)).statusCode).toBe(200);
    expect(await phoneClosed).toEqual(closedByServer);
    expect([sockets.laptop.connected, sockets.stranger.connected]).toEqual([true, true]);
  });

  it('signing out everywhere closes every socket of the account, no one else’s', async () => {
    const { phone, sockets } = await devices();
    const closed = [untilClosed(sockets.phone), untilClosed(sockets.laptop)];
    expect((await post('/api/auth/logout-all', phone)).statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual([closedByServer, closedByServer]);
    expect(sockets.stranger.connected).toBe(true);
  });

  it('a new password closes every socket of the account, also one opened by whoever had it before', async () => {
    const { user, sockets } = await devices();
    const closed = [untilClosed(sockets.phone), untilClosed(sockets.laptop)];
    await post('/api/auth/forgot-password', undefined, { email: user.email });
    await t.app.ctx.jobs.drain();
    const oobCode = t.mailer.lastCode(user.email);
    const reset = await post('/api/auth/reset-password', undefined, {
      oobCode,
      newPassword: 'nova-senha-forte',
    });
    expect(reset.statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual([closedByServer, closedByServer]);
    expect(sockets.stranger.connected).toBe(true);
  });

  it('a suspension closes every socket of the account', async () => {
    const { user, sockets } = await devices();
    const closed = [untilClosed(sockets.phone), untilClosed(sockets.laptop)];
    const reporter = await signedInAs(t.app, await createUser(t.app));
    expect((await post(`/api/users/${user.id}/report`, reporter, { reason: 'spam' })).statusCode).toBe(201);
    const admin = await signedInAs(t.app, await createUser(t.app, { userType: 'admin' }));
    const open = await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: { cookie: admin } });
    const [report] = open.json().data;
    const resolved = await post(`/api/admin/reports/${report.id}/resolve`, admin, { action: 'suspend' });
    expect(resolved.statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual([closedByServer, closedByServer]);
    expect(sockets.stranger.connected).toBe(true);
  });
});

describe.runIf(process.env.REDIS_URL)('realtime across two server processes (Redis adapter)', () => {
  it('delivers an event emitted by one process to a socket held by the other', async () => {
    const redisUrl = process.env.REDIS_URL;
    const one = await buildTestApp({ redisUrl });
    const two = await buildTestApp({ redisUrl });
    try {
      const twoBase = await listenOnFreePort(two);
      const user = await createUser(two.app);
      const socket = open({ cookie: await signedInAs(two.app, user), origin: twoBase }, twoBase);
      expect(await outcome(socket)).toBe('connected');
      const received = new Promise<boolean>((resolve) => socket.on('session:ended', () => resolve(true)));
      one.app.ctx.realtime.toUser(user.id, 'session:ended');
      expect(await received).toBe(true);
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await one.app.close();
      await two.app.close();
    }
  });

  it('signs a user out on every process: a logout on one is not served from the other’s memory', async () => {
    await onTwoProcesses(async (one, two) => {
      const user = await createUser(one.app);
      const cookie = await signedInAs(one.app, user);
      const me = (app: TestApp['app']) =>
        app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect((await me(two.app)).statusCode).toBe(200);
      await one.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      await vi.waitFor(async () => expect((await me(two.app)).statusCode).toBe(401), { timeout: 2_000 });
    });
  });

  it('signs out of every device on every process: logout-all on one ends the other’s sessions and sockets', async () => {
    await onTwoProcesses(async (one, two) => {
      const user = await createUser(one.app);
      const [phone, laptop] = [await signedInAs(one.app, user), await signedInAs(one.app, user)];
      const me = (app: TestApp['app'], cookie: string) =>
        app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect((await me(two.app, laptop)).statusCode).toBe(200);
      const twoBase = await listenOnFreePort(two);
      const socket = open({ cookie: laptop, origin: twoBase }, twoBase);
      expect(await outcome(socket)).toBe('connected');
      const ended = new Promise<boolean>((resolve) => socket.on('session:ended', () => resolve(true)));
      await one.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { cookie: phone } });
      expect(await ended).toBe(true);
      await vi.waitFor(async () => expect((await me(two.app, laptop)).statusCode).toBe(401), {
        timeout: 2_000,
      });
      socket.disconnect();
    });
  });

  it('shows a like made on one process at the next feed read on the other', async () => {
    await onTwoProcesses(async (one, two) => {
      const reader = await signedInAs(one.app, await createUser(one.app));
      const liker = await signedInAs(one.app, await createUser(one.app));
      const post = await createPost(one.app, await createUser(one.app));
      const firstPost = async () =>
        (await two.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie: reader } })).json()
          .data[0];
      expect(await firstPost()).toMatchObject({ id: post.id, likesCount: 0 });
      await one.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: { cookie: liker } });
      await vi.waitFor(async () => expect(await firstPost()).toMatchObject({ likesCount: 1 }), {
        timeout: 2_000,
      });
    });
  });
});
