import { searchPageSchema, searchQuerySchema, trendingTagSchema } from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { search, trendingTags } from './search.service.ts';

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

  app.get(
    '/search/trending-tags',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('trendingTags', 'Lista as hashtags mais usadas no feed nos últimos 7 dias'),
        response: respond(z.array(trendingTagSchema)),
      },
    },
    async (request) => ({ data: await trendingTags(ctx, currentUser(request)) }),
  );
};
