import {
  createEssayInputSchema,
  createEssayPromptInputSchema,
  ESSAY_MESSAGES,
  essayAssignmentSchema,
  essayDetailSchema,
  essayPageQuerySchema,
  essayPromptListQuerySchema,
  essayPromptSchema,
  essayQueueItemSchema,
  essayQueueQuerySchema,
  essayQuotaInputSchema,
  essayQuotaSchema,
  essayReliabilitySchema,
  essayReviewInputSchema,
  essaySummarySchema,
  GROUP_MESSAGES,
  nextEssayReviewInputSchema,
  pageOf,
  submitEssayInputSchema,
  updateEssayInputSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as essays from './essays.service.ts';

const M = ESSAY_MESSAGES;
const promptParams = z.object({ id: uuidParam(M.promptNotFound) });
const essayParams = z.object({ id: uuidParam(M.notFound) });
const reviewParams = z.object({ id: uuidParam(M.reviewNotFound) });
const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const guarded = { onRequest: requireVerified };
const docs = apiDocs('essays');

export const essaysRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/essay-prompts',
    {
      ...guarded,
      schema: {
        ...docs.session('createEssayPrompt', 'Publica uma proposta de redação (num grupo ou para todos)'),
        body: createEssayPromptInputSchema,
        response: respond(essayPromptSchema, 201),
      },
    },
    async (request, reply) => {
      const prompt = await essays.createPrompt(ctx, currentUser(request), request.body);
      reply.code(201);
      return { data: prompt };
    },
  );

  app.get(
    '/essay-prompts',
    {
      ...guarded,
      schema: {
        ...docs.session('listEssayPrompts', 'Lista as propostas de redação (de um grupo, ou as de todos)'),
        querystring: essayPromptListQuerySchema,
        response: { 200: pageOf(essayPromptSchema), ...errorResponses },
      },
    },
    (request) => essays.listPrompts(ctx, currentUser(request), request.query),
  );

  app.get(
    '/essay-prompts/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('getEssayPrompt', 'Mostra uma proposta de redação'),
        params: promptParams,
        response: respond(essayPromptSchema),
      },
    },
    async (request) => ({ data: await essays.getPrompt(ctx, currentUser(request), request.params.id) }),
  );

  app.post(
    '/essays',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'essays'),
      schema: {
        ...docs.session('createEssay', 'Começa uma redação (rascunho)'),
        body: createEssayInputSchema,
        response: respond(essayDetailSchema, 201),
      },
    },
    async (request, reply) => {
      const essay = await essays.createEssay(ctx, currentUser(request), request.body);
      reply.code(201);
      return { data: essay };
    },
  );

  app.get(
    '/essays',
    {
      ...guarded,
      schema: {
        ...docs.session('listEssays', 'Lista as redações de quem vê, com nota e situação'),
        querystring: essayPageQuerySchema,
        response: { 200: pageOf(essaySummarySchema), ...errorResponses },
      },
    },
    (request) => essays.listEssays(ctx, currentUser(request), request.query),
  );

  app.get(
    '/essays/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('getEssay', 'Mostra uma redação, a nota final e as correções (depois de corrigida)'),
        params: essayParams,
        response: respond(essayDetailSchema),
      },
    },
    async (request) => ({ data: await essays.getEssay(ctx, currentUser(request), request.params.id) }),
  );

  app.patch(
    '/essays/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('updateEssay', 'Edita o rascunho de uma redação'),
        params: essayParams,
        body: updateEssayInputSchema,
        response: respond(essayDetailSchema),
      },
    },
    async (request) => ({
      data: await essays.updateEssay(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/essays/:id/submit',
    {
      ...guarded,
      schema: {
        ...docs.session('submitEssay', 'Envia a redação aos professores do grupo ou à comunidade'),
        params: essayParams,
        body: submitEssayInputSchema,
        response: respond(z.object({ status: z.literal('submitted') })),
      },
    },
    async (request) => ({
      data: await essays.submitEssay(ctx, currentUser(request), request.params.id, request.body.destination),
    }),
  );

  app.post(
    '/essays/:id/control',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'markEssayControl',
          'Marca uma redação corrigida do grupo como controle (professores)',
        ),
        params: essayParams,
        response: respond(essayDetailSchema),
      },
    },
    async (request) => ({ data: await essays.markControl(ctx, currentUser(request), request.params.id) }),
  );

  app.get(
    '/essay-reviews/queue',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'getEssayQueue',
          'Fila de correção de um grupo, com a idade de cada redação (professores)',
        ),
        querystring: essayQueueQuerySchema,
        response: respond(z.array(essayQueueItemSchema)),
      },
    },
    async (request) => ({
      data: await essays.teacherQueue(ctx, currentUser(request), request.query.groupId),
    }),
  );

  app.post(
    '/essay-reviews/next',
    {
      ...guarded,
      schema: {
        ...docs.session('nextEssayReview', 'Pega a próxima redação para corrigir (204 quando não há)'),
        body: nextEssayReviewInputSchema.optional(),
        response: { ...respond(essayAssignmentSchema), 204: z.null().describe('Nada para corrigir agora') },
      },
    },
    async (request, reply) => {
      const assignment = await essays.nextReview(ctx, currentUser(request), request.body?.groupId);
      if (!assignment) return reply.code(204).send(null);
      return { data: assignment };
    },
  );

  app.get(
    '/essay-reviews/reliability',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'getEssayReliability',
          'Mostra a confiabilidade de quem corrige (kappa e desvio médio)',
        ),
        response: respond(essayReliabilitySchema),
      },
    },
    async (request) => ({ data: await essays.reliability(ctx, currentUser(request)) }),
  );

  app.post(
    '/essay-reviews/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('sendEssayReview', 'Envia a correção por competência de uma redação atribuída'),
        params: reviewParams,
        body: essayReviewInputSchema,
        response: respond(z.object({ id: z.string(), status: z.literal('done') })),
      },
    },
    async (request) => ({
      data: await essays.sendReview(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/study-groups/:id/essay-quota',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'getEssayQuota',
          'Cota mensal de correções do grupo pago e quantas redações você enviou a ele neste mês',
        ),
        params: groupParams,
        response: respond(essayQuotaSchema),
      },
    },
    async (request) => ({ data: await essays.getQuota(ctx, currentUser(request), request.params.id) }),
  );

  app.put(
    '/study-groups/:id/essay-quota',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'setEssayQuota',
          'Define a cota mensal de correções por membro de um grupo pago (dono; null tira a cota)',
        ),
        params: groupParams,
        body: essayQuotaInputSchema,
        response: respond(essayQuotaSchema),
      },
    },
    async (request) => ({
      data: await essays.updateQuota(ctx, currentUser(request), request.params.id, request.body),
    }),
  );
};
