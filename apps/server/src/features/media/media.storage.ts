import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_PREFIX, uploadsDir } from '../../plugins/media.ts';

// Every write of an uploaded post image, attachment or cover goes through here: today the local
// disk under DATA_DIR/uploads (served at /media/), tomorrow the storage module of the scale-out
// work, behind the same two functions.

export type MediaFolder = 'posts' | 'attachments' | 'covers';

/** Writes the file under a random name that is never reused; answers its public address. */
export async function storeMedia(
  publicUrl: string,
  dataDir: string,
  folder: MediaFolder,
  extension: 'webp' | 'pdf',
  bytes: Buffer,
): Promise<string> {
  const dir = path.join(uploadsDir(dataDir), folder);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return new URL(`${MEDIA_PREFIX}${folder}/${name}`, publicUrl).toString();
}

/** The stored file of an address `storeMedia` answered, or null for any other address. */
export function storedMediaPath(publicUrl: string, dataDir: string, url: string): string | null {
  const match = /^\/media\/(posts|attachments|covers)\/([a-f0-9]{32}\.(?:webp|pdf))$/.exec(
    url.startsWith(publicUrl) ? url.slice(publicUrl.length) : '',
  );
  return match ? path.join(uploadsDir(dataDir), match[1] ?? '', match[2] ?? '') : null;
}
