import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { RATE_LIMIT_MESSAGES } from '@estudai/contract';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { as, createPost, createUser } from '../../test/factories.ts';
import { loadConfig } from '../config.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.app.close()));
});

async function node(redisUrl: string | undefined, redisKeyPrefix: string): Promise<TestApp> {
  const t = await buildTestApp({
    redisUrl,
    redisKeyPrefix,
    rateLimits: {
      ...loadConfig({}).rateLimits,
      authPerIpPer15Min: 3,
      postsPerAccountPerMinute: 2,
      commentsPerAccountPerMinute: 2,
      resolutionsPerAccountPerMinute: 2,
      essaysPerAccountPerHour: 2,
    },
  });
  apps.push(t);
  return t;
}

const forgot = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'alguem@exemplo.com.br' },
    remoteAddress: '198.51.100.20',
  });

describe('rate limits without Redis', () => {
  it('counts in each process apart', async () => {
    const prefix = `estudai-test-${randomUUID()}:`;
    const [one, two] = [await node(undefined, prefix), await node(undefined, prefix)];
    const statuses = [];
    for (const t of [one, two, one, two]) statuses.push((await forgot(t)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});

describe.runIf(process.env.REDIS_URL)('rate limits shared through Redis (node-redis)', () => {
  it('counts requests spread over two processes once', async () => {
    const prefix = `estudai-test-${randomUUID()}:`;
    const [one, two] = [await node(process.env.REDIS_URL, prefix), await node(process.env.REDIS_URL, prefix)];
    const replies = [];
    for (const t of [one, two, one, two]) replies.push(await forgot(t));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 429]);
    expect(replies[3]?.json().code).toBe('RATE_LIMITED');
    expect(Number(replies[3]?.headers['retry-after'])).toBeGreaterThan(800);
    // Another IP has its own count (for another e-mail: this one had its 3 reset mails of the hour).
    const other = await two.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'outra-pessoa@exemplo.com.br' },
      remoteAddress: '198.51.100.21',
    });
    expect(other.statusCode).toBe(200);
  });
});

const post = (t: TestApp, cookie: string, content = 'Revisão de química orgânica') =>
  t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { cookie },
    payload: { type: 'text', content },
  });

const forgotFrom = (t: TestApp, email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });

