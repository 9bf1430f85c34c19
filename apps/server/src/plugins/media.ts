import path from 'node:path';
import { ErrorCode } from '@estudai/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.ts';
import { type ObjectStore, StoredObjectMissing } from './storage.ts';

/** Public uploads: kept under `uploads/<folder>/<name>` in the store, served at `/media/`. */
export const MEDIA_PREFIX = '/media/';
const UPLOADS_KEY_PREFIX = 'uploads/';
/** The store key of a public address `/media/<folder>/<name>` (or the path part of a full URL). */
export const mediaKey = (relative: string) => `${UPLOADS_KEY_PREFIX}${relative}`;
/** Where the disk driver keeps them: `DATA_DIR/uploads`. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, UPLOADS_KEY_PREFIX);

const MEDIA_FILE =
  /^(avatars|posts|attachments|covers|essays|resolutions|cards)\/([a-z0-9_-]{1,64}\.(?:webp|pdf))$/;

/** The folders `POST /api/media` stores into, one per purpose (avatars are the profile's). */
export type MediaFolder = 'posts' | 'attachments' | 'covers' | 'essays' | 'resolutions' | 'cards';
const UPLOAD_ADDRESS =
  /^\/media\/((?:posts|attachments|covers|essays|resolutions|cards)\/[a-f0-9]{32}\.(?:webp|pdf))$/;

/** The store key of an address `POST /api/media` answered (under the app's `publicUrl`), or null for any other. */
export function uploadKeyOf(publicUrl: string, url: string): string | null {
  const match = UPLOAD_ADDRESS.exec(url.startsWith(publicUrl) ? url.slice(publicUrl.length) : '');
  return match?.[1] ? mediaKey(match[1]) : null;
}

/**
 * Issue 42: images people bring inside a file they import (a Moodle question's `<file>`, an Anki
 * card's media) become their own uploads through media's own path: type sniffed by its bytes, size
 * and pixels bounded, re-encoded as WebP, recorded, and queued for the image check (decision 051).
 * Media offers it and app.ts hands it to imports and decks (a port: no arrow between features).
 */
export interface ImportedImages {
  /** Stores the image as `uploaderId`'s upload; answers its address. Throws an AppError (pt-BR) for what is no image. */
  store(uploaderId: string, purpose: 'post_image' | 'card_image', bytes: Buffer): Promise<string>;
  /** In the transaction that dropped what held them: those uploads no post holds answer 404 and go. */
  release(tx: Tx, urls: string[]): Promise<void>;
}

/** Whether this request may read the upload at `relative` (`<folder>/<name>`): the app's policy. */
export type MediaReadCheck = (request: FastifyRequest, relative: string) => Promise<boolean>;

/** Folders whose files belong to posts, essays, resolutions and flashcards: checked on every request, never kept by a shared cache. */
const CHECKED_FOLDERS = new Set(['posts', 'attachments', 'essays', 'resolutions', 'cards']);
/**
 * Issue 37: user content is never cached for a year nor by a shared cache, so a deleted file's
 * address answers 404 at once; a post's file is asked again every time (its reader may have been
 * removed from the group), an avatar or cover may be kept five minutes.
 */
const CACHE_CONTROL = { checked: 'private, no-cache', other: 'private, max-age=300' } as const;

/**
 * Serves uploads (avatars, post images and attachments, covers) from the store, whichever driver
 * keeps them, at stable addresses, after `canRead` (issue 37: a members-only group's photo only to
 * its members, on every request); `nosniff` keeps browsers from reading an upload as anything but
 * its declared type. Group materials and data exports are never here: their features stream them
 * after the permission check.
 */
export async function mediaPlugin(
  app: FastifyInstance,
  opts: { storage: ObjectStore; canRead: MediaReadCheck },
) {
  // Outside /api: no request limit (as for the app's own files).
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const match = MEDIA_FILE.exec(relative);
    const notFound = () =>
      reply.code(404).send({ error: 'Arquivo não encontrado.', code: ErrorCode.notFound });
    if (!match) return notFound();
    if (!(await opts.canRead(request, relative))) return notFound();
    const etag = `"${match[2]}"`;
    const cacheControl = CHECKED_FOLDERS.has(match[1] ?? '') ? CACHE_CONTROL.checked : CACHE_CONTROL.other;
    if (request.headers['if-none-match'] === etag) {
      return reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
    }
    try {
      const file = await opts.storage.get(mediaKey(relative));
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('etag', etag)
        .header('cache-control', cacheControl)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    } catch (error) {
      if (error instanceof StoredObjectMissing) return notFound();
      throw error;
    }
  });
}
