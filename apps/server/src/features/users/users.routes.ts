import {
  blockedUserSchema,
  blockStateSchema,
  ErrorCode,
  followStateSchema,
  followsQuerySchema,
  meSchema,
  PROFILE_BODY_MAX_BYTES,
  pageOf,
  pageQuerySchema,
  studyPlanSchema,
  USER_MESSAGES,
  updateProfileSchema,
  userProfileSchema,
  userSummarySchema,
} from '@estudai/contract';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireUser, requireVerified } from '../../plugins/session.ts';
import { blockUser, listBlocks, unblockUser } from './blocks.service.ts';
import { connectionRequestsRoutes } from './connection-requests.routes.ts';
import { listFollows, setFollowing } from './follows.service.ts';
import { describeMe, getProfile, setStudyPlan, updateProfile } from './users.service.ts';

const idParams = z.object({ id: z.string().max(64) });
/** Avatars are decoded and re-encoded: a few per minute is all a person needs. */
const docs = apiDocs('users');
const listDocs = {
  followers: docs.session('listFollowers', 'Lista os seguidores de um usuário'),
  following: docs.session('listFollowing', 'Lista quem um usuário segue'),
};
const blockDocs = {
  POST: docs.session('blockUser', 'Bloqueia um usuário (idempotente): deixam de se seguir e de se ver'),
  DELETE: docs.session('unblockUser', 'Desbloqueia um usuário (idempotente)'),
};
const followDocs = {
  POST: docs.session('followUser', 'Segue um usuário'),
  DELETE: docs.session('unfollowUser', 'Deixa de seguir um usuário'),
};

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users/me',
    {
      onRequest: requireUser,
      schema: {
        ...docs.session('getMe', 'Mostra a conta conectada (mesmo sem e-mail confirmado)'),
        response: respond(meSchema),
      },
    },
    async (request) => ({ data: await describeMe(ctx, currentUser(request)) }),
  );

  app.patch(
    '/users/me',
    {
      onRequest: requireVerified,
      bodyLimit: PROFILE_BODY_MAX_BYTES,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('updateMe', 'Atualiza o próprio perfil'),
        body: updateProfileSchema,
        response: respond(userProfileSchema),
      },
      // A body over the limit is an avatar over 5 MB: say so, before anything is decoded.
      errorHandler(error: FastifyError, _request, reply) {
        if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        return reply.code(413).send({ error: USER_MESSAGES.avatarTooLarge, code: ErrorCode.tooLarge });
      },
    },
    async (request) => ({ data: await updateProfile(ctx, currentUser(request), request.body) }),
  );

  // The first-run step (issue 21): goal and subjects, which seed 'Para você'; may be sent again later.
  app.put(
    '/users/me/study-plan',
    {
      onRequest: requireVerified,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('setStudyPlan', 'Escolhe o objetivo e as matérias (primeiro acesso)'),
        body: studyPlanSchema,
        response: respond(meSchema),
      },
    },
    async (request) => {
      const updated = await setStudyPlan(ctx, currentUser(request), request.body);
      return { data: await describeMe(ctx, updated) };
    },
  );

  app.get(
    '/users/me/blocks',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('listBlockedUsers', 'Lista os usuários que você bloqueou'),
        querystring: pageQuerySchema,
        response: { 200: pageOf(blockedUserSchema), ...errorResponses },
      },
    },
    async (request) => listBlocks(ctx, currentUser(request), request.query),
  );

  for (const [method, block] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/users/:id/block',
      onRequest: requireVerified,
      schema: { ...blockDocs[method], params: idParams, response: respond(blockStateSchema) },
      handler: async (request) => ({
        data: await (block ? blockUser : unblockUser)(ctx, currentUser(request), request.params.id),
      }),
    });
  }

  app.get(
    '/users/:id',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('getUserProfile', 'Mostra o perfil de um usuário'),
        params: idParams,
        response: respond(userProfileSchema),
      },
    },
    async (request) => ({ data: await getProfile(ctx, currentUser(request), request.params.id) }),
  );

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/users/:id/${direction}`,
      {
        onRequest: requireVerified,
        schema: {
          ...listDocs[direction],
          params: idParams,
          querystring: followsQuerySchema,
          response: { 200: pageOf(userSummarySchema), ...errorResponses },
        },
      },
      async (request) => listFollows(ctx, currentUser(request), request.params.id, direction, request.query),
    );
  }

  for (const [method, follow] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/users/:id/follow',
      onRequest: requireVerified,
      schema: { ...followDocs[method], params: idParams, response: respond(followStateSchema) },
      handler: async (request) => ({
        data: await setFollowing(ctx, currentUser(request), request.params.id, follow),
      }),
    });
  }

  // 'Conectar' and the requests waiting in 'Solicitações' (behind requireVerified, in their own scope).
  await app.register(connectionRequestsRoutes, { ctx });
};
