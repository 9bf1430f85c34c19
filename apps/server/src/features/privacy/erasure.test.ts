import fs from 'node:fs';
import path from 'node:path';
import { PRIVACY_MESSAGES } from '@estudai/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import {
  addMember,
  as,
  createGroup,
  createMinor,
  createPost,
  createUser,
  linkGuardian,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { tablesHoldingUserIds } from '../../../test/user-tables.ts';
import {
  comments,
  conversations,
  follows,
  groupMaterials,
  groupPayments,
  messages,
  postLikes,
  posts,
  reportEvidence,
  users,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import { uploadsDir } from '../../plugins/media.ts';
import { materialFilePath } from '../materials/materials.service.ts';
import { exportsDir } from './export.service.ts';
import { ERASURE_EXCEPTIONS } from './export-registry.queries.ts';
import { runPrivacyJobs } from './privacy-jobs.service.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ privacyJobIntervalMs: 0 });
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

const login = (email: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** Every row, in every table that holds user ids, that still holds this one (outside the exceptions). */
async function rowsHolding(userId: string) {
  const left: string[] = [];
  for (const { table, columns } of tablesHoldingUserIds()) {
    if (table in ERASURE_EXCEPTIONS) continue;
    const where = sql.join(
      columns.map((column) => sql`${sql.identifier(column)} = ${userId}::uuid`),
      sql` or `,
    );
    const result = await t.app.ctx.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
    );
    const n = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    if (n > 0) left.push(`${table}: ${n}`);
  }
  return left;
}

describe('DELETE /api/users/me', () => {
  it('refuses a wrong password (403) and schedules nothing', async () => {
    const ana = await createUser(t.app);
    const res = await (await as(t.app, ana)).del('/api/users/me', { password: 'senha-errada' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: PRIVACY_MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' });
    const [row] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, ana.id));
    expect(row?.deletionScheduledFor).toBeNull();
    expect((await (await as(t.app, ana)).del('/api/users/me', {})).statusCode).toBe(400);
  });

  it('schedules the erasure 7 days ahead and signs out; signing in before then cancels it and says so', async () => {
    const ana = await createUser(t.app);
    const asAna = await as(t.app, ana);
    const res = await asAna.del('/api/users/me', { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(202);
    const { scheduledFor, message } = res.json().data;
    expect(Math.abs(new Date(scheduledFor).getTime() - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    expect(message).toContain('Se você entrar de novo antes disso, a exclusão é cancelada.');
    expect((await asAna.get('/api/users/me')).statusCode).toBe(401);

    const back = await login(ana.email);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({
      deletionCancelled: true,
      message: PRIVACY_MESSAGES.deletionCancelled,
      deletionScheduledFor: null,
    });
    expect((await runPrivacyJobs(t.app.ctx, new Date(Date.now() + 8 * DAY))).erased).toBe(0);
    expect((await login(ana.email)).json().data.deletionCancelled).toBe(false);
  });

  it('after the job, no row outside the documented exceptions holds the user’s id, and their files are gone', async () => {
    const { db } = t.app.ctx.database;
    const ana = await createUser(t.app, { displayName: 'Ana' });
    const bruno = await createUser(t.app, { displayName: 'Bruno' });
    const asAna = await as(t.app, ana);
    // Her avatar, a material she uploaded, an export ZIP, posts, a comment and a like on Bruno's
    // post, a vote, follows, a paid group, a chat with Bruno, a report of her for child exploitation.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const avatar = (
      await asAna.patch('/api/users/me', { avatar: `data:image/png;base64,${png.toString('base64')}` })
    ).json().data.avatar as string;
    const ownGroup = await createGroup(t.app, ana);
    fs.mkdirSync(path.dirname(materialFilePath(t.config.dataDir, 'mat-ana.pdf')), { recursive: true });
    fs.writeFileSync(materialFilePath(t.config.dataDir, 'mat-ana.pdf'), '%PDF-1.4 ana');
    await db.insert(groupMaterials).values({
      studyGroupId: ownGroup.id,
      uploadedBy: ana.id,
      title: 'Resumo',
      storageKey: 'mat-ana.pdf',
      fileName: 'resumo.pdf',
      fileSize: 12,
    });
    const anaPost = await createPost(t.app, ana, { content: 'Post da Ana' });
    const brunoPost = await createPost(t.app, bruno, { content: 'Post do Bruno' });
    const asBruno = await as(t.app, bruno);
    expect((await asAna.post(`/api/posts/${brunoPost.id}/like`)).statusCode).toBe(200);
    expect((await asAna.post(`/api/posts/${brunoPost.id}/comments`, { content: 'Boa!' })).statusCode).toBe(
      201,
    );
    expect((await asBruno.post(`/api/posts/${brunoPost.id}/comments`, { content: 'Valeu' })).statusCode).toBe(
      201,
    );
    await db.insert(follows).values([
      { followerId: ana.id, followingId: bruno.id },
      { followerId: bruno.id, followingId: ana.id },
    ]);
    const paidGroup = await createGroup(t.app, bruno, { isPaid: true, price: 1990 });
    expect(
      (await asAna.post(`/api/study-groups/${paidGroup.id}/payments`, { method: 'card' })).statusCode,
    ).toBe(201);
    expect(
      (await asAna.post(`/api/study-groups/${paidGroup.id}/membership`, { action: 'join' })).statusCode,
    ).toBe(200);
    await addMember(t.app, ownGroup, bruno);
    const chat = (await asBruno.post('/api/chat/conversations', { otherUserId: ana.id })).json().data;
    const thread = `/api/chat/conversations/${chat.id}/messages`;
    expect((await asAna.post(thread, { content: 'Oi, Bruno! Meu telefone é 99999-0000' })).statusCode).toBe(
      201,
    );
    expect((await asBruno.post(thread, { content: 'Oi, Ana!' })).statusCode).toBe(201);
    expect(
      (await asBruno.post(`/api/posts/${anaPost.id}/report`, { reason: 'exploracao_infantil' })).statusCode,
    ).toBe(201);
    const exportId = (await asAna.post('/api/me/export')).json().data.id;
    await runPrivacyJobs(t.app.ctx);
    const exportFile = path.join(exportsDir(t.config.dataDir), `${exportId}.zip`);
    const avatarFile = path.join(uploadsDir(t.config.dataDir), avatar.replace('/media/', ''));
    for (const file of [exportFile, avatarFile, materialFilePath(t.config.dataDir, 'mat-ana.pdf')]) {
      expect(fs.existsSync(file), file).toBe(true);
    }
    expect(await rowsHolding(ana.id)).not.toEqual([]);

    expect((await asAna.del('/api/users/me', { password: TEST_PASSWORD })).statusCode).toBe(202);
    // Nothing happens before the 7 days.
    expect((await runPrivacyJobs(t.app.ctx, new Date(Date.now() + 6 * DAY))).erased).toBe(0);
    expect((await runPrivacyJobs(t.app.ctx, new Date(Date.now() + 7 * DAY + 60_000))).erased).toBe(1);

    expect(await rowsHolding(ana.id)).toEqual([]);
    for (const file of [exportFile, avatarFile, materialFilePath(t.config.dataDir, 'mat-ana.pdf')]) {
      expect(fs.existsSync(file), file).toBe(false);
    }
    // Her posts and comments are gone; the counters on Bruno's post are recounted.
    expect(await db.select().from(posts).where(eq(posts.authorId, ana.id))).toEqual([]);
    const [recounted] = await db.select().from(posts).where(eq(posts.id, brunoPost.id));
    expect(recounted).toMatchObject({ likesCount: 0, commentsCount: 1 });
    expect(await db.select().from(postLikes)).toEqual([]);
    expect((await db.select().from(comments)).map((c) => c.content)).toEqual(['Valeu']);
    // Bruno keeps the thread: her messages say 'Mensagem apagada', from 'Conta excluída'.
    const kept = (await asBruno.get(thread)).json().data;
    expect(kept.map((m: { content: string }) => m.content)).toEqual([
      PRIVACY_MESSAGES.erasedMessage,
      'Oi, Ana!',
    ]);
    const [listed] = (await asBruno.get('/api/chat/conversations')).json().data;
    expect(listed.otherUser.displayName).toBe(PRIVACY_MESSAGES.erasedAccountName);
    const stored = await db.select().from(messages);
    expect(stored.map((m) => m.content)).not.toContain('Oi, Bruno! Meu telefone é 99999-0000');
    expect(await db.select().from(conversations)).toHaveLength(1);
    // The approved payment stays for the tax records, naming nobody.
    expect(await db.select().from(groupPayments)).toEqual([
      expect.objectContaining({ userId: null, status: 'approved', amount: 1990 }),
    ]);
    // The evidence of the report stays (ERASURE_EXCEPTIONS).
    expect(await db.select().from(reportEvidence)).toEqual([expect.objectContaining({ authorId: ana.id })]);
    // The e-mail is free again; the old password opens nothing.
    expect((await login(ana.email)).statusCode).toBe(401);
    // A second pass has nothing to do.
    expect((await runPrivacyJobs(t.app.ctx, new Date(Date.now() + 9 * DAY))).erased).toBe(0);
  });

  it('lets a guardian ask for a linked teen’s erasure with their own password', async () => {
    const teen = await createMinor(t.app, 13);
    const mother = await createUser(t.app);
    await linkGuardian(t.app, teen, mother);
    const asMother = await as(t.app, mother);
    expect(
      (await asMother.del(`/api/guardian/teens/${teen.id}`, { password: 'errada-123' })).statusCode,
    ).toBe(403);
    const res = await asMother.del(`/api/guardian/teens/${teen.id}`, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(202);
    // The dashboard says when the account goes.
    expect((await asMother.get('/api/guardian/teens')).json().data).toEqual([
      expect.objectContaining({ deletionScheduledFor: res.json().data.scheduledFor }),
    ]);
    await runPrivacyJobs(t.app.ctx, new Date(Date.now() + 8 * DAY));
    expect(await rowsHolding(teen.id)).toEqual([]);
    expect((await asMother.get('/api/guardian/teens')).json().data).toEqual([]);
    const stranger = await as(t.app, await createUser(t.app));
    expect(
      (await stranger.del(`/api/guardian/teens/${mother.id}`, { password: TEST_PASSWORD })).statusCode,
    ).toBe(404);
  });
});
