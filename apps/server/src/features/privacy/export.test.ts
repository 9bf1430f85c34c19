import fs from 'node:fs';
import path from 'node:path';
import { PRIVACY_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createMinor, createPost, createUser, linkGuardian } from '../../../test/factories.ts';
import { tablesHoldingUserIds } from '../../../test/user-tables.ts';
import { dataExports, notifications } from '../../db/schema/index.ts';
import { exportsDir } from './export.service.ts';
import { EXPORT_EXCEPTIONS, EXPORTED } from './export-registry.queries.ts';
import { runPrivacyJobs } from './privacy-jobs.service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the export registry', () => {
  it('covers every table of the schema that holds a user id: exported, or excepted with a reason', () => {
    const forgotten = tablesHoldingUserIds()
      .map(({ table }) => table)
      .filter((table) => !(table in EXPORTED) && !(table in EXPORT_EXCEPTIONS));
    expect(forgotten, 'add these tables to EXPORTED or EXPORT_EXCEPTIONS in export-registry.ts').toEqual([]);
    expect(Object.keys(EXPORTED).filter((table) => table in EXPORT_EXCEPTIONS)).toEqual([]);
    for (const reason of Object.values(EXPORT_EXCEPTIONS)) expect(reason.length).toBeGreaterThan(30);
    // Every registered table is a real one, and file names are unique.
    const known = new Set(tablesHoldingUserIds().map(({ table }) => table));
    expect(
      [...Object.keys(EXPORTED), ...Object.keys(EXPORT_EXCEPTIONS)].filter((t) => !known.has(t)),
    ).toEqual([]);
    const files = Object.values(EXPORTED).map((source) => source.file);
    expect(new Set(files).size).toBe(files.length);
  });
});

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

