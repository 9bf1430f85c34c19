import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestApp } from '../test/app.ts';
import { createPost, createUser, signedInAs } from '../test/factories.ts';
import { loadConfig } from './config.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close().catch(() => {});
  t = undefined;
});

describe('health and readiness', () => {
  it('answers liveness without the database and readiness with it', async () => {
    t = await buildTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      data: { status: 'ok' },
    });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.status).toBe('ok');
  });

  it('reports not ready (503) when the database stops answering', async () => {
    // Its own database, since this test closes it (the file's one is shared by its tests).
    t = await buildTestApp({}, { database: await openTestDatabase() });
    await t.app.ctx.database.close();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'O banco de dados não está respondendo.', code: 'UNAVAILABLE' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    t.app.ctx.database.close = async () => {};
  });
});

describe('security headers', () => {
  it('sends CSP with frame-ancestors none, nosniff and a referrer policy', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps no answer of the JSON API in any cache (issue 37), errors included', async () => {
    t = await buildTestApp();
    for (const url of ['/api/health', '/api/users/me', '/api/posts/nao-existe']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
  });

  it('marks the session cookie Secure when the public address is https', async () => {
    t = await buildTestApp({ publicUrl: 'https://estudai.com.br', secureCookies: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        displayName: 'Ana',
        email: 'ana@exemplo.com',
        password: 'girassol-no-enem',
        profile: 'aluno',
        birthDate: '2001-09-17',
      },
    });
    expect(res.cookies.find((c) => c.name === 'estudai_session')?.secure).toBe(true);
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});

describe('routing', () => {
  it('answers an unknown API path with the JSON 404 envelope', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/nada-aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso não encontrado.', code: 'NOT_FOUND' });
  });

  it('serves the web app for any page path so the browser router decides', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Estudaí</title>');
    t = await buildTestApp({ webDist });
    for (const url of ['/', '/study-groups/123', '/nope', '/auth/mgmt?mode=verifyEmail']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Estudaí</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    fs.rmSync(webDist, { recursive: true });
  });

  it('sends `/` with the feed preloaded to a browser with a session cookie, and only `/`', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Estudaí</title>');
    fs.writeFileSync(
      path.join(webDist, 'index.signed-in.html'),
      '<!doctype html><title>Estudaí</title><link rel="modulepreload" href="/assets/feed.js">',
    );
    t = await buildTestApp({ webDist });
    const { app } = t;
    const page = (url: string, cookie?: string) =>
      app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    const signedIn = await page('/', 'estudai_session=abc');
    expect(signedIn.body).toContain('modulepreload');
    expect(signedIn.headers.vary).toContain('cookie');
    expect((await page('/')).body).not.toContain('modulepreload');
    expect((await page('/chat', 'estudai_session=abc')).body).not.toContain('modulepreload');
    fs.rmSync(webDist, { recursive: true });
  });

  it('rate-limits the API per IP but never the app’s own files', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Estudaí</title>');
    t = await buildTestApp({ webDist, rateLimits: { ...loadConfig({}).rateLimits, globalPerMinute: 2 } });
    const pages = await Promise.all([1, 2, 3, 4].map(() => t?.app.inject({ method: 'GET', url: '/grupos' })));
    expect(pages.map((res) => res?.statusCode)).toEqual([200, 200, 200, 200]);
    const api = [];
    for (let i = 0; i < 3; i++)
      api.push((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode);
    expect(api).toEqual([200, 200, 429]);
    fs.rmSync(webDist, { recursive: true });
  });

  it('compresses API replies for a client that accepts it, small ones aside', async () => {
    t = await buildTestApp();
    const { app } = t;
    const ana = await createUser(app);
    for (let i = 0; i < 10; i++) await createPost(app, ana);
    const cookie = await signedInAs(app, ana);
    const feed = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/posts?limit=10',
        headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });

    const plain = await feed();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(10);

    // A browser's header: gzip, the first preference on a tie (decision 069).
    const gzip = await feed('gzip, deflate, br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const br = await feed('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    // A few bytes are not worth the work: sent as they are.
    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ data: { status: 'ok' } });
  });

  it("gzips a reply with an 8 KiB window, whatever repeats farther back (zlib's blocks under glibc's 32 KiB)", async () => {
    t = await buildTestApp();
    const { app } = t;
    const ana = await createUser(app);
    // Ten texts of 1 KiB written twice, ten posts apart: each repeat lies about 14 KiB back in the list.
    const texts = Array.from(
      { length: 10 },
      (_, i) => `Resumo ${i}: ${crypto.randomBytes(600).toString('base64')}`,
    );
    for (const content of [...texts, ...texts]) await createPost(app, ana, { content });
    const cookie = await signedInAs(app, ana);
    const res = await app.inject({
      method: 'GET',
      url: `/api/users/${ana.id}/posts?limit=20`,
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    // zlib's default 32 KiB window would reach those repeats, and an 8 KiB inflater would refuse them.
    const page = JSON.parse(zlib.gunzipSync(res.rawPayload, { windowBits: 13 }).toString());
    expect(page.data).toHaveLength(20);
    expect(() => zlib.gunzipSync(zlib.gzipSync(JSON.stringify(page)), { windowBits: 13 })).toThrow();
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/login');
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new ones, then closes the database', async () => {
    t = await buildTestApp({}, { database: await openTestDatabase() });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived!: () => void;
    const reachedHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    t.app.get('/api/test-slow', async () => {
      arrived();
      await released;
      return { data: 'terminou' };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/api/test-slow`);
    await reachedHandler;
    const closing = t.app.close();
    const late = await fetch(`${base}/api/health`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: 'terminou' });
    await closing;
    await expect(t.app.ctx.database.ping()).rejects.toThrow();
    t = undefined;
  });
});
