import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@estudai/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built web app and answers unknown non-API paths with it (the SPA decides). */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const hasWeb = fs.existsSync(path.join(opts.webDist, 'index.html'));
  const sendApp = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      index: false,
      // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The root is a directory to @fastify/static (403 with `index: false`), so it gets its own route.
    app.get('/', (_request, reply) => sendApp(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|media)(\/|$)/.test(request.url);
    if (isPage && hasWeb) return sendApp(reply);
    return reply.code(404).send({ error: 'Recurso não encontrado.', code: ErrorCode.notFound });
  });
});
