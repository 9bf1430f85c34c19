import { searchPageSchema, searchQuerySchema } from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses } from '../../lib/responses.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { search } from './search.service.ts';

const docs = apiDocs('search');

export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/search',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('search', 'Busca pessoas, posts, grupos ou questões'),
        querystring: searchQuerySchema,
        response: { 200: searchPageSchema, ...errorResponses },
      },
    },
    (request) => search(ctx, currentUser(request), request.query),
  );
};
