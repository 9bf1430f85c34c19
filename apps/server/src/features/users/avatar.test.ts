import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { USER_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import { mediaUploads, users } from '../../db/schema/index.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  cookie = await signedInAs(t.app, await createUser(t.app));
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.app.close();
});

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const setAvatar = (avatar: string | null) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: { cookie }, payload: { avatar } });
const avatarsDir = () => path.join(t.config.dataDir, 'uploads', 'avatars');
const storedFiles = () => (fs.existsSync(avatarsDir()) ? fs.readdirSync(avatarsDir()) : []);

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .png()
    .toBuffer();

/** A real PNG whose pixels inflate to `width`×`height` 1-bit greyscale: small file, huge image. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('avatar upload', () => {
  it('re-encodes the image as a 256 px WebP without metadata and serves it with nosniff and a short private cache', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'segredo', Artist: 'Ana' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await setAvatar(dataUrl(jpeg, 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.avatar;
    expect(url).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('segredo')).toBe(false);
  });

  it('removes a replaced or removed avatar through the removal job: its address answers 404 at once, its file goes with the job', async () => {
    const first = (await setAvatar(dataUrl(await png()))).json().data.avatar;
    // Issue 37: the request no longer deletes the file, so a store that will not delete it now
    // (S3 away) costs the person nothing: the save answers 200 and the job deletes it later.
    const refusing = vi
      .spyOn(t.app.ctx.storage, 'delete')
      .mockRejectedValue(new Error('armazenamento fora do ar'));
    const replaced = await setAvatar(dataUrl(await png(300, 300)));
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json().data.avatar;
    expect(second).not.toBe(first);
    expect(refusing).not.toHaveBeenCalled();
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(storedFiles().sort()).toEqual([path.basename(first), path.basename(second)].sort());
    refusing.mockRestore();

    await t.app.ctx.jobs.drain();
    expect(storedFiles()).toEqual([path.basename(second)]);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    const rows = await t.app.ctx.database.db.select({ key: mediaUploads.key }).from(mediaUploads);
    expect(rows.map((row) => path.basename(row.key))).toEqual([path.basename(second)]);

    const removed = await setAvatar(null);
    expect(removed.json().data.avatar).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    await t.app.ctx.jobs.drain();
    expect(storedFiles()).toEqual([]);
    expect(await t.app.ctx.database.db.select().from(mediaUploads)).toEqual([]);
  });

  it('removes through the job an avatar stored before the upload records, its address 404 at once', async () => {
    const user = await createUser(t.app);
    const legacy = 'avatars/0123456789abcdef0123456789abcdef.webp';
    await t.app.ctx.storage.put(
      `uploads/${legacy}`,
      await sharp(await png(64, 64))
        .webp()
        .toBuffer(),
      'image/webp',
    );
    await t.app.ctx.database.db
      .update(users)
      .set({ avatar: `/media/${legacy}` })
      .where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: `/media/${legacy}` })).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { cookie: await signedInAs(t.app, user) },
      payload: { avatar: null },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/media/${legacy}` })).statusCode).toBe(404);
    expect(storedFiles()).toContain(path.basename(legacy));
    await t.app.ctx.jobs.drain();
    expect(storedFiles()).not.toContain(path.basename(legacy));
  });

  it('refuses a 6 MB avatar with 413 before decoding it', async () => {
    const res = await setAvatar(dataUrl(Buffer.alloc(6 * 1024 * 1024, 7)));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: USER_MESSAGES.avatarTooLarge, code: 'TOO_LARGE' });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses an image just over 5 MB whose body still fits the request limit', async () => {
    const res = await setAvatar(dataUrl(Buffer.alloc(5 * 1024 * 1024 + 1, 7)));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(USER_MESSAGES.avatarTooLarge);
  });

  it.each([
    [
      'a PNG header followed by HTML',
      async () =>
        dataUrl(Buffer.concat([await png(), Buffer.from('<html><script>alert(1)</script></html>')])),
    ],
    [
      'an SVG avatar',
      async () =>
        dataUrl(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
          ),
          'image/svg+xml',
        ),
    ],
    [
      'an SVG declared as PNG',
      async () => dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
    ],
    ['a text file named .png', async () => dataUrl(Buffer.from('Lista de exercícios de matemática\n'))],
    [
      'a data URL that is not an image',
      async () => `data:text/html;base64,${Buffer.from('<p>oi</p>').toString('base64')}`,
    ],
    ['broken base64', async () => 'data:image/png;base64,@@@###'],
    ['a plain address instead of an embedded image', async () => 'https://exemplo.com/foto.png'],
  ])('refuses %s (400) and stores nothing', async (_name, makeAvatar) => {
    const res = await setAvatar(await makeAvatar());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MESSAGES.avatarInvalid);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a decompression bomb over 40 megapixels without decoding it', async () => {
    const bomb = pngBomb(8_000, 8_000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await setAvatar(dataUrl(bomb));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MESSAGES.avatarTooManyPixels);
  });

  it('accepts GIF, WebP and AVIF too', async () => {
    const base = sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a3' } });
    for (const [type, bytes] of [
      ['image/gif', await base.clone().gif().toBuffer()],
      ['image/webp', await base.clone().webp().toBuffer()],
      ['image/avif', await base.clone().avif().toBuffer()],
    ] as const) {
      const res = await setAvatar(dataUrl(bytes, type));
      expect(res.statusCode, type).toBe(200);
    }
  });
});
