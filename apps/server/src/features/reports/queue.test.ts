// Issue 43: the moderators' queue (reports, images, appeals), bulk decisions, and the append-only log.
import { MODERATION_MESSAGES, moderationQueueSchema } from '@estudai/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createPost, createUser } from '../../../test/factories.ts';
import {
  mediaUploads,
  moderationActions,
  moderationEnforcements,
  reports,
  users,
} from '../../db/schema/index.ts';

const MINUTE = 60 * 1000;
let now = new Date('2026-11-28T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => new Date(now) });
});
beforeEach(async () => {
  now = new Date('2026-11-28T12:00:00Z');
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

const db = () => t.app.ctx.database.db;
type User = Awaited<ReturnType<typeof createUser>>;

async function report(target: User, body: Record<string, unknown>, postId?: string) {
  const reporter = await as(t.app, await createUser(t.app));
  const res = await reporter.post(
    postId ? `/api/posts/${postId}/report` : `/api/users/${target.id}/report`,
    body,
  );
  expect(res.statusCode).toBe(201);
}

describe('GET /api/admin/moderation/queue', () => {
  it('refuses non-moderators the queue and the audit log (403, pt-BR), and nobody (401)', async () => {
    const student = await as(t.app, await createUser(t.app, { userType: 'professor' }));
    for (const url of [
      '/api/admin/moderation/queue',
      '/api/admin/moderation/queue?kind=appeals',
      '/api/admin/moderation-actions',
    ]) {
      const res = await student.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: MODERATION_MESSAGES.moderatorsOnly, code: 'MODERATORS_ONLY' });
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const bulk = await student.post(
      `/api/admin/moderation/users/${(await createUser(t.app)).id}/resolve-reports`,
      {
        action: 'dismiss',
      },
    );
    expect(bulk.statusCode).toBe(403);
  });

  it('lists open reports oldest first with their age, filters by person and reason, and counts each tab', async () => {
    const moderator = await as(t.app, await createUser(t.app, { userType: 'admin' }));
    const ze = await createUser(t.app, { displayName: 'Zé' });
    const lia = await createUser(t.app, { displayName: 'Lia' });
    await report(ze, { reason: 'spam' });
    now = new Date(now.getTime() + 10 * MINUTE);
    await report(lia, { reason: 'assedio' });
    const photo = await createPost(t.app, lia, {
      type: 'photo',
      mediaUrls: ['/media/foto.webp'],
      content: 'Foto',
    });
    now = new Date(now.getTime() + 5 * MINUTE);
    await report(lia, { reason: 'conteudo_inadequado' }, photo.id);
    now = new Date(now.getTime() + 5 * MINUTE);

    const res = await moderator.get('/api/admin/moderation/queue?kind=reports');
    expect(res.statusCode).toBe(200);
    const queue = res.json().data;
    expect(queue.kind).toBe('reports');
    expect(
      queue.data.map((i: { report: { target: { displayName: string } } }) => i.report.target.displayName),
    ).toEqual(['Zé', 'Lia', 'Lia']);
    expect(queue.data.map((i: { ageSeconds: number }) => i.ageSeconds)).toEqual([1200, 600, 300]);
    // A photo post's report is a report: the 'Imagens' tab is the image check's (next test).
    expect(queue.counts).toEqual({ reports: 3, images: 0, appeals: 0 });
    expect(queue.medianResolutionSeconds).toBeNull();

    const ofLia = (await moderator.get(`/api/admin/moderation/queue?kind=reports&userId=${lia.id}`)).json()
      .data;
    expect(ofLia.data).toHaveLength(2);
    const harassment = (await moderator.get('/api/admin/moderation/queue?reason=assedio')).json().data;
    expect(harassment.data.map((i: { report: { reason: string } }) => i.report.reason)).toEqual(['assedio']);

    expect(queue.data[2].report.content).toMatchObject({ id: photo.id, mediaUrls: ['/media/foto.webp'] });

    const bad = await moderator.get('/api/admin/moderation/queue?kind=videos');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MODERATION_MESSAGES.queueKindInvalid);
  });

  it("lists in 'Imagens' the images the check flagged, oldest first, with who sent them; a decision takes one out", async () => {
    const moderator = await as(t.app, await createUser(t.app, { userType: 'admin' }));
    const ze = await createUser(t.app, { displayName: 'Zé' });
    const lia = await createUser(t.app, { displayName: 'Lia' });
    // As the check leaves them (sensitive-images.test.ts runs the model itself).
    const flagged = async (
      uploaderId: string,
      name: string,
      sensitivity: 'ok' | 'sensitive' | 'blocked' | 'pending',
    ) => {
      await db()
        .insert(mediaUploads)
        .values({
          key: `uploads/posts/${name.padEnd(32, '0')}.webp`,
          uploaderId,
          purpose: 'post_image',
          sensitivity,
          scores: { drawing: 0.01, hentai: 0.02, neutral: 0.27, porn: 0.3, sexy: 0.4 },
          createdAt: now,
        });
      now = new Date(now.getTime() + 10 * MINUTE);
    };
    await flagged(ze.id, 'a', 'sensitive');
    await flagged(lia.id, 'b', 'blocked');
    await flagged(lia.id, 'c', 'ok');
    await flagged(lia.id, 'd', 'pending');

    const res = await moderator.get('/api/admin/moderation/queue?kind=images');
    expect(res.statusCode).toBe(200);
    const queue = moderationQueueSchema.parse(res.json().data);
    expect(queue.counts).toEqual({ reports: 0, images: 2, appeals: 0 });
    expect(
      queue.data.map((item) =>
        item.type === 'image'
          ? [item.image.uploader.displayName, item.image.sensitivity, item.ageSeconds]
          : [],
      ),
    ).toEqual([
      ['Zé', 'sensitive', 40 * 60],
      ['Lia', 'blocked', 30 * 60],
    ]);
    const [first] = queue.data;
    expect(first?.type === 'image' && first.image).toMatchObject({
      url: expect.stringMatching(/\/media\/posts\/a0+\.webp$/),
      uploaderId: ze.id,
      scores: { sexy: 0.4 },
      decidedBy: null,
    });
    const ofLia = (await moderator.get(`/api/admin/moderation/queue?kind=images&userId=${lia.id}`)).json()
      .data;
    expect(ofLia.data.map((item: { image: { uploaderId: string } }) => item.image.uploaderId)).toEqual([
      lia.id,
    ]);
    const paged = (await moderator.get('/api/admin/moderation/queue?kind=images&limit=1')).json().data;
    expect([paged.data.length, paged.hasMore]).toEqual([1, true]);
    expect(queue.medianResolutionSeconds).toBeNull();

    // A moderator's word takes it out, and the tab's median is the time from upload to that word.
    const decided = await moderator.post(`/api/admin/images/${'a'.padEnd(32, '0')}/decide`, {
      sensitivity: 'ok',
    });
    expect(decided.statusCode).toBe(200);
    const after = moderationQueueSchema.parse(
      (await moderator.get('/api/admin/moderation/queue?kind=images')).json().data,
    );
    expect(after.counts.images).toBe(1);
    expect(after.data.map((item) => item.type === 'image' && item.image.uploader.displayName)).toEqual([
      'Lia',
    ]);
    expect(after.medianResolutionSeconds).toBe(40 * 60);
  });

  it('shows the median resolution time of the last 30 days, and appeals oldest first', async () => {
    const first = await createUser(t.app, { userType: 'admin' });
    const asFirst = await as(t.app, first);
    const target = await createUser(t.app);
    const other = await createUser(t.app);
    // Decided after 10, 20 and 60 minutes: the median is 20.
    for (const [who, minutes] of [
      [target, 10],
      [other, 20],
      [target, 60],
    ] as const) {
      const start = now;
      await report(who, { reason: 'spam' });
      const [open] = await db().select().from(reports).where(eq(reports.status, 'open'));
      now = new Date(start.getTime() + minutes * MINUTE);
      await asFirst.post(`/api/admin/reports/${open!.id}/resolve`, {
        action: minutes === 20 ? 'dismiss' : 'warn',
      });
    }
    const queue = (await asFirst.get('/api/admin/moderation/queue')).json().data;
    expect(queue.medianResolutionSeconds).toBe(20 * 60);

    const actions = await db().select().from(moderationEnforcements);
    expect(actions).toHaveLength(2);
    const asTarget = await as(t.app, target);
    for (const action of actions.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
      expect(
        (await asTarget.post(`/api/moderation-actions/${action.id}/appeal`, { text: 'Discordo' })).statusCode,
      ).toBe(201);
      now = new Date(now.getTime() + MINUTE);
    }
    const appeals = (await asFirst.get('/api/admin/moderation/queue?kind=appeals')).json().data;
    expect(appeals.counts.appeals).toBe(2);
    expect(appeals.medianResolutionSeconds).toBeNull();
    expect(appeals.data.map((i: { type: string; ageSeconds: number }) => [i.type, i.ageSeconds])).toEqual([
      ['appeal', 120],
      ['appeal', 60],
    ]);
    expect(appeals.data[0].appeal).toMatchObject({
      text: 'Discordo',
      user: { id: target.id },
      action: { kind: 'warning', ruleLabel: 'Spam', moderatorId: first.id },
    });
  });
});

