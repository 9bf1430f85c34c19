import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where uploaded files live: `DATA_DIR/uploads`, served read-only at `/media/`. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
export const MEDIA_PREFIX = '/media/';

/**
 * Serves uploads. Every file name is random and never reused, so a year of caching is safe;
 * `nosniff` keeps browsers from reading an upload as anything but its declared type.
 */
export async function mediaPlugin(app: FastifyInstance, opts: { dataDir: string }) {
  const root = uploadsDir(opts.dataDir);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
