import fs from 'node:fs';
import { MEDIA_MESSAGES, POST_MESSAGES, uploadedMediaSchema } from '@estudai/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createUser, signedInAs } from '../../../test/factories.ts';
import { storedMediaPath } from './media.storage.ts';

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

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; type: string };

/** A multipart/form-data body as a browser's FormData sends it. */
function form(parts: Part[]) {
  const boundary = '----estudai-media-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (
  purpose: string,
  content: Buffer,
  filename = 'foto.jpg',
  type = 'image/jpeg',
  as = cookie,
) => {
  const { payload, contentType } = form([
    { name: 'purpose', value: purpose },
    { name: 'file', filename, content, type },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { cookie: as, 'content-type': contentType },
  });
};

/** A photo as a phone takes it: a JPEG with EXIF (camera, GPS) on it. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .withExif({ IFD0: { Make: 'Celular', Model: 'Da Ana' }, IFD3: { GPSLatitudeRef: 'S' } })
    .jpeg()
    .toBuffer();
const storedFile = (url: string) => {
  const file = storedMediaPath(t.config.publicUrl, t.config.dataDir, url);
  if (!file) throw new Error(`not a stored address: ${url}`);
  return file;
};

describe('POST /api/media', () => {
  it('re-encodes a post photo as WebP, at most 2048 px on its long side, without metadata', async () => {
    const res = await upload('post_image', await photo(3000, 1500));
    expect(res.statusCode).toBe(201);
    const media = uploadedMediaSchema.parse(res.json().data);
    expect(media).toMatchObject({ kind: 'image', width: 2048, height: 1024 });
    expect(media.url).toMatch(/^http:\/\/localhost:\d+\/media\/posts\/[a-f0-9]{32}\.webp$/);
    const stored = await sharp(fs.readFileSync(storedFile(media.url))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 2048, height: 1024 });
    expect(stored.exif).toBeUndefined();
    // A fresh upload no post holds yet is its uploader's alone (issue 37).
    const served = await t.app.inject({
      method: 'GET',
      url: new URL(media.url).pathname,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: new URL(media.url).pathname })).statusCode).toBe(404);
  });

  it('keeps a small image its size, and makes a group cover the same way', async () => {
    const res = await upload(
      'group_cover',
      await sharp({ create: { width: 800, height: 450, channels: 4, background: '#fff' } })
        .png()
        .toBuffer(),
      'capa.png',
      'image/png',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'image', width: 800, height: 450 });
    expect(res.json().data.url).toContain('/media/covers/');
  });

  it('stores a PDF attachment as it came, checked by its first bytes', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const res = await upload('post_attachment', pdf, 'lista.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
    const media = uploadedMediaSchema.parse(res.json().data);
    expect(media.kind).toBe('pdf');
    expect(media.url).toMatch(/\/media\/attachments\/[a-f0-9]{32}\.pdf$/);
    expect(fs.readFileSync(storedFile(media.url)).equals(pdf)).toBe(true);
  });

  it('refuses what is not an image: a text file, an SVG, markup named .png (400, nothing stored)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const cases: [Buffer, string, string][] = [
      [Buffer.from('só texto'), 'nota.txt', 'text/plain'],
      [svg, 'desenho.svg', 'image/svg+xml'],
      [Buffer.concat([await photo(10, 10), Buffer.from('<script>x</script>')]), 'foto.png', 'image/png'],
    ];
    for (const [content, name, type] of cases) {
      const res = await upload('post_image', content, name, type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MEDIA_MESSAGES.notImage, code: 'INVALID_FILE' });
    }
    expect(fs.existsSync(`${t.config.dataDir}/uploads/posts`)).toBe(false);
  });

  it('refuses an image of 11 MB with 413, before encoding it', async () => {
    const big = Buffer.concat([await photo(10, 10), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload('post_image', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: MEDIA_MESSAGES.tooLarge, code: 'TOO_LARGE' });
  });

  it('refuses a PDF that is not one, and an image as an attachment', async () => {
    const fake = await upload(
      'post_attachment',
      Buffer.from('<html>fatura</html>'),
      'fatura.pdf',
      'application/pdf',
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ error: MEDIA_MESSAGES.notPdf, code: 'INVALID_FILE' });
    const image = await upload('post_attachment', await photo(10, 10), 'foto.pdf', 'application/pdf');
    expect(image.statusCode).toBe(400);
  });

  it('refuses a missing or unknown purpose, a missing file, and a signed-out caller', async () => {
    const unknown = await upload('avatar', await photo(10, 10));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(MEDIA_MESSAGES.purposeInvalid);
    const { payload, contentType } = form([{ name: 'purpose', value: 'post_image' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { cookie, 'content-type': contentType },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toBe(MEDIA_MESSAGES.fileMissing);
    const json = await t.app.inject({ method: 'POST', url: '/api/media', payload: {}, headers: { cookie } });
    expect(json.statusCode).toBe(400);
    expect((await upload('post_image', await photo(10, 10), 'a.jpg', 'image/jpeg', '')).statusCode).toBe(401);
  });

  it('posts uploaded photos in the feed, and refuses an 11th', async () => {
    const ana = await as(t.app, await createUser(t.app));
    const urls: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await upload('post_image', await photo(20 + i, 20), 'foto.jpg', 'image/jpeg', ana.cookie);
      urls.push(res.json().data.url);
    }
    const eleven = await ana.post('/api/posts', { type: 'photo', content: 'Exercícios', mediaUrls: urls });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().error).toBe(POST_MESSAGES.mediaTooMany);
    const ten = await ana.post('/api/posts', {
      type: 'photo',
      content: 'Exercícios',
      mediaUrls: urls.slice(0, 10),
    });
    expect(ten.statusCode).toBe(201);
    const feed = await ana.get('/api/posts');
    expect(feed.json().data[0].mediaUrls).toEqual(urls.slice(0, 10));
  });
});
