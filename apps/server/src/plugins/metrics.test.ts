import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/app.ts';
import { createUser, signedInAs } from '../../test/factories.ts';

const TOKEN = 'token-de-metricas-bem-comprido';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close().catch(() => {});
  t = undefined;
});

const metrics = (app: TestApp['app'], authorization?: string) =>
  app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

describe('GET /api/metrics', () => {
  it('does not exist without METRICS_TOKEN (404)', async () => {
    t = await buildTestApp();
    const res = await metrics(t.app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso não encontrado.', code: 'NOT_FOUND' });
  });

  it('refuses a missing or wrong token (401)', async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer']) {
      const res = await metrics(t.app, header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'Token de métricas ausente ou inválido.',
        code: 'UNAUTHENTICATED',
      });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('counts requests by route pattern and status, with latency, event-loop delay and sockets', async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
    const cookie = await signedInAs(t.app, await createUser(t.app));
    await t.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie } });
    await t.app.inject({ method: 'GET', url: '/api/posts' });
    await t.app.inject({ method: 'GET', url: `/api/posts/${crypto.randomUUID()}`, headers: { cookie } });
    const res = await metrics(t.app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('http_requests_total{method="GET",route="/api/posts",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/posts",status="401"} 1');
    // The pattern, not the address: no series per post id.
    expect(text).toContain('http_requests_total{method="GET",route="/api/posts/:id",status="404"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/posts",status="200"\} 1/,
    );
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^estudai_sockets_connected 0$/m);
  });

  it('shows the job queue depth and the failed tries', async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
    const user = await createUser(t.app);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    let text = (await metrics(t.app, `Bearer ${TOKEN}`)).body;
    expect(text).toContain('estudai_jobs{name="auth.password-reset-mail",state="queued"} 1');
    expect(text).toContain('estudai_jobs{name="mail.send",state="queued"} 0');
    // The SMTP server refuses: the reset job is done, its mail waits for a retry.
    t.mailer.send = async () => {
      throw new Error('SMTP recusou');
    };
    await t.app.ctx.jobs.drain();
    text = (await metrics(t.app, `Bearer ${TOKEN}`)).body;
    expect(text).toContain('estudai_jobs{name="auth.password-reset-mail",state="queued"} 0');
    expect(text).toContain('estudai_jobs{name="mail.send",state="queued"} 1');
    expect(text).toContain('estudai_job_failures_total{name="mail.send"} 1');
  });
});

describe('readiness and outages', () => {
  it('answers 503 in Portuguese, not 500, when the database stops answering', async () => {
    // Its own database, since this test closes it (the file's one is shared by its tests).
    t = await buildTestApp({}, { database: await openTestDatabase() });
    const cookie = await signedInAs(t.app, await createUser(t.app));
    await t.app.ctx.database.close();
    for (const request of [
      { method: 'GET' as const, url: '/api/posts', headers: { cookie } },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { email: 'ana@exemplo.com.br', password: 'uma-senha-qualquer' },
      },
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
        code: 'UNAVAILABLE',
      });
      expect(res.headers['retry-after']).toBe('5');
    }
    t.app.ctx.database.close = async () => {};
  });

  it.runIf(process.env.REDIS_URL)('checks Redis when the processes share it', async () => {
    t = await buildTestApp({ redisUrl: process.env.REDIS_URL });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json().data).toMatchObject({ status: 'ok', redis: 'ok' });
    await t.app.ctx.bus.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: 'O Redis não está respondendo.', code: 'UNAVAILABLE' });
  });
});
