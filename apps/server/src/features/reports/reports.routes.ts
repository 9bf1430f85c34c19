import {
  contestReportSchema,
  messageSchema,
  POST_MESSAGES,
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
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import {
  checkReported,
  contestReport,
  reportComment,
  reportIntegrity,
  reportMessage,
  reportPost,
  reportUser,
} from './reports.service.ts';

/** Reporting content: the same rules as people (reports.service `fileReport`), one route each. */
const CONTENT_REPORTS = [
  {
    url: '/posts/:id/report',
    notFound: POST_MESSAGES.notFound,
    report: reportPost,
    docs: ['reportPost', 'Denuncia uma publicação'],
  },
  {
    url: '/comments/:id/report',
    notFound: REPORT_MESSAGES.commentNotFound,
    report: reportComment,
    docs: ['reportComment', 'Denuncia um comentário'],
  },
  {
    url: '/chat/messages/:id/report',
    notFound: REPORT_MESSAGES.messageNotFound,
    report: reportMessage,
    docs: ['reportMessage', 'Denuncia uma mensagem do chat'],
  },
] as const;

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

  for (const route of CONTENT_REPORTS) {
    app.post(
      route.url,
      {
        onRequest: requireVerified,
        schema: {
          ...docs.session(route.docs[0], route.docs[1]),
          params: z.object({ id: uuidParam(route.notFound) }),
          body: reportInputSchema,
          response: respond(messageSchema, 201),
        },
      },
      async (request, reply) => {
        await route.report(ctx, currentUser(request), request.params.id, request.body);
        reply.code(201);
        return { data: { message: REPORT_MESSAGES.sent } };
      },
    );
  }

  app.post(
    '/reports/:id/contest',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('contestReport', 'Contesta, uma vez, uma decisão da moderação sobre o seu conteúdo'),
        params: z.object({ id: uuidParam(REPORT_MESSAGES.reportNotFound) }),
        body: contestReportSchema,
        response: respond(messageSchema),
      },
    },
    async (request) => {
      await contestReport(ctx, currentUser(request), request.params.id, request.body);
      return { data: { message: REPORT_MESSAGES.contestSent } };
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
