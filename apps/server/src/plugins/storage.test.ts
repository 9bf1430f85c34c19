import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3.ts';
import { diskStore, type ObjectStore, StoredObjectMissing, s3Store } from './storage.ts';

// One contract, both drivers: what the features rely on holds on the local disk and on a real S3
// protocol server (s3rver) alike.

let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const drivers: [string, () => ObjectStore][] = [
  ['disk', () => diskStore(dataDir)],
  ['s3', () => s3Store(s3.settings)],
];

describe.each(drivers)('the %s driver', (_name, open) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = open();
  });
  afterAll(() => store.close());

  it('keeps bytes and gives them back as a stream, with their size and type', async () => {
    const bytes = Buffer.from('%PDF-1.4 lista de exercícios');
    await store.put('materials/contract-a.pdf', bytes, 'application/pdf');
    const got = await store.get('materials/contract-a.pdf');
    expect(got.contentType).toBe('application/pdf');
    expect(got.size).toBe(bytes.length);
    expect(await text(got.stream)).toBe(bytes.toString());
  });

  it('keeps an image with its type', async () => {
    await store.put('uploads/avatars/contract.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    const got = await store.get('uploads/avatars/contract.webp');
    expect(got.contentType).toBe('image/webp');
    got.stream.resume();
  });

  it('moves a local file in (a large one streamed) and leaves no local copy', async () => {
    const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-local-')), 'part');
    const bytes = Buffer.alloc(3 * 1024 * 1024, 'x');
    fs.writeFileSync(local, bytes);
    await store.putFile('exports/contract.zip', local, 'application/zip');
    expect(fs.existsSync(local)).toBe(false);
    const got = await store.get('exports/contract.zip');
    expect(got.size).toBe(bytes.length);
    expect(got.contentType).toBe('application/zip');
    const chunks: Buffer[] = [];
    for await (const chunk of got.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('answers StoredObjectMissing (404) for a key with nothing under it', async () => {
    const missing = await store.get('materials/nunca-enviado.pdf').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(StoredObjectMissing);
    expect(missing).toMatchObject({ statusCode: 404, key: 'materials/nunca-enviado.pdf' });
  });

  it('deletes, after which the object is missing; deleting again is no error', async () => {
    await store.put('uploads/posts/contract.webp', Buffer.from('x'), 'image/webp');
    await store.delete('uploads/posts/contract.webp');
    await expect(store.get('uploads/posts/contract.webp')).rejects.toBeInstanceOf(StoredObjectMissing);
    await expect(store.delete('uploads/posts/contract.webp')).resolves.toBeUndefined();
  });

  it('replaces an object put again under the same key', async () => {
    await store.put('uploads/covers/contract.webp', Buffer.from('antes'), 'image/webp');
    await store.put('uploads/covers/contract.webp', Buffer.from('depois'), 'image/webp');
    expect(await text((await store.get('uploads/covers/contract.webp')).stream)).toBe('depois');
  });

  it('refuses keys that could leave its place (a bug in the caller, never user input)', async () => {
    for (const key of ['../secrets/x', 'materials/../../x.pdf', '/etc/passwd', 'materials/.hidden', 'x']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid storage key');
      await expect(store.get(key)).rejects.toThrow('invalid storage key');
    }
  });

  it('answers a ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('the s3 driver when the store is away', () => {
  it('fails its ping: a missing bucket, a server that does not answer', async () => {
    const wrongBucket = s3Store({ ...s3.settings, bucket: 'nao-existe' });
    await expect(wrongBucket.ping()).rejects.toThrow();
    wrongBucket.close();
    const other = await startTestS3();
    const store = s3Store(other.settings);
    await other.close();
    await expect(store.ping()).rejects.toThrow();
    store.close();
  });
});
