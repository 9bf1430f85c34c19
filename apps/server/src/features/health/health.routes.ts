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

  // Readiness: the database answers too.
  app.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: docs.public('getReadiness', 'Informa se o servidor e o banco de dados estão prontos'),
    },
    async (request, reply) => {
      try {
        await ctx.database.ping();
        return { data: { status: 'ok', database: ctx.database.kind } };
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        return reply
          .code(503)
          .send({ error: 'O banco de dados não está respondendo.', code: ErrorCode.unavailable });
      }
    },
  );
};
