import {
  closeTopicInputSchema,
  createForumCommentInputSchema,
  createTopicInputSchema,
  forumCommentSchema,
  forumTopicSchema,
  GROUP_MESSAGES,
  hideForumContentInputSchema,
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
import * as moderation from './forum-moderation.service.ts';

const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const topicParams = groupParams.extend({ topicId: uuidParam(GROUP_MESSAGES.topicNotFound) });
const commentParams = topicParams.extend({ commentId: uuidParam(GROUP_MESSAGES.commentNotFound) });
/** Writing is a person typing: a ceiling per IP well above that stops scripted floods. */
const docs = apiDocs('forum');
const deletedSchema = z.object({ id: z.string() });

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
      return {
        data: await moderation.setPinned(ctx, currentUser(request), id, topicId, request.body.isPinned),
      };
    },
  );

  app.put(
    '/study-groups/:id/forum/:topicId/close',
    {
      ...guarded,
      schema: {
        ...docs.session('setForumTopicClosed', 'Fecha um tópico para respostas, ou o reabre'),
        params: topicParams,
        body: closeTopicInputSchema,
        response: respond(forumTopicSchema),
      },
    },
    async (request) => {
      const { id, topicId } = request.params;
      return {
        data: await moderation.setClosed(ctx, currentUser(request), id, topicId, request.body.isClosed),
      };
    },
  );

  app.put(
    '/study-groups/:id/forum/:topicId/hide',
    {
      ...guarded,
      schema: {
        ...docs.session('setForumTopicHidden', 'Oculta um tópico dos membros, ou o mostra de novo'),
        params: topicParams,
        body: hideForumContentInputSchema,
        response: respond(forumTopicSchema),
      },
    },
    async (request) => {
      const { id, topicId } = request.params;
      return {
        data: await moderation.setTopicHidden(ctx, currentUser(request), id, topicId, request.body.isHidden),
      };
    },
  );

  app.delete(
    '/study-groups/:id/forum/:topicId',
    {
      ...guarded,
      schema: {
        ...docs.session('deleteForumTopic', 'Exclui um tópico (moderação)'),
        params: topicParams,
        response: respond(deletedSchema),
      },
    },
    async (request) => {
      const { id, topicId } = request.params;
      await moderation.deleteTopic(ctx, currentUser(request), id, topicId);
      return { data: { id: topicId } };
    },
  );

  app.put(
    '/study-groups/:id/forum/:topicId/comments/:commentId/hide',
    {
      ...guarded,
      schema: {
        ...docs.session('setForumCommentHidden', 'Oculta uma resposta dos membros, ou a mostra de novo'),
        params: commentParams,
        body: hideForumContentInputSchema,
        response: respond(forumTopicSchema),
      },
    },
    async (request) => {
      const { id, topicId, commentId } = request.params;
      const viewer = currentUser(request);
      return {
        data: await moderation.setCommentHidden(ctx, viewer, id, topicId, commentId, request.body.isHidden),
      };
    },
  );

  app.delete(
    '/study-groups/:id/forum/:topicId/comments/:commentId',
    {
      ...guarded,
      schema: {
        ...docs.session('deleteForumComment', 'Exclui uma resposta (moderação)'),
        params: commentParams,
        response: respond(forumTopicSchema),
      },
    },
    async (request) => {
      const { id, topicId, commentId } = request.params;
      return { data: await moderation.deleteComment(ctx, currentUser(request), id, topicId, commentId) };
    },
  );
};
