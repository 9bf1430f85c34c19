import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadConfig } from '../config.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.app.close()));
});

async function node(redisUrl: string | undefined, redisKeyPrefix: string): Promise<TestApp> {
  const t = await buildTestApp({
    redisUrl,
    redisKeyPrefix,
    rateLimits: { ...loadConfig({}).rateLimits, authPerIpPer15Min: 3 },
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
    // Another address has its own count.
    const other = await two.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'alguem@exemplo.com.br' },
      remoteAddress: '198.51.100.21',
    });
    expect(other.statusCode).toBe(200);
  });
});