async function withAvatar(user: { id: string }) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
  const res = await (await as(t.app, user)).patch('/api/users/me', {
    avatar: `data:image/png;base64,${png.toString('base64')}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.avatar as string;
}

describe("'Meus dados': POST /api/me/export", () => {
  it('answers 202, builds a ZIP in the background with one JSON per kind and the files, tells when ready', async () => {
    const ana = await createUser(t.app, { displayName: 'Ana', bio: 'Rumo à medicina' });
    await createPost(t.app, ana, { content: 'Meu resumo de citologia' });
    const avatar = await withAvatar(ana);
    const asAna = await as(t.app, ana);
    const asked = await asAna.post('/api/me/export');
    expect(asked.statusCode).toBe(202);
    const { id } = asked.json().data;
    expect(asked.json().data).toMatchObject({ status: 'pending', downloadUrl: null });

    const running = await asAna.post('/api/me/export');
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({ error: PRIVACY_MESSAGES.exportRunning, code: 'EXPORT_RUNNING', id });
    expect((await asAna.get(`/api/me/export/${id}/download`)).statusCode).toBe(409);

    expect(await runPrivacyJobs(t.app.ctx)).toMatchObject({ exported: 1 });
    await t.app.ctx.jobs.drain();
    const state = (await asAna.get(`/api/me/export/${id}`)).json().data;
    expect(state).toMatchObject({ id, status: 'ready', downloadUrl: `/api/me/export/${id}/download` });
    expect(new Date(state.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * DAY);

    const download = await asAna.get(`/api/me/export/${id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('attachment');
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(zip[`dados/${name}`]));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['LEIA-ME.txt', ...Object.values(EXPORTED).map((s) => `dados/${s.file}`)]),
    );
    const [profile] = json('perfil.json');
    expect(profile).toMatchObject({
      id: ana.id,
      displayName: 'Ana',
      bio: 'Rumo à medicina',
      email: ana.email,
    });
    expect(profile).not.toHaveProperty('passwordHash');
    expect(json('publicacoes.json').map((p: { content: string }) => p.content)).toEqual([
      'Meu resumo de citologia',
    ]);
    expect(json('sessoes-ativas.json')[0]).not.toHaveProperty('id');
    const avatarName = path.basename(avatar);
    expect(zip[`arquivos/${avatarName}`]?.length).toBeGreaterThan(20);
    // Recorded for the image check too (issue 43), it is in the ZIP once.
    expect(Object.keys(zip).filter((name) => name.endsWith(avatarName))).toEqual([`arquivos/${avatarName}`]);

    const [note] = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ana.id));
    expect(note).toMatchObject({ title: PRIVACY_MESSAGES.exportReadyTitle });
    expect(t.mailer.lastLink(ana.email)).toContain(`/api/me/export/${id}/download`);

    // Someone else cannot see or download it; a new export may be asked for now.
    const bruno = await as(t.app, await createUser(t.app));
    expect((await bruno.get(`/api/me/export/${id}`)).statusCode).toBe(404);
    expect((await bruno.get(`/api/me/export/${id}/download`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/me/export/${id}/download` })).statusCode).toBe(
      401,
    );
    expect((await asAna.post('/api/me/export')).statusCode).toBe(202);
  });

  it('stops the download after 7 days (410) and removes the file', async () => {
    const ana = await createUser(t.app);
    const asAna = await as(t.app, ana);
    const { id } = (await asAna.post('/api/me/export')).json().data;
    await runPrivacyJobs(t.app.ctx);
    const file = path.join(exportsDir(t.config.dataDir), `${id}.zip`);
    expect(fs.existsSync(file)).toBe(true);
    await runPrivacyJobs(t.app.ctx, new Date(Date.now() + 8 * DAY));
    expect(fs.existsSync(file)).toBe(false);
    const gone = await asAna.get(`/api/me/export/${id}/download`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ error: PRIVACY_MESSAGES.exportExpired, code: 'EXPORT_GONE' });
    expect((await asAna.get(`/api/me/export/${id}`)).json().data).toMatchObject({
      status: 'expired',
      downloadUrl: null,
    });
  });

  it('survives a restart: an export whose builder died is built by the next pass, once', async () => {
    const ana = await createUser(t.app);
    const { id } = (await (await as(t.app, ana)).post('/api/me/export')).json().data;
    // A process claimed it and stopped: 'running', its lease over.
    await t.app.ctx.database.db
      .update(dataExports)
      .set({ status: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, id));
    expect((await runPrivacyJobs(t.app.ctx)).exported).toBe(1);
    expect((await runPrivacyJobs(t.app.ctx)).exported).toBe(0);
    const [row] = await t.app.ctx.database.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(row).toMatchObject({ status: 'ready', attempts: 2 });
  });

  it('says what went wrong while a failed try waits for the next one, and nothing once it works', async () => {
    const ana = await createUser(t.app);
    const asAna = await as(t.app, ana);
    const { id } = (await asAna.post('/api/me/export')).json().data;
    // The ZIP's folder cannot be written (a file stands where it should be; root ignores permissions).
    const dir = exportsDir(t.config.dataDir);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.writeFileSync(dir, 'não é uma pasta');
    expect((await runPrivacyJobs(t.app.ctx)).exported).toBe(0);
    expect((await asAna.get(`/api/me/export/${id}`)).json().data).toMatchObject({
      status: 'pending',
      downloadUrl: null,
      problem: PRIVACY_MESSAGES.exportRetryingStorage,
    });

    fs.rmSync(dir, { force: true });
    expect((await runPrivacyJobs(t.app.ctx)).exported).toBe(1);
    expect((await asAna.get(`/api/me/export/${id}`)).json().data).toMatchObject({
      status: 'ready',
      problem: null,
    });
  });

  it('lets a guardian export a linked teen’s data and download it themselves', async () => {
    const teen = await createMinor(t.app, 14);
    const mother = await createUser(t.app);
    await linkGuardian(t.app, teen, mother);
    const asMother = await as(t.app, mother);
    const asked = await asMother.post(`/api/guardian/teens/${teen.id}/export`);
    expect(asked.statusCode).toBe(202);
    const { id } = asked.json().data;
    await runPrivacyJobs(t.app.ctx);
    const download = await asMother.get(`/api/me/export/${id}/download`);
    expect(download.statusCode).toBe(200);
    const [profile] = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array(download.rawPayload))['dados/perfil.json']),
    );
    expect(profile.id).toBe(teen.id);
    expect((await (await as(t.app, teen)).get(`/api/me/export/${id}`)).statusCode).toBe(404);
  });
});
