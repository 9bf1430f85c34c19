import {
  appealInputSchema,
  bulkResolveSchema,
  decideAppealSchema,
  MODERATION_MESSAGES,
  messageSchema,
  moderationActionSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  myModerationActionSchema,
  pageOf,
  pageQuerySchema,
  suspensionAppealSchema,
} from '@estudai/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireModerator } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { appealAction, appealSuspension, decideAppeal, listMyModerationActions } from './appeals.service.ts';
import { listModerationActions } from './moderation.service.ts';
import { type ImageQueuePort, moderationQueue, resolveAllReportsAbout } from './queue.service.ts';

const docs = apiDocs('moderation');

/** Issue 43, the person's side: what was done to them, and 'Recorrer'. */
export const appealsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users/me/moderation-actions',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session(
          'listMyModerationActions',
          'Lista as ações da moderação contra você, com regra, item e recurso',
        ),
        response: respond(z.array(myModerationActionSchema)),
      },
    },
    async (request) => ({ data: await listMyModerationActions(ctx, currentUser(request)) }),
  );

  app.post(
    '/moderation-actions/:id/appeal',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('appealModerationAction', 'Recorre, uma vez, de uma ação da moderação'),
        params: z.object({ id: uuidParam(MODERATION_MESSAGES.actionNotFound) }),
        body: appealInputSchema,
        response: respond(z.object({ id: z.string(), message: z.string() }), 201),
      },
    },
    async (request, reply) => {
      const id = await appealAction(ctx, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { data: { id, message: MODERATION_MESSAGES.appealSent } };
    },
  );

  app.post(
    '/moderation-actions/suspension-appeal',
    {
      config: limitedBy(ctx.config, 'auth'),
      schema: {
        ...docs.public(
          'appealSuspension',
          'Recorre de uma suspensão com e-mail e senha (quem está suspenso não entra)',
        ),
        body: suspensionAppealSchema,
        response: respond(z.object({ id: z.string(), message: z.string() }), 201),
      },
    },
    async (request, reply) => {
      const id = await appealSuspension(ctx, request.body);
      reply.code(201);
      return { data: { id, message: MODERATION_MESSAGES.appealSent } };
    },
  );
};

/** The moderators' queue and log: a 403 with a message to anyone else (issue 43). */
async function requireModeratorSession(request: FastifyRequest): Promise<void> {
  await requireVerified(request);
  requireModerator(currentUser(request));
}

/**
 * Issue 43, the moderators' side: one queue of reports, images and appeals, bulk decisions on one
 * person's reports, deciding appeals, and the audit log — read-only here and append-only in the
 * database (no route updates or deletes it).
 */
export const moderatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; images: ImageQueuePort }> = async (
  app,
  { ctx, images },
) => {
  app.addHook('onRequest', requireModeratorSession);

  app.get(
    '/admin/moderation/queue',
    {
      schema: {
        ...docs.session(
          'getModerationQueue',
          'Fila da moderação: denúncias, imagens ou recursos, os mais antigos primeiro',
        ),
        querystring: moderationQueueQuerySchema,
        response: respond(moderationQueueSchema),
      },
    },
    async (request) => ({ data: await moderationQueue(ctx, images, request.query) }),
  );

  app.post(
    '/admin/moderation/users/:id/resolve-reports',
    {
      schema: {
        ...docs.session(
          'resolveAllReportsAbout',
          'Resolve de uma vez todas as denúncias em aberto contra uma pessoa',
        ),
        params: z.object({ id: uuidParam(MODERATION_MESSAGES.bulkNothingOpen) }),
        body: bulkResolveSchema,
        response: respond(z.object({ message: z.string(), resolved: z.number().int() })),
      },
    },
    async (request) => ({
      data: await resolveAllReportsAbout(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/appeals/:id/decide',
    {
      schema: {
        ...docs.session(
          'decideAppeal',
          'Decide um recurso: mantém ou reverte a ação (outra pessoa da moderação)',
        ),
        params: z.object({ id: uuidParam(MODERATION_MESSAGES.appealNotFound) }),
        body: decideAppealSchema,
        response: respond(messageSchema),
      },
    },
    async (request) => ({
      data: { message: await decideAppeal(ctx, currentUser(request), request.params.id, request.body) },
    }),
  );

  app.get(
    '/admin/moderation-actions',
    {
      schema: {
        ...docs.session('listModerationActions', 'Lista as ações de moderação tomadas'),
        querystring: pageQuerySchema,
        response: { 200: pageOf(moderationActionSchema), ...errorResponses },
      },
    },
    async (request) => listModerationActions(ctx, request.query),
  );
};
