import { ErrorCode } from '@estudai/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (CSRF), on top of SameSite=Lax:
 * browsers send Origin (and Sec-Fetch-Site) with every cross-site POST, PUT, PATCH and DELETE.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  // A callback hook, not async: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const crossOrigin = origin
      ? origin !== opts.config.publicUrl && origin !== ownOrigin
      : request.headers['sec-fetch-site'] === 'cross-site';
    if (crossOrigin) {
      reply.code(403).send({ error: 'Requisição de outra origem recusada.', code: ErrorCode.crossOrigin });
      return;
    }
    done();
  });
});
