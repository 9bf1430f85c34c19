import { createStudySessionSchema, studyStatsSchema } from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { recordStudySession } from './study.service.ts';

const docs = apiDocs('study');

export const studyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/study-sessions',
    {
      onRequest: requireVerified,
      config: limitedBy(ctx.config, 'studyAnswers'),
      schema: {
        ...docs.session('recordStudySession', 'Registra uma sessão de estudo'),
        body: createStudySessionSchema,
        response: respond(studyStatsSchema, 201),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await recordStudySession(ctx, currentUser(request), request.body) };
    },
  );
};
