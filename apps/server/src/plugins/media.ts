import path from 'node:path';
import { ErrorCode } from '@estudai/contract';
import type { FastifyInstance } from 'fastify';
import { type ObjectStore, StoredObjectMissing } from './storage.ts';

/** Public uploads: kept under `uploads/<folder>/<name>` in the store, served at `/media/`. */
export const MEDIA_PREFIX = '/media/';
const UPLOADS_KEY_PREFIX = 'uploads/';
/** The store key of a public address `/media/<folder>/<name>` (or the path part of a full URL). */
export const mediaKey = (relative: string) => `${UPLOADS_KEY_PREFIX}${relative}`;
/** Where the disk driver keeps them: `DATA_DIR/uploads`. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, UPLOADS_KEY_PREFIX);

const MEDIA_FILE = /^(avatars|posts|attachments|covers)\/([a-z0-9_-]{1,64}\.(?:webp|pdf))$/;

/**
 * Serves public uploads (avatars, post images and attachments, covers) from the store, whichever
 * driver keeps them, at stable addresses. Every file name is random and never reused, so a year of
 * caching is safe; `nosniff` keeps browsers from reading an upload as anything but its declared type.
 * Members-only files (group materials, data exports) are never here: their features stream them
 * after the permission check.
 */
export async function mediaPlugin(app: FastifyInstance, opts: { storage: ObjectStore }) {
  // Outside /api: no request limit (as for the app's own files).
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const match = MEDIA_FILE.exec(relative);
    const notFound = () =>
      reply.code(404).send({ error: 'Arquivo não encontrado.', code: ErrorCode.notFound });
    if (!match) return notFound();
    const etag = `"${match[2]}"`;
    if (request.headers['if-none-match'] === etag) return reply.code(304).header('etag', etag).send();
    try {
      const file = await opts.storage.get(mediaKey(relative));
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    } catch (error) {
      if (error instanceof StoredObjectMissing) return notFound();
      throw error;
    }
  });
}
