import {
  answerRequestSchema,
  connectionRequestSchema,
  messageSchema,
  NOTIFICATION_MESSAGES,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { answerRequest, listPendingRequests, sendRequest } from './connection-requests.service.ts';

const requestParams = z.object({ id: uuidParam(NOTIFICATION_MESSAGES.requestNotFound) });
const userParams = z.object({ id: uuidParam('Usuário não encontrado.') });
/** The requests are answered from the notifications' screen ('Solicitações'): their section of the docs. */
const docs = apiDocs('notifications');

/** Connection and follow requests. Every route is behind requireVerified, checked on request. */
export const connectionRequestsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireVerified);

  app.get(
    '/notifications/requests',
    {
      schema: {
        ...docs.session('listConnectionRequests', 'Lista os pedidos de conexão pendentes'),
        response: respond(z.array(connectionRequestSchema)),
      },
    },
    async (request) => ({ data: await listPendingRequests(ctx, currentUser(request).id) }),
  );

  app.put(
    '/notifications/requests/:id',
    {
      schema: {
        ...docs.session('answerConnectionRequest', 'Aceita ou recusa um pedido de conexão'),
        params: requestParams,
        body: answerRequestSchema,
        response: respond(z.object({ status: z.enum(['accepted', 'rejected']) })),
      },
    },
    async (request) => ({
      data: await answerRequest(ctx, currentUser(request).id, request.params.id, request.body.action),
    }),
  );

  // 'Conectar' on another user's profile.
  app.post(
    '/users/:id/connect',
    {
      schema: {
        ...docs.session('sendConnectionRequest', 'Envia um pedido de conexão a um usuário'),
        params: userParams,
        response: { ...respond(messageSchema), ...respond(messageSchema, 201) },
      },
    },
    async (request, reply) => {
      const { created } = await sendRequest(ctx, currentUser(request), request.params.id);
      reply.code(created ? 201 : 200);
      return { data: { message: 'Solicitação enviada' } };
    },
  );
};
