import { GROUP_MESSAGES, groupPageInputSchema, groupPageSchema } from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as groupPage from './group-page.service.ts';

const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const docs = apiDocs('teaching');

/** The group page for prospective members: read by anyone signed in, written by the owner. */
export const groupPageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guarded = { onRequest: requireVerified };

  app.get(
    '/study-groups/:id/page',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'getGroupPage',
          "'O que você vai aprender', conteúdo, perguntas frequentes e avaliações",
        ),
        params: groupParams,
        response: respond(groupPageSchema),
      },
    },
    async (request) => ({ data: await groupPage.getGroupPage(ctx, currentUser(request), request.params.id) }),
  );

  app.put(
    '/study-groups/:id/page',
    {
      ...guarded,
      schema: {
        ...docs.session('saveGroupPage', 'Salva a página do grupo para quem ainda não é membro (dono)'),
        params: groupParams,
        body: groupPageInputSchema,
        response: respond(groupPageSchema),
      },
    },
    async (request) => ({
      data: await groupPage.saveGroupPage(ctx, currentUser(request), request.params.id, request.body),
    }),
  );
};
