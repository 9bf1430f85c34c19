import {
  messageSchema,
  NOTIFICATION_MESSAGES,
  notificationCountsSchema,
  notificationSchema,
  pageOf,
  pageQuerySchema,
  pushSubscriptionSchema,
  recommendedUserSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified, SESSION_COOKIE, sessionIdOf } from '../../plugins/session.ts';
import * as notifications from './notifications.service.ts';
import { removeSubscription, saveSubscription, vapidKeys } from './push.service.ts';
import { listRecommendations } from './recommendations.service.ts';

const notificationParams = z.object({ id: uuidParam(NOTIFICATION_MESSAGES.notFound) });
/** Every route here is behind requireVerified, checked on request: 401 before any body is read. */
const docs = apiDocs('notifications');
const pushDocs = apiDocs('push');

export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireVerified);

  app.get(
    '/notifications',
    {
      schema: {
        ...docs.session('listNotifications', 'Lista as notificações'),
        querystring: pageQuerySchema,
        response: { 200: pageOf(notificationSchema), ...errorResponses },
      },
    },
    async (request) => notifications.listNotifications(ctx, currentUser(request).id, request.query),
  );

  // The spec's screen asks for comment notifications separately (its result is not shown).
  app.get(
    '/notifications/comments',
    {
      schema: {
        ...docs.session('listCommentNotifications', 'Lista as notificações de comentários'),
        querystring: pageQuerySchema,
        response: { 200: pageOf(notificationSchema), ...errorResponses },
      },
    },
    async (request) =>
      notifications.listNotifications(ctx, currentUser(request).id, { ...request.query, type: 'comment' }),
  );

  app.get(
    '/notifications/counts',
    {
      schema: {
        ...docs.session('countNotifications', 'Conta as notificações não lidas e os pedidos pendentes'),
        response: respond(notificationCountsSchema),
      },
    },
    async (request) => ({
      data: await notifications.countsFor(ctx, currentUser(request).id),
    }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        ...docs.session('markNotificationRead', 'Marca uma notificação como lida'),
        params: notificationParams,
        response: respond(z.object({ isRead: z.literal(true) })),
      },
    },
    async (request) => {
      await notifications.markRead(ctx, currentUser(request).id, request.params.id);
      return { data: { isRead: true as const } };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        ...docs.session('markAllNotificationsRead', 'Marca todas as notificações como lidas'),
        response: respond(z.object({ read: z.number().int() })),
      },
    },
    async (request) => ({ data: await notifications.markAllRead(ctx, currentUser(request).id) }),
  );

  app.get(
    '/notifications/recommendations',
    {
      schema: {
        ...docs.session('listRecommendedUsers', 'Lista recomendações de quem seguir'),
        response: respond(z.array(recommendedUserSchema)),
      },
    },
    async (request) => ({ data: await listRecommendations(ctx, currentUser(request)) }),
  );

  app.get(
    '/push/public-key',
    {
      schema: {
        ...pushDocs.session('getPushPublicKey', 'Informa a chave pública (VAPID) das notificações push'),
        response: respond(z.object({ publicKey: z.string() })),
      },
    },
    async () => ({
      data: { publicKey: vapidKeys(ctx.config.dataDir).publicKey },
    }),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        ...pushDocs.session('subscribePush', 'Ativa as notificações push neste aparelho'),
        body: pushSubscriptionSchema,
        response: respond(messageSchema, 201),
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const sessionId = token ? sessionIdOf(token) : null;
      await saveSubscription(ctx, { userId: currentUser(request).id, sessionId }, request.body);
      reply.code(201);
      return { data: { message: 'Notificações ativadas neste aparelho.' } };
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        ...pushDocs.session('unsubscribePush', 'Desativa as notificações push neste aparelho'),
        body: z.strictObject({ endpoint: z.string().max(2_000) }),
        response: respond(messageSchema),
      },
    },
    async (request) => {
      await removeSubscription(ctx, currentUser(request).id, request.body.endpoint);
      return { data: { message: 'Notificações desativadas neste aparelho.' } };
    },
  );
};
