import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { materialSchema } from '@estudai/contract';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { addMember, as, createGroup, createUser, signedInAs } from '../../test/factories.ts';
import { startTestS3, type TestS3 } from '../../test/s3.ts';
import { tinyPdf } from '../features/materials/materials.demo.ts';
import { runPrivacyJobs } from '../features/privacy/privacy-jobs.service.ts';
import { s3Store } from './storage.ts';

// The app with S3_* set: uploads land in the S3 store (a real S3 protocol server), nothing on the
// local disk, and they are served from there; members-only files only after the permission check.

let s3: TestS3;
let t: TestApp;
let ownerCookie: string;
let memberCookie: string;
let outsiderCookie: string;
let group: Awaited<ReturnType<typeof createGroup>>;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await buildTestApp({ storage: s3.settings, privacyJobIntervalMs: 0 });
  const owner = await createUser(t.app, { userType: 'professor' });
  group = await createGroup(t.app, owner);
  const member = await createUser(t.app);
  await addMember(t.app, group, member);
  ownerCookie = await signedInAs(t.app, owner);
  memberCookie = await signedInAs(t.app, member);
  outsiderCookie = await signedInAs(t.app, await createUser(t.app));
});
afterAll(async () => {
  await t.app.close();
  await s3.close();
});

/** Every file the app wrote under DATA_DIR, temporary ones and the generated keys aside. */
const localFiles = (dir: string) =>
  fs.existsSync(path.join(t.config.dataDir, dir))
    ? fs.readdirSync(path.join(t.config.dataDir, dir), { recursive: true }).map(String)
    : [];
/** The S3 bucket seen from outside the app (null: nothing under that key). */
const bucketObject = async (key: string) => {
  const store = s3Store(s3.settings);
  try {
    return await text((await store.get(key)).stream);
  } catch {
    return null;
  } finally {
    store.close();
  }
};

function materialForm(content: Buffer) {
  const boundary = '----estudai-s3-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nLista 1\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lista.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('uploads on the S3 driver', () => {
  it('keeps an avatar in the bucket (not on the disk) and serves it at its stable address', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { cookie: memberCookie },
      payload: { avatar: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(res.statusCode).toBe(200);
    const avatar: string = res.json().data.avatar;
    expect(avatar).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/);
    expect(localFiles('uploads')).toEqual([]);
    expect((await bucketObject(`uploads${avatar.slice('/media'.length)}`))?.length).toBeGreaterThan(0);

    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256 });
    // The browser's second look costs nothing: the name never changes its bytes.
    const again = await t.app.inject({
      method: 'GET',
      url: avatar,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 in Portuguese for an address with nothing stored, and for any other path', async () => {
    for (const url of ['/media/avatars/0123456789abcdef0123456789abcdef.webp', '/media/../secrets/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
    const res = await t.app.inject({ method: 'GET', url: '/media/materials/x.pdf' });
    expect(res.json()).toEqual({ error: 'Arquivo não encontrado.', code: 'NOT_FOUND' });
  });

  it('keeps a post image in the bucket and serves it', async () => {
    const jpeg = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const boundary = '----estudai-media';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\npost_image\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { cookie: memberCookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(201);
    // A fresh upload is its uploader's alone until a post holds it (issue 37).
    const served = await t.app.inject({
      method: 'GET',
      url: new URL(res.json().data.url).pathname,
      headers: { cookie: memberCookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(localFiles('uploads')).toEqual([]);
  });

  it('streams a group material to members only, from the bucket', async () => {
    const pdf = tinyPdf('Lista no S3');
    const { payload, contentType } = materialForm(pdf);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/study-groups/${group.id}/materials`,
      payload,
      headers: { cookie: ownerCookie, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(201);
    const material = materialSchema.parse(res.json().data);
    expect(localFiles('materials')).toEqual([]);

    const forMember = await t.app.inject({
      method: 'GET',
      url: material.fileUrl,
      headers: { cookie: memberCookie },
    });
    expect(forMember.statusCode).toBe(200);
    expect(forMember.headers['content-type']).toBe('application/pdf');
    expect(forMember.headers['cache-control']).toBe('private, no-store');
    expect(forMember.rawPayload.equals(pdf)).toBe(true);

    const forOutsider = await t.app.inject({
      method: 'GET',
      url: material.fileUrl,
      headers: { cookie: outsiderCookie },
    });
    expect(forOutsider.statusCode).toBe(403);
    expect(forOutsider.rawPayload.includes(Buffer.from('%PDF-'))).toBe(false);
    const anonymous = await t.app.inject({ method: 'GET', url: material.fileUrl });
    expect(anonymous.statusCode).toBe(401);

    // Removing the material removes its object.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/study-groups/${group.id}/materials/${material.id}`,
      headers: { cookie: ownerCookie },
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: material.fileUrl,
      headers: { cookie: ownerCookie },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('builds a data export into the bucket, with the avatar read from it, for its requester only', async () => {
    const ana = await createUser(t.app);
    const asAna = await as(t.app, ana);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer();
    const saved = await asAna.patch('/api/users/me', {
      avatar: `data:image/png;base64,${png.toString('base64')}`,
    });
    const avatar: string = saved.json().data.avatar;
    const { id } = (await asAna.post('/api/me/export')).json().data;
    expect(await runPrivacyJobs(t.app.ctx)).toMatchObject({ exported: 1 });
    expect(localFiles('exports')).toEqual([]);
    expect(await bucketObject(`exports/${id}.zip`)).not.toBeNull();

    const download = await asAna.get(`/api/me/export/${id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    expect(zip[`arquivos/${path.basename(avatar)}`]?.length).toBeGreaterThan(20);
    const bruno = await as(t.app, await createUser(t.app));
    expect((await bruno.get(`/api/me/export/${id}/download`)).statusCode).toBe(404);

    // Past its 7 days the object leaves the bucket.
    await runPrivacyJobs(t.app.ctx, new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expect(await bucketObject(`exports/${id}.zip`)).toBeNull();
    expect((await asAna.get(`/api/me/export/${id}/download`)).statusCode).toBe(410);
  });

  it('reports ready with the store, and 503 in Portuguese once the store stops answering', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ status: 'ok', storage: 's3' });
    await s3.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: 'O armazenamento de arquivos não está respondendo.',
      code: 'UNAVAILABLE',
    });
  });
});
