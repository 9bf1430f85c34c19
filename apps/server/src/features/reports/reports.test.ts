import { REPORT_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import { reports } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

const report = (cookie: string, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/report`, headers: { cookie }, payload });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('POST /api/users/{id}/report', () => {
  it('files a report and answers the message the toast shows', async () => {
    const ana = await createUser(t.app);
    const spammer = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    expect((await get(cookie, `/api/reports/check/${spammer.id}`)).json().data).toEqual({
      hasReported: false,
    });

    const res = await report(cookie, spammer.id, { reason: 'spam' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ message: REPORT_MESSAGES.sent });
    const [row] = await t.app.ctx.database.db.select().from(reports);
    expect(row).toMatchObject({ reporterId: ana.id, targetId: spammer.id, reason: 'spam', status: 'open' });
    expect((await get(cookie, `/api/reports/check/${spammer.id}`)).json().data).toEqual({
      hasReported: true,
    });
  });

  it.each(['spam', 'conteudo_inadequado', 'assedio', 'informacoes_falsas', 'violacao_direitos'])(
    'accepts the reason %s without a description',
    async (reason) => {
      const cookie = await signedInAs(t.app, await createUser(t.app));
      expect((await report(cookie, (await createUser(t.app)).id, { reason })).statusCode).toBe(201);
    },
  );

  it("requires a description for 'outro', trims it, and caps it at 1,000 characters", async () => {
    const cookie = await signedInAs(t.app, await createUser(t.app));
    const target = await createUser(t.app);
    for (const payload of [{ reason: 'outro' }, { reason: 'outro', description: '   ' }]) {
      const res = await report(cookie, target.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(REPORT_MESSAGES.descriptionRequired);
    }
    const long = await report(cookie, target.id, { reason: 'outro', description: 'x'.repeat(1_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(REPORT_MESSAGES.descriptionLong);
    const ok = await report(cookie, target.id, { reason: 'outro', description: `  ${'y'.repeat(1_000)}  ` });
    expect(ok.statusCode).toBe(201);
    const [row] = await t.app.ctx.database.db.select().from(reports);
    expect(row?.description).toBe('y'.repeat(1_000));
  });

  it('refuses an unknown reason and unknown fields', async () => {
    const cookie = await signedInAs(t.app, await createUser(t.app));
    const target = await createUser(t.app);
    expect((await report(cookie, target.id, { reason: 'chato' })).statusCode).toBe(400);
    expect((await report(cookie, target.id, { reason: 'spam', status: 'suspended' })).statusCode).toBe(400);
  });

  it('refuses reporting twice (409) with the message of spec §8', async () => {
    const cookie = await signedInAs(t.app, await createUser(t.app));
    const target = await createUser(t.app);
    expect((await report(cookie, target.id, { reason: 'spam' })).statusCode).toBe(201);
    const again = await report(cookie, target.id, { reason: 'assedio' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REPORT_MESSAGES.alreadyReported, code: 'ALREADY_REPORTED' });
  });

  it('keeps one report when the same one is sent twice at once', async () => {
    const cookie = await signedInAs(t.app, await createUser(t.app));
    const target = await createUser(t.app);
    const replies = await Promise.all([
      report(cookie, target.id, { reason: 'spam' }),
      report(cookie, target.id, { reason: 'spam' }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.app.ctx.database.db.select().from(reports)).toHaveLength(1);
  });

  it('refuses a 6th report in 24 hours (429) and the integrity check says why', async () => {
    const ana = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    expect((await get(cookie, '/api/reports/integrity/me')).json().data).toEqual({
      canReport: true,
      message: REPORT_MESSAGES.canReport,
    });
    for (let i = 0; i < 5; i++) {
      expect((await report(cookie, (await createUser(t.app)).id, { reason: 'spam' })).statusCode).toBe(201);
    }
    const sixth = await report(cookie, (await createUser(t.app)).id, { reason: 'spam' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: REPORT_MESSAGES.limit, code: 'REPORT_LIMIT' });
    expect((await get(cookie, '/api/reports/integrity/me')).json().data).toEqual({
      canReport: false,
      message: REPORT_MESSAGES.limit,
    });
  });

  it('counts only the last 24 hours', async () => {
    const ana = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    const { db } = t.app.ctx.database;
    const yesterday = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (let i = 0; i < 5; i++) {
      const target = await createUser(t.app);
      await db
        .insert(reports)
        .values({ reporterId: ana.id, targetId: target.id, reason: 'spam', createdAt: yesterday });
    }
    expect((await get(cookie, '/api/reports/integrity/me')).json().data.canReport).toBe(true);
    expect((await report(cookie, (await createUser(t.app)).id, { reason: 'spam' })).statusCode).toBe(201);
  });

  it('refuses reporting oneself (400) and unknown users (404)', async () => {
    const ana = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    const self = await report(cookie, ana.id, { reason: 'spam' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(REPORT_MESSAGES.cannotReportSelf);
    expect((await report(cookie, 'me', { reason: 'spam' })).statusCode).toBe(400);
    expect(
      (await report(cookie, '00000000-0000-4000-8000-000000000001', { reason: 'spam' })).statusCode,
    ).toBe(404);
    expect((await get(cookie, '/api/reports/check/nao-existe')).statusCode).toBe(404);
  });

  it('needs a verified user for every report call', async () => {
    const target = await createUser(t.app);
    for (const [method, url] of [
      ['POST', `/api/users/${target.id}/report`],
      ['GET', `/api/reports/check/${target.id}`],
      ['GET', '/api/reports/integrity/me'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'POST' ? { reason: 'spam' } : undefined }))
          .statusCode,
      ).toBe(401);
    }
  });
});