describe('named limits per account and per address', () => {
  it('refuses the posts and comments of an account past their ceiling, in pt-BR, and no other account', async () => {
    const t = await node(undefined, `estudai-test-${randomUUID()}:`);
    const [ana, bruno] = [await as(t.app, await createUser(t.app)), await as(t.app, await createUser(t.app))];
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(t, ana.cookie, `Resumo ${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 429]);
    const refused = await post(t, ana.cookie);
    expect(refused.json()).toEqual({ error: RATE_LIMIT_MESSAGES.posts, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(t, bruno.cookie)).statusCode).toBe(201);

    const target = await createPost(t.app, await createUser(t.app));
    const comment = () => bruno.post(`/api/posts/${target.id}/comments`, { content: 'Boa!' });
    expect([(await comment()).statusCode, (await comment()).statusCode]).toEqual([201, 201]);
    const third = await comment();
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe(RATE_LIMIT_MESSAGES.comments);
  });

  it('refuses the resolutions and the essays of an account past their ceiling, in pt-BR, and no other account', async () => {
    const t = await node(undefined, `estudai-test-${randomUUID()}:`);
    const teacher = await createUser(t.app, { userType: 'professor', isVerified: true });
    const [carla, ana] = [await as(t.app, teacher), await as(t.app, await createUser(t.app))];
    const question = await createPost(t.app, teacher, {
      type: 'question',
      questionData: {
        question: 'Qual é o zero de f(x) = 2x − 6?',
        options: ['3', '6', '−3', '2'],
        correctAnswer: 0,
        explanation: 'Basta resolver 2x − 6 = 0.',
        subject: 'matematica',
        topic: 'Funções',
      },
    });
    const resolve = () =>
      carla.post(`/api/posts/${question.id}/resolutions`, { content: 'Isole x: 2x = 6, logo x = 3.' });
    expect([(await resolve()).statusCode, (await resolve()).statusCode]).toEqual([201, 201]);
    const third = await resolve();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: RATE_LIMIT_MESSAGES.resolutions, code: 'RATE_LIMITED' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    const prompt = await carla.post('/api/essay-prompts', {
      title: 'Os desafios do acesso à internet nas escolas',
      motivatingTexts: [{ text: 'Metade das escolas públicas tem internet lenta ou nenhuma.' }],
    });
    expect(prompt.statusCode).toBe(201);
    const start = (who: typeof ana) => who.post('/api/essays', { promptId: prompt.json().data.id });
    expect([(await start(ana)).statusCode, (await start(ana)).statusCode]).toEqual([201, 201]);
    const refused = await start(ana);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: RATE_LIMIT_MESSAGES.essays, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // Nothing was stored by the refused call, and another account starts one.
    expect((await ana.get('/api/essays')).json().data).toHaveLength(2);
    expect((await start(carla)).statusCode).toBe(201);
  });

  it('sends at most 3 password-reset mails an hour to one address, however many IPs ask', async () => {
    const t = await node(undefined, `estudai-test-${randomUUID()}:`);
    const statuses = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'])
      statuses.push((await forgotFrom(t, 'Vitima@Exemplo.com.br', ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await forgotFrom(t, 'vitima@exemplo.com.br', '198.51.100.5');
    expect(refused.json()).toEqual({ error: RATE_LIMIT_MESSAGES.passwordResetMails, code: 'RATE_LIMITED' });
    expect((await forgotFrom(t, 'outra@exemplo.com.br', '198.51.100.5')).statusCode).toBe(200);
  });
});

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Redis of this test's own, so it can be stopped mid-run. */
async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return redis;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('redis-server did not start');
}

describe.runIf(hasRedisServer)('shared limits while Redis goes away', () => {
  it('counts across nodes, then in the memory of each process within a short wait, and /api/ready says Redis is down', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    try {
      const prefix = `estudai-test-${randomUUID()}:`;
      const url = `redis://127.0.0.1:${port}`;
      const [one, two] = [await node(url, prefix), await node(url, prefix)];
      const user = await createUser(one.app);
      const ana = await as(one.app, user);
      // Each test app has a database of its own: the same account in the second one.
      await createUser(two.app, { id: user.id, email: user.email, username: user.username });
      const anaOnTwo = await as(two.app, user);
      // Shared: two posts on two nodes make the ceiling.
      expect([
        (await post(one, ana.cookie)).statusCode,
        (await post(two, anaOnTwo.cookie)).statusCode,
      ]).toEqual([201, 201]);
      expect((await post(one, ana.cookie)).statusCode).toBe(429);

      redis.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const bruno = await as(one.app, await createUser(one.app));
      const timed = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const reply = await post(one, bruno.cookie, `Sem Redis ${i}`);
        timed.push({ status: reply.statusCode, ms: performance.now() - started });
      }
      // Never open: counted in this process's memory, refused past the ceiling.
      expect(timed.map((call) => call.status)).toEqual([201, 201, 429]);
      for (const call of timed) expect(call.ms).toBeLessThan(1_000);
      const started = performance.now();
      const ready = await one.app.inject({ method: 'GET', url: '/api/ready' });
      expect(performance.now() - started).toBeLessThan(2_500);
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error).toBe('O Redis não está respondendo.');
      // The global per-IP limit never asked Redis.
      expect((await one.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      redis.kill('SIGKILL');
      // Redis away: the apps close without waiting for it.
      await Promise.all(apps.splice(0).map((t) => t.app.close()));
    }
  }, 60_000);
});

describe.runIf(hasRedisServer)('reads with REDIS_URL', () => {
  it('serve a signed-in GET without a single Redis command (limits, bus, realtime), while a new post counts there', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const monitor = createClient({ url });
    try {
      const t = await node(url, `estudai-test-${randomUUID()}:`);
      const ana = await as(t.app, await createUser(t.app));
      await createPost(t.app, await createUser(t.app));
      // Every command this Redis (the test's own) receives from now on, from any client.
      const commands: string[] = [];
      await monitor.connect();
      await monitor.monitor((line) => commands.push(line));
      const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
      await settle();
      commands.length = 0;
      for (const path of ['/api/posts?limit=10', '/api/posts?limit=10', '/api/health', '/api/users/me'])
        expect((await ana.get(path)).statusCode, path).toBeLessThan(400);
      await settle();
      expect(commands).toEqual([]);
      // The monitor does see the app: a new post counts in the shared `posts` limit.
      expect((await post(t, ana.cookie)).statusCode).toBe(201);
      await settle();
      expect(commands.some((line) => line.includes('rl:'))).toBe(true);
    } finally {
      monitor.destroy();
      await Promise.all(apps.splice(0).map((t) => t.app.close()));
      redis.kill('SIGKILL');
    }
  }, 60_000);
});
