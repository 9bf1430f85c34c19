import { ErrorCode } from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';

const docs = apiDocs('health');

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Liveness: the process answers; no database involved.
  app.get(
    '/health',
    { config: { rateLimit: false }, schema: docs.public('getHealth', 'Informa se o servidor está no ar') },
    async () => ({ data: { status: 'ok' } }),
  );

  // Readiness: the database answers too, and Redis and the S3 store when the processes share them.
  app.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: docs.public(
        'getReadiness',
        'Informa se o servidor, o banco de dados, o Redis e o armazenamento de arquivos estão prontos',
      ),
    },
    async (request, reply) => {
      const unavailable = (message: string) =>
        reply.code(503).header('retry-after', '5').send({ error: message, code: ErrorCode.unavailable });
      try {
        await ctx.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        return unavailable('O banco de dados não está respondendo.');
      }
      try {
        await ctx.bus.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'redis not ready');
        return unavailable('O Redis não está respondendo.');
      }
      if (ctx.storage.kind === 's3') {
        try {
          await ctx.storage.ping();
        } catch (error) {
          request.log.warn({ err: error }, 'object storage not ready');
          return unavailable('O armazenamento de arquivos não está respondendo.');
        }
      }
      return {
        data: {
          status: 'ok',
          database: ctx.database.kind,
          redis: ctx.bus.isShared ? 'ok' : 'off',
          storage: ctx.storage.kind,
        },
      };
    },
  );
};
