import {
  correctKeySchema,
  createQuestionReportSchema,
  markQuestionSchema,
  questionOutcomeSchema,
  questionReportSchema,
  STUDY_LOOP_MESSAGES,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { correctKey, markQuestion, reportQuestion } from './question-reports.service.ts';

const docs = apiDocs('study');
const guarded = { onRequest: requireVerified };
/** Any string: a malformed id answers 404 like an unknown one. */
const postParams = z.object({ postId: z.string().max(100, STUDY_LOOP_MESSAGES.questionNotFound) });

/** Error reports of a bank question, its key corrected and its status (issue 40). */
export const questionReportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/posts/:postId/question-reports',
    {
      ...guarded,
      // Each report notifies the author: written by hand, limited as the other hand-written things are.
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('reportQuestion', 'Reporta um erro numa questão do banco'),
        params: postParams,
        body: createQuestionReportSchema,
        response: respond(questionReportSchema, 201),
      },
    },
    async (request, reply) => {
      const data = await reportQuestion(ctx, currentUser(request), request.params.postId, request.body);
      reply.code(201);
      return { data };
    },
  );

  app.post(
    '/posts/:postId/key',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'correctQuestionKey',
          'Corrige o gabarito de uma questão (autor ou admin) e corrige de novo todas as respostas',
        ),
        params: postParams,
        body: correctKeySchema,
        response: respond(questionOutcomeSchema),
      },
    },
    async (request) => ({
      data: await correctKey(ctx, currentUser(request), request.params.postId, request.body),
    }),
  );

  app.post(
    '/posts/:postId/status',
    {
      ...guarded,
      schema: {
        ...docs.session('markQuestion', 'Marca uma questão como anulada ou desatualizada (autor ou admin)'),
        params: postParams,
        body: markQuestionSchema,
        response: respond(questionOutcomeSchema),
      },
    },
    async (request) => ({
      data: await markQuestion(ctx, currentUser(request), request.params.postId, request.body),
    }),
  );
};
