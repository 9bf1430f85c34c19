// Issue 37: an upload folder the server cannot write answers a clear pt-BR 503 for every kind of
// upload (post photos and PDFs, group covers, avatars, group materials), and nothing is kept. The
// folders are made unusable the way root cannot ignore: a file stands where each folder should be.
import fs from 'node:fs';
import path from 'node:path';
import { STORAGE_UNAVAILABLE_MESSAGE } from '@estudai/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMaterials, mediaUploads } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { as, createGroup, createUser } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

function multipart(fields: Record<string, string>, file: { content: Buffer; type: string; name: string }) {
  const boundary = '----estudai-unwritable';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A file where a folder of DATA_DIR should be: nothing can be written under it, even by root. */
function blockFolder(name: string) {
  const folder = path.join(t.config.dataDir, name);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  fs.writeFileSync(folder, 'não é uma pasta');
}

describe('an upload folder the server cannot write', () => {
  it('answers 503 in pt-BR for every kind of upload, keeps nothing, and the rest of the app answers', async () => {
    const teacher = await createUser(t.app, { userType: 'professor', isVerified: true });
    const carla = await as(t.app, teacher);
    const group = await createGroup(t.app, teacher);
    blockFolder('uploads');
    blockFolder('materials');
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

    const media = (purpose: string, content: Buffer, type: string, name: string) => {
      const { payload, contentType } = multipart({ purpose }, { content, type, name });
      return t.app.inject({
        method: 'POST',
        url: '/api/media',
        payload,
        headers: { cookie: carla.cookie, 'content-type': contentType },
      });
    };
    const material = () => {
      const { payload, contentType } = multipart(
        { title: 'Lista 1', description: '' },
        { content: pdf, type: 'application/pdf', name: 'lista.pdf' },
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/study-groups/${group.id}/materials`,
        payload,
        headers: { cookie: carla.cookie, 'content-type': contentType },
      });
    };
    const replies = {
      photo: await media('post_image', png, 'image/png', 'foto.png'),
      pdf: await media('post_attachment', pdf, 'application/pdf', 'resumo.pdf'),
      cover: await media('group_cover', png, 'image/png', 'capa.png'),
      avatar: await carla.patch('/api/users/me', {
        avatar: `data:image/png;base64,${png.toString('base64')}`,
      }),
      material: await material(),
    };
    for (const [kind, reply] of Object.entries(replies)) {
      expect(reply.statusCode, kind).toBe(503);
      expect(reply.json(), kind).toEqual({ error: STORAGE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
      expect(Number(reply.headers['retry-after']), kind).toBeGreaterThan(0);
    }
    // Nothing half-kept: no upload recorded, no material, the avatar unchanged.
    const { db } = t.app.ctx.database;
    expect(await db.select().from(mediaUploads)).toEqual([]);
    expect(await db.select().from(groupMaterials)).toEqual([]);
    expect((await carla.get('/api/users/me')).json().data.avatar).toBeNull();
    // What does not write files still answers.
    expect((await carla.patch('/api/users/me', { bio: 'Professora de física' })).statusCode).toBe(200);
  });
});
