import {
  createPersonalSimuladoInputSchema,
  createSimuladoInputSchema,
  GROUP_MESSAGES,
  pageOf,
  pageQuerySchema,
  SIMULADO_MESSAGES,
  SIMULADO_QUESTIONS_MAX,
  simuladoAnswerInputSchema,
  simuladoAnswerResultSchema,
  simuladoAttemptSchema,
  simuladoClassResultsSchema,
  simuladoDetailSchema,
  simuladoProgressSchema,
  simuladoResultSchema,
  simuladoSchema,
  updateSimuladoInputSchema,
} from '@estudai/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertCanCreateSimulados } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { saveAnswer } from './attempt-answers.service.ts';
import * as attempts from './attempts.service.ts';
import { classResultsCsv, getClassResults } from './class-results.service.ts';
import { registerPaperRoutes } from './paper.routes.ts';
import { createPersonalSimulado } from './personal.service.ts';
import { getProgress } from './progress.service.ts';
import { getResult } from './results.service.ts';
import { registerSimuladoSocket } from './simulados.live.ts';
import * as simulados from './simulados.service.ts';

const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const simuladoParams = z.object({ id: uuidParam(SIMULADO_MESSAGES.notFound) });
/** The question's place in the simulado (0-based); anything else answers 404, as an unknown one does. */
const answerParams = simuladoParams.extend({
  questionIndex: z
    .string()
    .refine((value) => /^\d{1,3}$/.test(value) && Number(value) < SIMULADO_QUESTIONS_MAX, {
      message: SIMULADO_MESSAGES.questionNotInSimulado,
      params: { status: 404 },
    })
    .transform(Number),
});
const guarded = { onRequest: requireVerified };
const docs = apiDocs('simulados');

