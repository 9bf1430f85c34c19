import { bankPageSchema, bankQuerySchema } from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses } from '../../lib/responses.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { listBankQuestions } from './questions.service.ts';

const docs = apiDocs('study');

export const questionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/questions',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('listBankQuestions', 'Lista o banco de questões com filtros'),
        querystring: bankQuerySchema,
        response: { 200: bankPageSchema, ...errorResponses },
      },
    },
    (request) => listBankQuestions(ctx, currentUser(request), request.query),
  );
};
