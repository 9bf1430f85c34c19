import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  ChatMessage,
  ClientToServerEvents,
  RoomEnterAck,
  RoomPresenceEvent,
  ServerToClientEvents,
} from '@estudai/contract';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.ts';
import { follows } from '../../src/db/schema/index.ts';
import { tinyPdf } from '../../src/features/materials/materials.demo.ts';
import { buildTestApp, type TestApp } from '../app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../factories.ts';
import {
  type Cluster,
  type LoadBalancer,
  NODE_HEADER,
  SERVED_BY_HEADER,
  type ServerNode,
  startCluster,
} from './cluster.ts';

// Issue 22, 'Done when': two server processes behind a round-robin proxy on loopback, sharing one
// PostgreSQL database, Redis and an S3 store (s3rver), each with its own DATA_DIR. What one node
// did is seen by the other: uploads, permissions, request limits, live chat.

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const configured = Boolean(databaseUrl && redisUrl);
if (!configured) {
  console.warn(
    'two-nodes.test.ts skipped: it needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL), as in .ci/run.',
  );
}

/** The sign-in limit per address the nodes run with: low, so the test reaches it quickly. */
const AUTH_LIMIT = 4;
/** How long the nodes wait for a dropped room connection to come back: short, so the test sees it end. */
const ROOM_GRACE_MS = 4_000;

/** The `data` of an answer in the API's envelope. */
const dataOf = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

