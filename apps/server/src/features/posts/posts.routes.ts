import {
  answerInputSchema,
  answerResultSchema,
  createPostSchema,
  feedQuerySchema,
  GROUP_MESSAGES,
  likeStateSchema,
  optionIndexSchema,
  POST_MESSAGES,
  pageOf,
  pageQuerySchema,
  postListQuerySchema,
  postSchema,
  quizAttemptInputSchema,
  quizAttemptResultSchema,
  saveStateSchema,
  updatePostSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { sendJsonBytes } from '../../lib/precompressed.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as answers from './answers.service.ts';
import { updatePost } from './post-edit.service.ts';
import { getPublicPost } from './post-share.service.ts';
import type { PostPage } from './posts.service.ts';
import * as postsService from './posts.service.ts';

export const idParams = z.object({ id: uuidParam(POST_MESSAGES.notFound) });
/** A user by id, 'me' or username (users/user-lookup.service.ts). */
const userParams = z.object({ id: z.string().max(100) });
export const deletedSchema = z.object({ id: z.string() });
const listQuery = pageQuerySchema.extend(postListQuerySchema.shape);
const postPage = { 200: pageOf(postSchema), ...errorResponses };
const docs = apiDocs('posts');
/** A group's posts are listed under the group's tag, where its other calls are. */
const groupDocs = apiDocs('groups');
/** Any string: an id that is not a group's (malformed or unknown) answers 404, never 400. */
const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const toggleDocs = {
  like: {
    POST: docs.session('likePost', 'Curte uma publicação'),
    DELETE: docs.session('unlikePost', 'Desfaz a curtida de uma publicação'),
  },
  save: {
    POST: docs.session('savePost', 'Salva uma publicação'),
    DELETE: docs.session('unsavePost', 'Tira uma publicação dos salvos'),
  },
};

export const postsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // onRequest, not preHandler: a signed-out caller gets 401 before its body is even parsed or validated.
  const guarded = { onRequest: requireVerified };

  // The feed's pages are kept serialized, and compressed once per encoding: their bytes are sent as
  // they are (the schema still documents them).
  app.get(
    '/posts',
    {
      ...guarded,
      schema: {
        ...docs.session('listFeed', "Lista o feed 'Para você' (padrão) ou 'Seguindo'"),
        querystring: pageQuerySchema.extend(feedQuerySchema.shape),
        response: postPage,
      },
    },
    async (request, reply) => {
      const json = await postsService.feedJson(ctx, currentUser(request), request.query);
      return sendJsonBytes(request, reply, json, ctx.database.betweenSteps) as unknown as PostPage;
    },
  );

  app.get(
    '/posts/saved',
    {
      ...guarded,
      schema: {
        ...docs.session('listSavedPosts', 'Lista as publicações salvas'),
        querystring: listQuery,
        response: postPage,
      },
    },
    (request) => postsService.listSaved(ctx, currentUser(request), request.query),
  );

  app.get(
    '/users/:id/posts',
    {
      ...guarded,
      schema: {
        ...docs.session('listUserPosts', 'Lista as publicações de um usuário'),
        params: userParams,
        querystring: listQuery,
        response: postPage,
      },
    },
    (request) => postsService.listUserPosts(ctx, currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/posts',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'posts'),
      schema: {
        ...docs.session('createPost', 'Cria uma publicação'),
        body: createPostSchema,
        response: respond(postSchema, 201),
      },
    },
    async (request, reply) => {
      const post = await postsService.createPost(ctx, currentUser(request), request.body);
      reply.code(201);
      return { data: post };
    },
  );

  app.get(
    '/posts/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('getPost', 'Mostra uma publicação'),
        params: idParams,
        response: respond(postSchema),
      },
    },
    async (request) => ({ data: await postsService.getPost(ctx, currentUser(request), request.params.id) }),
  );

  // A shared link opened signed out (`/post/{id}`): read-only, main-feed posts of public profiles.
  app.get(
    '/public/posts/:id',
    {
      schema: {
        ...docs.public('getPublicPost', 'Mostra uma publicação compartilhada a quem não entrou'),
        params: idParams,
        response: respond(postSchema),
      },
    },
    async (request) => ({ data: await getPublicPost(ctx, request.params.id) }),
  );

  app.patch(
    '/posts/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('updatePost', 'Edita uma publicação sua'),
        params: idParams,
        body: updatePostSchema,
        response: respond(postSchema),
      },
    },
    async (request) => ({
      data: await updatePost(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/posts/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('deletePost', 'Apaga uma publicação'),
        params: idParams,
        response: respond(deletedSchema),
      },
    },
    async (request) => {
      await postsService.deletePost(ctx, currentUser(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/posts/:id/like',
      ...guarded,
      schema: { ...toggleDocs.like[method], params: idParams, response: respond(likeStateSchema) },
      handler: async (request) => ({
        data: await postsService.setLiked(ctx, currentUser(request), request.params.id, on),
      }),
    });
    app.route({
      method,
      url: '/posts/:id/save',
      ...guarded,
      schema: { ...toggleDocs.save[method], params: idParams, response: respond(saveStateSchema) },
      handler: async (request) => ({
        data: await postsService.setSaved(ctx, currentUser(request), request.params.id, on),
      }),
    });
  }

  app.post(
    '/posts/:id/answer',
    {
      ...guarded,
      schema: {
        ...docs.session('answerQuestion', 'Responde a uma pergunta (ou a uma questão de um quiz)'),
        params: idParams,
        body: answerInputSchema,
        response: respond(answerResultSchema, 201),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await answers.answerQuestion(ctx, currentUser(request), id, request.body);
      reply.code(201);
      return { data: result };
    },
  );

  app.post(
    '/posts/:id/vote',
    {
      ...guarded,
      schema: {
        ...docs.session('votePoll', 'Vota em uma enquete'),
        params: idParams,
        body: optionIndexSchema,
        response: respond(postSchema, 201),
      },
    },
    async (request, reply) => {
      const post = await answers.votePoll(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.optionIndex,
      );
      reply.code(201);
      return { data: post };
    },
  );

  app.post(
    '/posts/:id/quiz-attempts',
    {
      ...guarded,
      schema: {
        ...docs.session('attemptQuiz', 'Envia as respostas de um quiz'),
        params: idParams,
        body: quizAttemptInputSchema,
        response: respond(quizAttemptResultSchema, 201),
      },
    },
    async (request, reply) => {
      const result = await answers.attemptQuiz(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.answers,
      );
      reply.code(201);
      return { data: result };
    },
  );

  app.get(
    '/study-groups/:id/posts',
    {
      ...guarded,
      schema: {
        ...groupDocs.session('listGroupPosts', 'Lista as publicações de um grupo'),
        params: groupParams,
        querystring: listQuery,
        response: { 200: pageOf(postSchema), ...errorResponses },
      },
    },
    (request) => postsService.listGroupPosts(ctx, currentUser(request), request.params.id, request.query),
  );
};
