import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MEDIA_PREFIX, type MediaFolder, mediaKey, uploadKeyOf } from '../../plugins/media.ts';
import type { ObjectStore } from '../../plugins/storage.ts';

// Every write of an uploaded post image, attachment or cover goes through here, into the app's
// object store (plugins/storage.ts: the disk under DATA_DIR, or S3), served publicly at /media/.

const CONTENT_TYPES = { webp: 'image/webp', pdf: 'application/pdf' } as const;

/** Keeps the file under a random name that is never reused; answers its public address and store key. */
export async function storeMediaFile(
  storage: ObjectStore,
  publicUrl: string,
  folder: MediaFolder,
  extension: 'webp' | 'pdf',
  bytes: Buffer,
): Promise<{ url: string; key: string }> {
  const relative = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  await storage.put(mediaKey(relative), bytes, CONTENT_TYPES[extension]);
  return { url: new URL(`${MEDIA_PREFIX}${relative}`, publicUrl).toString(), key: mediaKey(relative) };
}

/** `storeMediaFile`, answering only the address. */
export async function storeMedia(
  storage: ObjectStore,
  publicUrl: string,
  folder: MediaFolder,
  extension: 'webp' | 'pdf',
  bytes: Buffer,
): Promise<string> {
  return (await storeMediaFile(storage, publicUrl, folder, extension, bytes)).url;
}

/** Where the disk driver keeps that address's file (tests look at the bytes). */
export function storedMediaPath(publicUrl: string, dataDir: string, url: string): string | null {
  const key = uploadKeyOf(publicUrl, url);
  return key ? path.join(dataDir, key) : null;
}
