import {
  createCommentSchema,
  likeStateSchema,
  pageOf,
  postCommentSchema,
  updateCommentSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as comments from './comments.service.ts';
import { COMMENT_NOT_FOUND } from './comments.service.ts';
import { deletedSchema, idParams } from './posts.routes.ts';

const commentParams = z.object({ id: uuidParam(COMMENT_NOT_FOUND) });
const docs = apiDocs('comments');
const likeDocs = {
  POST: docs.session('likeComment', 'Curte um comentário'),
  DELETE: docs.session('unlikeComment', 'Desfaz a curtida de um comentário'),
};

export const commentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guarded = { onRequest: requireVerified };

  app.get(
    '/posts/:id/comments',
    {
      ...guarded,
      schema: {
        ...docs.session('listComments', 'Lista os comentários de uma publicação'),
        params: idParams,
        response: { 200: pageOf(postCommentSchema), ...errorResponses },
      },
    },
    // The whole thread in one page (the comments screen has no "load more").
    async (request) => ({
      data: await comments.listComments(ctx, currentUser(request), request.params.id),
      hasMore: false,
      nextCursor: null,
    }),
  );

  app.post(
    '/posts/:id/comments',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'comments'),
      schema: {
        ...docs.session('createComment', 'Comenta uma publicação'),
        params: idParams,
        body: createCommentSchema,
        response: respond(postCommentSchema, 201),
      },
    },
    async (request, reply) => {
      const comment = await comments.createComment(
        ctx,
        currentUser(request),
        request.params.id,
        request.body,
      );
      reply.code(201);
      return { data: comment };
    },
  );

  app.patch(
    '/comments/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('updateComment', 'Edita um comentário seu'),
        params: commentParams,
        body: updateCommentSchema,
        response: respond(postCommentSchema),
      },
    },
    async (request) => ({
      data: await comments.updateComment(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/comments/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('deleteComment', 'Apaga um comentário'),
        params: commentParams,
        response: respond(deletedSchema),
      },
    },
    async (request) => {
      await comments.deleteComment(ctx, currentUser(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/comments/:id/like',
      ...guarded,
      schema: { ...likeDocs[method], params: commentParams, response: respond(likeStateSchema) },
      handler: async (request) => ({
        data: await comments.setCommentLiked(ctx, currentUser(request), request.params.id, on),
      }),
    });
  }
};