describe('bulk: every open report against one person at once', () => {
  it('resolves them all, one log line each, one strike for the lot', async () => {
    const moderator = await as(t.app, await createUser(t.app, { userType: 'admin' }));
    const target = await createUser(t.app);
    const bystander = await createUser(t.app);
    for (const reason of ['spam', 'assedio', 'conteudo_inadequado']) await report(target, { reason });
    await report(bystander, { reason: 'spam' });
    const url = `/api/admin/moderation/users/${target.id}/resolve-reports`;
    expect((await moderator.post(url, { action: 'ban' })).statusCode).toBe(400);
    const res = await moderator.post(url, { action: 'warn', note: 'Várias denúncias de spam' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: '3 denúncias resolvidas.', resolved: 3 });
    const rows = await db().select().from(reports).where(eq(reports.targetId, target.id));
    expect(rows.map((r) => r.status)).toEqual(['warned', 'warned', 'warned']);
    expect(
      await db().select().from(moderationActions).where(eq(moderationActions.targetId, target.id)),
    ).toHaveLength(3);
    const strikes = await db()
      .select()
      .from(moderationEnforcements)
      .where(eq(moderationEnforcements.userId, target.id));
    expect(strikes.map((s) => s.kind)).toEqual(['warning']);
    // The bystander's report waits; nothing is left against the target.
    const again = await moderator.post(url, { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MODERATION_MESSAGES.bulkNothingOpen);
    const [open] = await db().select().from(reports).where(eq(reports.status, 'open'));
    expect(open?.targetId).toBe(bystander.id);
  });
});

describe('the audit log is append-only', () => {
  it('has no route that updates or deletes it', async () => {
    const moderator = await as(t.app, await createUser(t.app, { userType: 'admin' }));
    const target = await createUser(t.app);
    await report(target, { reason: 'spam' });
    const [open] = await db().select().from(reports);
    await moderator.post(`/api/admin/reports/${open!.id}/resolve`, { action: 'dismiss' });
    const [entry] = await db().select().from(moderationActions);
    for (const url of ['/api/admin/moderation-actions', `/api/admin/moderation-actions/${entry!.id}`]) {
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie: moderator.cookie },
          payload: { note: 'x' },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // No route of the app but the GET even names it.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/admin/moderation-actions', '/api/admin/moderation-actions/:id']) {
        expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
      }
    }
    expect(t.app.hasRoute({ method: 'GET', url: '/api/admin/moderation-actions' })).toBe(true);
    expect(await db().select().from(moderationActions)).toEqual([entry]);
  });

  it('is refused an UPDATE or DELETE by the database, but follows the erasure of a person', async () => {
    const admin = await createUser(t.app, { userType: 'admin' });
    const target = await createUser(t.app);
    await report(target, { reason: 'spam' });
    const [open] = await db().select().from(reports);
    await (await as(t.app, admin)).post(`/api/admin/reports/${open!.id}/resolve`, { action: 'warn' });
    const refusal = (statement: ReturnType<typeof sql>) =>
      db()
        .execute(statement)
        .then(
          () => 'accepted',
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
    expect(await refusal(sql`update moderation_actions set note = 'apagado'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from moderation_actions`)).toMatch(/append-only/);
    expect(await db().select().from(moderationActions)).toHaveLength(1);
    // Erasing the moderator keeps the line without their id; erasing the person takes theirs.
    await db().delete(users).where(eq(users.id, admin.id));
    expect((await db().select().from(moderationActions))[0]?.adminId).toBeNull();
    await db().delete(users).where(eq(users.id, target.id));
    expect(await db().select().from(moderationActions)).toEqual([]);
  });
});
