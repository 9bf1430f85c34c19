import {
  CHAT_MESSAGES,
  chatMessageSchema,
  conversationSchema,
  messagesQuerySchema,
  mutualFollowerSchema,
  pageOf,
  pageQuerySchema,
  sendMessageSchema,
  startConversationSchema,
  unreadCountSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { accountLimit } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as chat from './chat.service.ts';
import { registerChatSocket } from './chat.socket.ts';

// Any id is let through: the service answers 404 for one that names no conversation of the user.
const conversationParams = z.object({ id: uuidParam(CHAT_MESSAGES.notFound) });
/** Every route here is behind requireVerified, checked on request: 401 before any body is read. */
const docs = apiDocs('chat');

export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireVerified);
  // One count of each person's messages, sent by HTTP or over the socket ('chatMessages').
  const messagesLimit = accountLimit(app, ctx.config, 'chatMessages');
  registerChatSocket(ctx, messagesLimit);

  app.post(
    '/chat/conversations',
    {
      schema: {
        ...docs.session('startConversation', 'Abre uma conversa com alguém (ou devolve a que já existe)'),
        body: startConversationSchema,
        response: { ...respond(conversationSchema), ...respond(conversationSchema, 201) },
      },
    },
    async (request, reply) => {
      const { created, conversation } = await chat.startConversation(
        ctx,
        currentUser(request).id,
        request.body.otherUserId,
      );
      reply.code(created ? 201 : 200);
      return { data: conversation };
    },
  );

  app.get(
    '/chat/conversations',
    {
      schema: {
        ...docs.session('listConversations', 'Lista as conversas'),
        querystring: pageQuerySchema,
        response: { 200: pageOf(conversationSchema), ...errorResponses },
      },
    },
    async (request) =>
      chat.listConversations(ctx, currentUser(request).id, request.query.page, request.query.limit),
  );

  app.get(
    '/chat/conversations/:id/messages',
    {
      schema: {
        ...docs.session('listMessages', 'Lista as mensagens de uma conversa'),
        params: conversationParams,
        querystring: messagesQuerySchema.extend({ limit: pageQuerySchema.shape.limit }),
        response: { 200: pageOf(chatMessageSchema), ...errorResponses },
      },
    },
    async (request) =>
      chat.listMessages(ctx, currentUser(request).id, request.params.id, {
        limit: request.query.limit,
        cursor: request.query.cursor,
        after: request.query.after,
      }),
  );

  app.post(
    '/chat/conversations/:id/messages',
    {
      schema: {
        ...docs.session('sendMessage', 'Envia uma mensagem'),
        params: conversationParams,
        body: sendMessageSchema,
        response: { ...respond(chatMessageSchema), ...respond(chatMessageSchema, 201) },
      },
      // The global per-IP limit gives way to the per-account one, as a route's named limit does.
      config: { rateLimit: false },
      onRequest: messagesLimit.onRequest,
    },
    async (request, reply) => {
      const { created, message } = await chat.sendMessage(
        ctx,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      reply.code(created ? 201 : 200);
      return { data: message };
    },
  );

  app.put(
    '/chat/conversations/:id/read',
    {
      schema: {
        ...docs.session('markConversationRead', 'Marca as mensagens de uma conversa como lidas'),
        params: conversationParams,
        response: respond(z.object({ read: z.number().int() })),
      },
    },
    async (request) => ({ data: await chat.markRead(ctx, currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/chat/unread-count',
    {
      schema: {
        ...docs.session('countUnreadMessages', 'Conta as mensagens não lidas'),
        response: respond(unreadCountSchema),
      },
    },
    async (request) => ({ data: { count: await chat.unreadCount(ctx, currentUser(request).id) } }),
  );

  app.get(
    '/users/mutual-followers',
    {
      schema: {
        ...docs.session('listMutualFollowers', 'Lista os seguidores mútuos, com quem se pode conversar'),
        response: respond(z.array(mutualFollowerSchema)),
      },
    },
    async (request) => ({ data: await chat.listMutualFollowers(ctx, currentUser(request).id) }),
  );
};
