import { masterySchema, practiceNextQuerySchema, practiceNextSchema } from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses } from '../../lib/responses.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { getMastery, nextPracticeItem } from './practice.service.ts';

const docs = apiDocs('practice');

export const practiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/practice/next',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('nextPracticeItem', 'Escolhe o próximo item do treino adaptativo'),
        querystring: practiceNextQuerySchema,
        response: { 200: practiceNextSchema, ...errorResponses },
      },
    },
    (request) => nextPracticeItem(ctx, currentUser(request), request.query),
  );

  app.get(
    '/users/me/mastery',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('getMastery', 'Mostra o mapa de domínio de quem está conectado'),
        response: { 200: masterySchema, ...errorResponses },
      },
    },
    (request) => getMastery(ctx, currentUser(request)),
  );
};
