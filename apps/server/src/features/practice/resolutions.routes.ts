import {
  createResolutionSchema,
  PRACTICE_MESSAGES,
  resolutionListSchema,
  resolutionSchema,
  resolutionsQuerySchema,
  STUDY_LOOP_MESSAGES,
  updateResolutionSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import {
  acceptResolution,
  createResolution,
  listResolutions,
  removeResolution,
  unvoteResolution,
  updateResolution,
  voteResolution,
} from './resolutions.service.ts';

const docs = apiDocs('practice');
const guarded = { onRequest: requireVerified };
/** Any string: a malformed id answers 404 like an unknown one. */
const postParams = z.object({ postId: z.string().max(100, STUDY_LOOP_MESSAGES.questionNotFound) });
const idParams = z.object({ id: z.string().max(100, PRACTICE_MESSAGES.resolutionNotFound) });

export const resolutionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/posts/:postId/resolutions',
    {
      ...guarded,
      schema: {
        ...docs.session('listResolutions', 'Lista as resoluções de uma questão (depois de respondê-la)'),
        params: postParams,
        querystring: resolutionsQuerySchema,
        response: { 200: resolutionListSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await listResolutions(
        ctx,
        currentUser(request),
        request.params.postId,
        request.query.questionIndex,
      ),
    }),
  );

  app.post(
    '/posts/:postId/resolutions',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'resolutions'),
      schema: {
        ...docs.session('createResolution', 'Escreve uma resolução de uma questão'),
        params: postParams,
        body: createResolutionSchema,
        response: respond(resolutionSchema, 201),
      },
    },
    async (request, reply) => {
      const data = await createResolution(ctx, currentUser(request), request.params.postId, request.body);
      reply.code(201);
      return { data };
    },
  );

  app.patch(
    '/resolutions/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('updateResolution', 'Edita a própria resolução'),
        params: idParams,
        body: updateResolutionSchema,
        response: respond(resolutionSchema),
      },
    },
    async (request) => ({
      data: await updateResolution(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/resolutions/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('deleteResolution', 'Apaga a própria resolução'),
        params: idParams,
        response: respond(z.object({ id: z.string() })),
      },
    },
    async (request) => {
      await removeResolution(ctx, currentUser(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/resolutions/:id/vote',
    {
      ...guarded,
      schema: {
        ...docs.session('voteResolution', "Marca uma resolução como 'útil'"),
        params: idParams,
        response: respond(resolutionSchema, 201),
      },
    },
    async (request, reply) => {
      const data = await voteResolution(ctx, currentUser(request), request.params.id);
      reply.code(201);
      return { data };
    },
  );

  app.delete(
    '/resolutions/:id/vote',
    {
      ...guarded,
      schema: {
        ...docs.session('unvoteResolution', "Desfaz o 'útil' de uma resolução"),
        params: idParams,
        response: respond(resolutionSchema),
      },
    },
    async (request) => ({ data: await unvoteResolution(ctx, currentUser(request), request.params.id) }),
  );

  app.post(
    '/resolutions/:id/accept',
    {
      ...guarded,
      schema: {
        ...docs.session('acceptResolution', "Marca a 'melhor resolução' da questão"),
        params: idParams,
        response: respond(resolutionSchema),
      },
    },
    async (request) => ({ data: await acceptResolution(ctx, currentUser(request), request.params.id) }),
  );
};
