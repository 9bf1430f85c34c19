import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { as, createGroup, createPost, createUser, uploadedMedia } from '../../../test/factories.ts';
import {
  loginFailures,
  mediaUploads,
  simuladoAnswers,
  simuladoAttempts,
  simulados,
  users,
  waitlistEntries,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import { StoredObjectMissing } from '../../plugins/storage.ts';
import { pruneLoginFailures } from '../auth/auth.service.ts';
import { runPrivacyJobs } from './privacy-jobs.service.ts';

// Issue 37, data that really goes away: 'Meus dados' holds the simulado answers, the posts' photos,
// the failed sign-ins and the waiting-list entry; erasure removes every one of them, the files
// and the queued work naming the person; failed sign-ins are pruned after their window.

let t: TestApp;
oneAppPerDescribe(
  () => buildTestApp({ privacyJobIntervalMs: 0 }),
  (built) => {
    t = built;
  },
);

const DAY = 24 * 60 * 60 * 1000;

/** A person with a row in each of the places the probe found missing. */
async function personWithEverything() {
  const { db } = t.app.ctx.database;
  const ana = await createUser(t.app, { email: 'ana.souza@exemplo.com.br' });
  const photo = await uploadedMedia(t.app, ana);
  await createPost(t.app, ana, { type: 'photo', mediaUrls: [photo] });
  const group = await createGroup(t.app, await createUser(t.app));
  const now = new Date();
  const [simulado] = await db
    .insert(simulados)
    .values({
      studyGroupId: group.id,
      createdBy: group.ownerId,
      title: 'Simulado ENEM',
      durationMinutes: 60,
      opensAt: now,
      closesAt: new Date(now.getTime() + DAY),
      showRanking: false,
    })
    .returning();
  const [attempt] = await db
    .insert(simuladoAttempts)
    .values({
      simuladoId: simulado?.id ?? '',
      userId: ana.id,
      startedAt: now,
      endsAt: new Date(now.getTime() + 3_600_000),
    })
    .returning();
  await db.insert(simuladoAnswers).values({
    attemptId: attempt?.id ?? '',
    position: 0,
    optionIndex: 2,
    isCorrect: true,
    clientId: crypto.randomUUID(),
    answeredAt: now,
    savedAt: now,
  });
  await db.insert(loginFailures).values({ email: ana.email, ip: '203.0.113.7' });
  await db
    .insert(waitlistEntries)
    .values({ name: 'Ana', email: ana.email, phone: '(11) 91234-5678', objective: 'vestibulares' });
  return { ana, photo };
}

describe("'Meus dados' (issue 37)", () => {
  it('holds the simulado answers, the posts’ photos, the failed sign-ins and the waiting-list entry', async () => {
    const { ana, photo } = await personWithEverything();
    const api = await as(t.app, ana);
    const { id } = (await api.post('/api/me/export')).json().data;
    expect(await runPrivacyJobs(t.app.ctx)).toMatchObject({ exported: 1 });
    const zip = unzipSync(new Uint8Array((await api.get(`/api/me/export/${id}/download`)).rawPayload));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(zip[`dados/${name}`]));
    expect(json('simulados-respostas.json')).toMatchObject([
      { position: 0, optionIndex: 2, isCorrect: true },
    ]);
    expect(json('tentativas-de-entrada-erradas.json')).toMatchObject([
      { email: ana.email, ip: '203.0.113.7' },
    ]);
    expect(json('lista-de-espera.json')).toMatchObject([{ email: ana.email, phone: '(11) 91234-5678' }]);
    expect(json('arquivos-enviados.json')).toHaveLength(1);
    const photoName = new URL(photo).pathname.split('/').at(-1);
    expect(zip[`arquivos/publicacoes/${photoName}`]?.length).toBeGreaterThan(0);
  });
});

describe('account erasure (issue 37)', () => {
  it('removes the failed sign-ins, the waiting-list entry, the uploads and their files, and queued work naming them', async () => {
    const { ana, photo } = await personWithEverything();
    const { db } = t.app.ctx.database;
    // Another person's rows under other addresses stay.
    await db.insert(loginFailures).values({ email: 'bruno@exemplo.com.br', ip: '203.0.113.8' });
    await t.app.ctx.jobs.send('auth.password-reset-mail', { email: ana.email });
    await t.app.ctx.jobs.send('auth.password-reset-mail', { email: 'bruno@exemplo.com.br' });
    await db
      .update(users)
      .set({ deletionScheduledFor: new Date(Date.now() - 1000) })
      .where(eq(users.id, ana.id));

    expect(await runPrivacyJobs(t.app.ctx)).toMatchObject({ erased: 1 });
    expect(await db.select().from(loginFailures)).toMatchObject([{ email: 'bruno@exemplo.com.br' }]);
    expect(await db.select().from(waitlistEntries)).toEqual([]);
    expect(await db.select().from(mediaUploads)).toEqual([]);
    expect(await db.select().from(simuladoAnswers)).toEqual([]);
    const key = `uploads${new URL(photo).pathname.slice('/media'.length)}`;
    await expect(t.app.ctx.storage.get(key)).rejects.toBeInstanceOf(StoredObjectMissing);
    const queued = rowsOf<{ data: { email: string } }>(
      await db.execute(sql`select data from pgboss.job where name = 'auth.password-reset-mail'`),
    );
    const emails = queued.map((row) => row.data.email);
    expect(emails).toEqual(['bruno@exemplo.com.br']);
  });
});

describe('failed sign-ins', () => {
  it('are pruned once past their 15-minute window, the recent ones kept', async () => {
    const { db } = t.app.ctx.database;
    const now = new Date();
    await db.insert(loginFailures).values([
      { email: 'velha@exemplo.com.br', ip: '203.0.113.1', createdAt: new Date(now.getTime() - 16 * 60_000) },
      { email: 'recente@exemplo.com.br', ip: '203.0.113.2', createdAt: new Date(now.getTime() - 5 * 60_000) },
    ]);
    expect(await pruneLoginFailures(t.app.ctx, now)).toBe(1);
    expect(await db.select({ email: loginFailures.email }).from(loginFailures)).toEqual([
      { email: 'recente@exemplo.com.br' },
    ]);
  });
});
