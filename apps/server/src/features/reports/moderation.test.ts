import { AUTH_MESSAGES, REPORT_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs, TEST_PASSWORD } from '../../../test/factories.ts';
import { moderationActions, reports, sessions, users } from '../../db/schema/index.ts';

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

const inject = (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

async function reported(reason: 'spam' | 'outro' = 'outro') {
  const reporter = await createUser(t.app, { displayName: 'Ana Denunciante' });
  const target = await createUser(t.app, { displayName: 'Zé Spam' });
  const res = await inject(await signedInAs(t.app, reporter), 'POST', `/api/users/${target.id}/report`, {
    reason,
    description: 'Manda links de apostas em todo post.',
  });
  expect(res.statusCode).toBe(201);
  const [report] = await t.app.ctx.database.db.select().from(reports).where(eq(reports.targetId, target.id));
  return { reporter, target, report: report! };
}

describe('moderation API', () => {
  it('lists open reports, oldest first, with reporter, target, reason, description and age', async () => {
    const admin = await createUser(t.app, { userType: 'admin' });
    const first = await reported();
    const second = await reported('spam');
    const res = await inject(await signedInAs(t.app, admin), 'GET', '/api/admin/reports');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasMore: false });
    expect(res.json().data).toEqual([
      {
        id: first.report.id,
        reason: 'outro',
        description: 'Manda links de apostas em todo post.',
        createdAt: first.report.createdAt.toISOString(),
        reporter: expect.objectContaining({ id: first.reporter.id, displayName: 'Ana Denunciante' }),
        target: expect.objectContaining({ id: first.target.id, displayName: 'Zé Spam', reportsCount: 1 }),
        urgent: false,
        content: null,
        contest: null,
      },
      expect.objectContaining({ id: second.report.id, reason: 'spam' }),
    ]);
  });

  it('answers 404 to a non-admin calling any moderation call (403 for the audit log, issue 43), and 401 to nobody', async () => {
    const { report } = await reported();
    const professor = await signedInAs(t.app, await createUser(t.app, { userType: 'professor' }));
    for (const [method, url, status] of [
      ['GET', '/api/admin/reports', 404],
      ['GET', '/api/admin/moderation-actions', 403],
      ['POST', `/api/admin/reports/${report.id}/resolve`, 404],
    ] as const) {
      const res = await inject(professor, method, url, method === 'POST' ? { action: 'suspend' } : undefined);
      expect(res.statusCode, url).toBe(status);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    const [after] = await t.app.ctx.database.db.select().from(reports);
    expect(after?.status).toBe('open');
  });

  it('dismisses and warns, keeping who decided and when in the audit log', async () => {
    const admin = await createUser(t.app, { userType: 'admin', displayName: 'Equipe' });
    const cookie = await signedInAs(t.app, admin);
    const one = await reported();
    const two = await reported();

    const dismissed = await inject(cookie, 'POST', `/api/admin/reports/${one.report.id}/resolve`, {
      action: 'dismiss',
    });
    expect(dismissed.json().data).toEqual({ message: REPORT_MESSAGES.resolved.dismiss });
    const warned = await inject(cookie, 'POST', `/api/admin/reports/${two.report.id}/resolve`, {
      action: 'warn',
      note: ' Primeira advertência ',
    });
    expect(warned.statusCode).toBe(200);

    const rows = await t.app.ctx.database.db.select().from(reports);
    expect(rows.find((r) => r.id === one.report.id)).toMatchObject({
      status: 'dismissed',
      resolvedBy: admin.id,
    });
    expect(rows.find((r) => r.id === two.report.id)?.resolvedAt).toBeInstanceOf(Date);
    const [target] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, two.target.id));
    expect(target?.suspendedAt).toBeNull();

    const log = (await inject(cookie, 'GET', '/api/admin/moderation-actions')).json().data;
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      reportId: two.report.id,
      action: 'warn',
      note: 'Primeira advertência',
      admin: { id: admin.id, displayName: 'Equipe' },
      target: { id: two.target.id },
    });
    expect((await inject(cookie, 'GET', '/api/admin/reports')).json().data).toEqual([]);
  });

  it('suspends: the account cannot sign in, its sessions end, its posts leave the feed, its other reports close', async () => {
    const admin = await createUser(t.app, { userType: 'admin' });
    const adminCookie = await signedInAs(t.app, admin);
    const { target, report } = await reported();
    const other = await createUser(t.app);
    await inject(await signedInAs(t.app, other), 'POST', `/api/users/${target.id}/report`, {
      reason: 'spam',
    });
    const targetCookie = await signedInAs(t.app, target);
    expect((await inject(targetCookie, 'GET', '/api/users/me')).statusCode).toBe(200);
    await createPost(t.app, target, { content: 'Aposte aqui!' });
    const viewer = await signedInAs(t.app, await createUser(t.app));
    const feedBefore = (await inject(viewer, 'GET', '/api/posts')).json().data;
    expect(feedBefore.map((p: { content: string }) => p.content)).toContain('Aposte aqui!');

    const res = await inject(adminCookie, 'POST', `/api/admin/reports/${report.id}/resolve`, {
      action: 'suspend',
    });
    expect(res.json().data).toEqual({ message: REPORT_MESSAGES.resolved.suspend });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: AUTH_MESSAGES.accountSuspended, code: 'ACCOUNT_SUSPENDED' });
    expect((await inject(targetCookie, 'GET', '/api/users/me')).statusCode).toBe(401);
    const db = t.app.ctx.database.db;
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.id))).toEqual([]);
    const feedAfter = (await inject(viewer, 'GET', '/api/posts')).json().data;
    expect(feedAfter.map((p: { content: string }) => p.content)).not.toContain('Aposte aqui!');
    expect((await inject(viewer, 'GET', `/api/users/${target.id}`)).statusCode).toBe(404);

    const targetReports = await db.select().from(reports).where(eq(reports.targetId, target.id));
    expect(targetReports.map((r) => r.status)).toEqual(['suspended', 'suspended']);
    expect(await db.select().from(moderationActions)).toHaveLength(2);
    expect((await inject(adminCookie, 'GET', '/api/admin/reports')).json().data).toEqual([]);
  });

  it('refuses resolving twice (409), an unknown report (404), an unknown action (400) and suspending an admin', async () => {
    const admin = await createUser(t.app, { userType: 'admin' });
    const cookie = await signedInAs(t.app, admin);
    const { report } = await reported();
    const url = `/api/admin/reports/${report.id}/resolve`;
    expect((await inject(cookie, 'POST', url, { action: 'banir' })).statusCode).toBe(400);
    expect((await inject(cookie, 'POST', url, { action: 'dismiss' })).statusCode).toBe(200);
    const again = await inject(cookie, 'POST', url, { action: 'suspend' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(REPORT_MESSAGES.alreadyResolved);
    expect(
      (
        await inject(cookie, 'POST', '/api/admin/reports/00000000-0000-4000-8000-000000000000/resolve', {
          action: 'warn',
        })
      ).statusCode,
    ).toBe(404);

    const otherAdmin = await createUser(t.app, { userType: 'admin' });
    await inject(
      await signedInAs(t.app, await createUser(t.app)),
      'POST',
      `/api/users/${otherAdmin.id}/report`,
      {
        reason: 'spam',
      },
    );
    const [adminReport] = await t.app.ctx.database.db
      .select()
      .from(reports)
      .where(eq(reports.targetId, otherAdmin.id));
    const refused = await inject(cookie, 'POST', `/api/admin/reports/${adminReport!.id}/resolve`, {
      action: 'suspend',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(REPORT_MESSAGES.cannotSuspendAdmin);
  });
});
