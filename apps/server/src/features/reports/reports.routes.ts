import {
  messageSchema,
  REPORT_MESSAGES,
  reportCheckSchema,
  reportInputSchema,
  reportIntegritySchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { checkReported, reportIntegrity, reportUser } from './reports.service.ts';

const docs = apiDocs('reports');

export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/users/:id/report',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('reportUser', 'Denuncia um usuário'),
        params: z.object({ id: z.string().max(64) }),
        body: reportInputSchema,
        response: respond(messageSchema, 201),
      },
    },
    async (request, reply) => {
      await reportUser(ctx, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { data: { message: REPORT_MESSAGES.sent } };
    },
  );

  app.get(
    '/reports/check/:userId',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('checkReported', 'Informa se você já denunciou um usuário'),
        params: z.object({ userId: z.string().max(64) }),
        response: respond(reportCheckSchema),
      },
    },
    async (request) => ({
      data: { hasReported: await checkReported(ctx, currentUser(request), request.params.userId) },
    }),
  );

  app.get(
    '/reports/integrity/me',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('getReportIntegrity', 'Informa se você ainda pode denunciar hoje'),
        response: respond(reportIntegritySchema),
      },
    },
    async (request) => ({ data: await reportIntegrity(ctx, currentUser(request)) }),
  );
};
