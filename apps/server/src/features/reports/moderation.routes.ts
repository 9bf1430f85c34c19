import {
  decideContestSchema,
  messageSchema,
  pageOf,
  pageQuerySchema,
  reportQueueItemSchema,
  resolveReportSchema,
} from '@estudai/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { decideContest, listOpenReports, resolveReport } from './moderation.service.ts';

/** Moderation is for admins; to anyone else it does not exist (404, nothing to probe). */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireVerified(request);
  if (currentUser(request).userType !== 'admin') throw notFound();
}

/** Every route here is behind requireAdmin: a session is needed (and an admin's, or the answer is 404). */
const docs = apiDocs('moderation');

export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Runs before the body is even read, so a non-admin learns nothing from a 400 either.
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/reports',
    {
      schema: {
        ...docs.session('listOpenReports', 'Lista as denúncias em aberto'),
        querystring: pageQuerySchema,
        response: { 200: pageOf(reportQueueItemSchema), ...errorResponses },
      },
    },
    async (request) => listOpenReports(ctx, request.query),
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      schema: {
        ...docs.session('resolveReport', 'Resolve uma denúncia'),
        params: z.object({ id: z.string().max(64) }),
        body: resolveReportSchema,
        response: respond(messageSchema),
      },
    },
    async (request) => ({
      data: { message: await resolveReport(ctx, currentUser(request), request.params.id, request.body) },
    }),
  );

  app.post(
    '/admin/reports/:id/contest',
    {
      schema: {
        ...docs.session('decideContest', 'Decide uma contestação: mantém ou reverte a decisão'),
        params: z.object({ id: z.string().max(64) }),
        body: decideContestSchema,
        response: respond(messageSchema),
      },
    },
    async (request) => ({
      data: { message: await decideContest(ctx, currentUser(request), request.params.id, request.body) },
    }),
  );
};