export const simuladosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerSimuladoSocket(ctx);
  registerPaperRoutes(app, ctx);
  // The role is checked before the body, so a student always reads why they cannot create one.
  const creatorOnly = {
    onRequest: [
      requireVerified,
      async (request: FastifyRequest) => assertCanCreateSimulados(currentUser(request)),
    ],
  };

  app.post(
    '/study-groups/:id/simulados',
    {
      ...creatorOnly,
      schema: {
        ...docs.session('createSimulado', 'Cria um simulado (rascunho) no grupo'),
        params: groupParams,
        body: createSimuladoInputSchema,
        response: respond(simuladoDetailSchema, 201),
      },
    },
    async (request, reply) => {
      const detail = await simulados.createSimulado(
        ctx,
        currentUser(request),
        request.params.id,
        request.body,
      );
      reply.code(201);
      return { data: detail };
    },
  );

  app.post(
    '/simulados/personal',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'createPersonalSimulado',
          'Monte seu simulado: um simulado só seu, com questões do banco sorteadas pelos filtros',
        ),
        body: createPersonalSimuladoInputSchema,
        response: respond(simuladoDetailSchema, 201),
      },
    },
    async (request, reply) => {
      const detail = await createPersonalSimulado(ctx, currentUser(request), request.body);
      reply.code(201);
      return { data: detail };
    },
  );

  app.get(
    '/simulados/personal',
    {
      ...guarded,
      schema: {
        ...docs.session('listPersonalSimulados', 'Lista os simulados que você montou, do mais recente'),
        querystring: pageQuerySchema,
        response: { 200: pageOf(simuladoSchema), ...errorResponses },
      },
    },
    (request) => simulados.listPersonalSimulados(ctx, currentUser(request), request.query),
  );

  app.get(
    '/study-groups/:id/simulados',
    {
      ...guarded,
      schema: {
        ...docs.session('listGroupSimulados', 'Lista os simulados do grupo'),
        params: groupParams,
        querystring: pageQuerySchema,
        response: { 200: pageOf(simuladoSchema), ...errorResponses },
      },
    },
    (request) => simulados.listGroupSimulados(ctx, currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/simulados/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('getSimulado', 'Mostra um simulado, suas questões e a tentativa de quem vê'),
        params: simuladoParams,
        response: respond(simuladoDetailSchema),
      },
    },
    async (request) => ({ data: await simulados.getSimulado(ctx, currentUser(request), request.params.id) }),
  );

  app.patch(
    '/simulados/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('updateSimulado', 'Edita um simulado em rascunho'),
        params: simuladoParams,
        body: updateSimuladoInputSchema,
        response: respond(simuladoDetailSchema),
      },
    },
    async (request) => ({
      data: await simulados.updateSimulado(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/simulados/:id/publish',
    {
      ...guarded,
      schema: {
        ...docs.session('publishSimulado', 'Publica um simulado para os membros do grupo'),
        params: simuladoParams,
        response: respond(simuladoDetailSchema),
      },
    },
    async (request) => ({
      data: await simulados.publishSimulado(ctx, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/simulados/:id/progress',
    {
      ...guarded,
      schema: {
        ...docs.session('getSimuladoProgress', 'Mostra o progresso de cada participante (organizadores)'),
        params: simuladoParams,
        response: respond(simuladoProgressSchema),
      },
    },
    async (request) => ({ data: await getProgress(ctx, currentUser(request), request.params.id) }),
  );

  app.get(
    '/simulados/:id/class-results',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'getSimuladoClassResults',
          'Resultados da turma depois do fechamento: notas, distribuição, alternativas e ranking (dono e professores)',
        ),
        params: simuladoParams,
        response: respond(simuladoClassResultsSchema),
      },
    },
    async (request) => ({ data: await getClassResults(ctx, currentUser(request), request.params.id) }),
  );

  app.get(
    '/simulados/:id/class-results.csv',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'exportSimuladoClassResults',
          'Exporta os resultados da turma em CSV (dono e professores)',
        ),
        params: simuladoParams,
      },
    },
    async (request, reply) => {
      const { fileName, body } = await classResultsCsv(ctx, currentUser(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(body);
    },
  );

  app.post(
    '/simulados/:id/attempts',
    {
      ...guarded,
      schema: {
        ...docs.session('startSimuladoAttempt', 'Começa a tentativa (única) de quem vê'),
        params: simuladoParams,
        response: respond(simuladoAttemptSchema, 201),
      },
    },
    async (request, reply) => {
      const attempt = await attempts.startAttempt(ctx, currentUser(request), request.params.id);
      reply.code(201);
      return { data: attempt };
    },
  );

  app.get(
    '/simulados/:id/attempts/me',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'getMySimuladoAttempt',
          'Mostra o relógio e as respostas salvas da própria tentativa',
        ),
        params: simuladoParams,
        response: respond(simuladoAttemptSchema),
      },
    },
    async (request) => ({ data: await attempts.getMyAttempt(ctx, currentUser(request), request.params.id) }),
  );

  app.put(
    '/simulados/:id/attempts/me/answers/:questionIndex',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'saveSimuladoAnswer',
          'Salva (ou troca) a resposta de uma questão durante a tentativa',
        ),
        params: answerParams,
        body: simuladoAnswerInputSchema,
        response: respond(simuladoAnswerResultSchema),
      },
    },
    async (request) => ({
      data: await saveAnswer(
        ctx,
        currentUser(request),
        request.params.id,
        request.params.questionIndex,
        request.body,
      ),
    }),
  );

  app.post(
    '/simulados/:id/attempts/me/submit',
    {
      ...guarded,
      schema: {
        ...docs.session('submitSimuladoAttempt', 'Entrega a prova antes do fim do tempo'),
        params: simuladoParams,
        response: respond(simuladoAttemptSchema),
      },
    },
    async (request) => ({ data: await attempts.submitAttempt(ctx, currentUser(request), request.params.id) }),
  );

  app.get(
    '/simulados/:id/attempts/me/result',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'getMySimuladoResult',
          'Mostra o resultado, o gabarito e a Estimativa TRI da tentativa',
        ),
        params: simuladoParams,
        response: respond(simuladoResultSchema),
      },
    },
    async (request) => ({ data: await getResult(ctx, currentUser(request), request.params.id) }),
  );
};
