import { hiddenWordsInputSchema, hiddenWordsSchema } from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { getHiddenWords, setHiddenWords } from './hidden-words.service.ts';

const docs = apiDocs('hidden-words');

export const hiddenWordsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users/me/hidden-words',
    {
      onRequest: requireUser,
      schema: {
        ...docs.session('getHiddenWords', "Mostra as 'Palavras ocultas' e a lista padrão"),
        response: respond(hiddenWordsSchema),
      },
    },
    async (request) => ({ data: await getHiddenWords(ctx, currentUser(request)) }),
  );

  app.put(
    '/users/me/hidden-words',
    {
      onRequest: requireUser,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('setHiddenWords', "Troca a lista de 'Palavras ocultas'"),
        body: hiddenWordsInputSchema,
        response: respond(hiddenWordsSchema),
      },
    },
    async (request) => ({ data: await setHiddenWords(ctx, currentUser(request), request.body) }),
  );
};