describe.runIf(configured)('two server processes behind a load balancer', () => {
  let cluster: Cluster;
  let proxy: LoadBalancer;
  let nodes: ServerNode[];
  /** In-process access to the same database, to create users and groups as other tests do. */
  let helper: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    cluster = await startCluster({
      redisUrl: redisUrl ?? '',
      env: {
        AUTH_RATE_LIMIT_PER_15_MIN: String(AUTH_LIMIT),
        ROOM_PRESENCE_GRACE_MS: String(ROOM_GRACE_MS),
      },
    });
    proxy = cluster.balancer;
    nodes = cluster.nodes;
    helper = await buildTestApp({}, { database: await openPostgres(cluster.databaseUrl, { max: 2 }) });
  }, 300_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await helper?.app.close();
    await cluster?.close();
  }, 120_000);

  /** A request through the proxy, to the node `node` names, or to the next in turn. */
  const call = (
    url: string,
    init: {
      method?: string;
      cookie?: string;
      node?: number;
      body?: unknown;
      headers?: Record<string, string>;
    } = {},
  ) =>
    fetch(new URL(url, proxy.url), {
      method: init.method ?? 'GET',
      headers: {
        origin: proxy.url,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.node === undefined ? {} : { [NODE_HEADER]: String(init.node) }),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  it('serves on node 2 an avatar uploaded through node 1, from the shared store', async () => {
    const cookie = await signedInAs(helper.app, await createUser(helper.app));
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const saved = await call('/api/users/me', {
      method: 'PATCH',
      cookie,
      node: 0,
      body: { avatar: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get(SERVED_BY_HEADER)).toBe('0');
    const { avatar } = await dataOf<{ avatar: string }>(saved);
    expect(avatar).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/);

    const served = await call(avatar, { node: 1 });
    expect(served.status).toBe(200);
    expect(served.headers.get(SERVED_BY_HEADER)).toBe('1');
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // Not on either node's disk: only in the store.
    for (const node of nodes)
      expect(fs.existsSync(path.join(node.dataDir, 'uploads', 'avatars'))).toBe(false);
  });

  it('refuses a members-only PDF to a non-member on both nodes, and streams it to a member from either', async () => {
    const owner = await createUser(helper.app, { userType: 'professor' });
    const member = await createUser(helper.app);
    const group = await createGroup(helper.app, owner);
    await addMember(helper.app, group, member);
    const pdf = tinyPdf('Lista compartilhada');
    const form = new FormData();
    form.append('title', 'Lista compartilhada');
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'lista.pdf');
    const uploaded = await fetch(new URL(`/api/study-groups/${group.id}/materials`, proxy.url), {
      method: 'POST',
      headers: { origin: proxy.url, cookie: await signedInAs(helper.app, owner), [NODE_HEADER]: '0' },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { fileUrl } = await dataOf<{ fileUrl: string }>(uploaded);

    const outsider = await signedInAs(helper.app, await createUser(helper.app));
    const memberCookie = await signedInAs(helper.app, member);
    for (const node of [0, 1]) {
      const refused = await call(fileUrl, { cookie: outsider, node });
      expect(refused.headers.get(SERVED_BY_HEADER)).toBe(String(node));
      expect(refused.status).toBe(403);
      expect(Buffer.from(await refused.arrayBuffer()).includes(Buffer.from('%PDF-'))).toBe(false);
      const anonymous = await call(fileUrl, { node });
      expect(anonymous.status).toBe(401);
      await anonymous.arrayBuffer();

      const allowed = await call(fileUrl, { cookie: memberCookie, node });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await allowed.arrayBuffer()).equals(pdf)).toBe(true);
    }
  });

  it('counts sign-in attempts spread over both nodes once (the limit lives in Redis)', async () => {
    // An address of its own (documentation range), so earlier runs and other tests count apart. The
    // limit counts an IPv6 address by its /64 network, so the random part is in the network's bits.
    const address = `2001:db8:${randomBytes(4)
      .toString('hex')
      .replace(/(....)(....)/, '$1:$2')}::1`;
    const attempt = () =>
      call('/api/auth/login', {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        body: { email: 'ninguem@exemplo.com.br', password: 'senha-errada-123' },
      });
    const answers: { status: number; node: string | null }[] = [];
    for (let i = 0; i <= AUTH_LIMIT; i++) {
      const res = await attempt();
      answers.push({ status: res.status, node: res.headers.get(SERVED_BY_HEADER) });
      await res.arrayBuffer();
    }
    // Round robin: both nodes took some of the attempts.
    expect(new Set(answers.map((answer) => answer.node))).toEqual(new Set(['0', '1']));
    expect(answers.slice(0, AUTH_LIMIT).map((answer) => answer.status)).not.toContain(429);
    // Each node saw at most three: counted per process, the fifth would pass.
    expect(answers.at(-1)?.status).toBe(429);
  });

  it('delivers a chat message sent through node 1 to a socket held by node 2', async () => {
    const [ana, bruno] = [await createUser(helper.app), await createUser(helper.app)];
    await helper.app.ctx.database.db.insert(follows).values([
      { followerId: ana.id, followingId: bruno.id },
      { followerId: bruno.id, followingId: ana.id },
    ]);
    const anaCookie = await signedInAs(helper.app, ana);
    const started = await call('/api/chat/conversations', {
      method: 'POST',
      cookie: anaCookie,
      node: 0,
      body: { otherUserId: bruno.id },
    });
    expect(started.status).toBe(201);
    const { id: conversationId } = await dataOf<{ id: string }>(started);

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(proxy.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: {
        cookie: await signedInAs(helper.app, bruno),
        origin: proxy.url,
        [NODE_HEADER]: '1',
      },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    expect(proxy.log.filter((entry) => entry.kind === 'websocket').at(-1)?.node).toBe(1);
    const received = new Promise<ChatMessage>((resolve) => socket.once('chat:message', resolve));

    const sent = await call(`/api/chat/conversations/${conversationId}/messages`, {
      method: 'POST',
      cookie: anaCookie,
      node: 0,
      body: { content: 'Oi, Bruno! Vamos revisar cinemática?' },
    });
    expect(sent.status).toBe(201);
    expect(sent.headers.get(SERVED_BY_HEADER)).toBe('0');
    const message = await Promise.race([
      received,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no message within 10 s')), 10_000),
      ),
    ]);
    expect(message).toMatchObject({ conversationId, content: 'Oi, Bruno! Vamos revisar cinemática?' });
  });

  /** A socket of `user` held by node `node`, connected. */
  async function socketOn(node: number, user: Awaited<ReturnType<typeof createUser>>) {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(proxy.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: {
        cookie: await signedInAs(helper.app, user),
        origin: proxy.url,
        [NODE_HEADER]: String(node),
      },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    expect(proxy.log.filter((entry) => entry.kind === 'websocket').at(-1)?.node).toBe(node);
    return socket;
  }

  it('shows on node 2 a student entering a study room on node 1 within 2 s, and no leave for a reconnect to the other node within the grace', async () => {
    const ana = await createUser(helper.app, { displayName: 'Ana Souza' });
    const bruno = await createUser(helper.app, { displayName: 'Bruno Lima' });
    const rooms = await call('/api/rooms?kind=public', { cookie: await signedInAs(helper.app, ana) });
    expect(rooms.status).toBe(200);
    const roomId = (await dataOf<{ id: string }[]>(rooms))[0]!.id;
    const enter = (socket: Socket<ServerToClientEvents, ClientToServerEvents>) =>
      new Promise<RoomEnterAck>((resolve) => socket.emit('room:enter', roomId, resolve));

    // Bruno is in the room on node 2 and hears its presence updates there.
    const brunoSocket = await socketOn(1, bruno);
    const heard: RoomPresenceEvent[] = [];
    brunoSocket.on('room:presence', (event) => heard.push(event));
    expect((await enter(brunoSocket)).ok).toBe(true);
    const heardAt = (check: (event: RoomPresenceEvent) => boolean, withinMs: number) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const poll = setInterval(() => {
          if (heard.some(check)) {
            clearInterval(poll);
            resolve(performance.now() - started);
          } else if (performance.now() - started > withinMs) {
            clearInterval(poll);
            reject(new Error(`not heard within ${withinMs} ms: ${JSON.stringify(heard)}`));
          }
        }, 20);
      });

    // Ana enters on node 1: node 2 shows her within 2 s.
    const anaSocket = await socketOn(0, ana);
    const seen = heardAt((event) => event.joined.some((present) => present.userId === ana.id), 2_000);
    expect((await enter(anaSocket)).ok).toBe(true);
    expect(await seen).toBeLessThan(2_000);

    // Her connection to node 1 drops and she is back through node 2 within the grace: node 1's
    // grace ends finding her socket on node 2 (through Redis), so nobody sees her leave.
    heard.length = 0;
    anaSocket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const anaAgain = await socketOn(1, ana);
    expect((await enter(anaAgain)).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, ROOM_GRACE_MS + 2_000));
    expect(heard.flatMap((event) => event.left)).toEqual([]);

    // Away for longer than the grace: the leave is shown.
    anaAgain.disconnect();
    await heardAt((event) => event.left.includes(ana.id), ROOM_GRACE_MS + 3_000);
  }, 30_000);
});
