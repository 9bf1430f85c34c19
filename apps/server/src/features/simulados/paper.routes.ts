import {
  SIMULADO_MESSAGES,
  simuladoPaperAnswersInputSchema,
  simuladoPaperEntrySchema,
  simuladoPaperSheetSchema,
  simuladoPrintSchema,
} from '@estudai/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { enterPaperAnswers, getPaperSheet, getPrint } from './paper.service.ts';

// Paper simulados (issue 42): the print page's data, and the sheets typed back.

const params = z.object({ id: uuidParam(SIMULADO_MESSAGES.notFound) });
const docs = apiDocs('simulados');

export function registerPaperRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/simulados/:id/print',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('getSimuladoPrint', 'Caderno e cartão-resposta para imprimir (organizadores)'),
        params,
        response: respond(simuladoPrintSchema),
      },
    },
    async (request) => ({ data: await getPrint(ctx, currentUser(request), request.params.id) }),
  );

  app.get(
    '/simulados/:id/paper-answers',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session(
          'getSimuladoPaperAnswers',
          'Membros a quem lançar respostas do papel e os cartões já lançados (organizadores)',
        ),
        params,
        response: respond(simuladoPaperSheetSchema),
      },
    },
    async (request) => ({ data: await getPaperSheet(ctx, currentUser(request), request.params.id) }),
  );

  app.post(
    '/simulados/:id/paper-answers',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session(
          'enterSimuladoPaperAnswers',
          'Lança as respostas de um cartão-resposta: tentativa de um membro ou linha de convidado',
        ),
        params,
        body: simuladoPaperAnswersInputSchema,
        response: respond(simuladoPaperEntrySchema, 201),
      },
    },
    async (request, reply) => {
      const entry = await enterPaperAnswers(ctx, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { data: entry };
    },
  );
}
