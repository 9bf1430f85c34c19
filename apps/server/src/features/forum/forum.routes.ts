import {
  createForumCommentInputSchema,
  createTopicInputSchema,
  forumCommentSchema,
  forumTopicSchema,
  GROUP_MESSAGES,
  likeStateSchema,
  pageOf,
  pageQuerySchema,
  pinTopicInputSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as forum from './forum.service.ts';

const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const topicParams = groupParams.extend({ topicId: uuidParam(GROUP_MESSAGES.topicNotFound) });
const commentParams = topicParams.extend({ commentId: uuidParam(GROUP_MESSAGES.commentNotFound) });
/** Writing is a person typing: a ceiling per IP well above that stops scripted floods. */
const docs = apiDocs('forum');

export const forumRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guarded = { onRequest: requireVerified };

  app.get(
    '/study-groups/:id/forum',
    {
      ...guarded,
      schema: {
        ...docs.session('listForumTopics', 'Lista os tópicos do fórum de um grupo'),
        params: groupParams,
        querystring: pageQuerySchema,
        response: { 200: pageOf(forumTopicSchema), ...errorResponses },
      },
    },
    (request) => forum.listTopics(ctx, currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/study-groups/:id/forum',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('createForumTopic', 'Cria um tópico no fórum'),
        params: groupParams,
        body: createTopicInputSchema,
        response: respond(forumTopicSchema, 201),
      },
    },
    async (request, reply) => {
      const topic = await forum.createTopic(ctx, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { data: topic };
    },
  );

  app.post(
    '/study-groups/:id/forum/:topicId/like',
    {
      ...guarded,
      schema: {
        ...docs.session('toggleForumTopicLike', 'Curte um tópico, ou desfaz a curtida'),
        params: topicParams,
        response: respond(likeStateSchema),
      },
    },
    async (request) => {
      const { id, topicId } = request.params;
      return { data: await forum.toggleTopicLike(ctx, currentUser(request), id, topicId) };
    },
  );

  app.post(
    '/study-groups/:id/forum/:topicId/comments',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('createForumComment', 'Comenta um tópico do fórum'),
        params: topicParams,
        body: createForumCommentInputSchema,
        response: respond(forumCommentSchema, 201),
      },
    },
    async (request, reply) => {
      const { id, topicId } = request.params;
      const comment = await forum.createComment(ctx, currentUser(request), id, topicId, request.body.content);
      reply.code(201);
      return { data: comment };
    },
  );

  app.post(
    '/study-groups/:id/forum/:topicId/comments/:commentId/like',
    {
      ...guarded,
      schema: {
        ...docs.session('toggleForumCommentLike', 'Curte um comentário do fórum, ou desfaz a curtida'),
        params: commentParams,
        response: respond(likeStateSchema),
      },
    },
    async (request) => {
      const { id, topicId, commentId } = request.params;
      return { data: await forum.toggleCommentLike(ctx, currentUser(request), id, topicId, commentId) };
    },
  );

  app.put(
    '/study-groups/:id/forum/:topicId/pin',
    {
      ...guarded,
      schema: {
        ...docs.session('setForumTopicPinned', 'Fixa ou desafixa um tópico do fórum'),
        params: topicParams,
        body: pinTopicInputSchema,
        response: respond(forumTopicSchema),
      },
    },
    async (request) => {
      const { id, topicId } = request.params;
      return { data: await forum.setPinned(ctx, currentUser(request), id, topicId, request.body.isPinned) };
    },
  );
};
