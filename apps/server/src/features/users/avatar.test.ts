import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { USER_MESSAGES } from '@estudai/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  cookie = await signedInAs(t.app, await createUser(t.app));
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

  it('removes the old file when a new avatar replaces it, and when the avatar is removed', async () => {
    const first = (await setAvatar(dataUrl(await png()))).json().data.avatar;
    const second = (await setAvatar(dataUrl(await png(300, 300)))).json().data.avatar;
    expect(second).not.toBe(first);
    expect(storedFiles()).toEqual([path.basename(second)]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    const removed = await setAvatar(null);
    expect(removed.json().data.avatar).toBeNull();
    expect(storedFiles()).toEqual([]);
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
