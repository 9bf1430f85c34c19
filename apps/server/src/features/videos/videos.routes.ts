import {
  createVideoInputSchema,
  GROUP_MESSAGES,
  groupVideoSchema,
  pageOf,
  pageQuerySchema,
  updateVideoInputSchema,
  VIDEO_MESSAGES,
  videoListItemSchema,
  videoListQuerySchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as videos from './videos.service.ts';

// Ids are checked by the service: a malformed one is as unknown as a missing one (404, not 400).
const groupParams = z.object({ groupId: uuidParam(GROUP_MESSAGES.notFound) });
const videoParams = groupParams.extend({ videoId: uuidParam(VIDEO_MESSAGES.notFound) });
const deletedSchema = z.object({ id: z.string() });
const docs = apiDocs('videos');

export const videosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // onRequest: a signed-out caller gets 401 before its body is parsed or validated.
  const guarded = { onRequest: requireVerified };

  app.get(
    '/videos',
    {
      ...guarded,
      schema: {
        ...docs.session('listVideoLibrary', 'Lista a videoteca'),
        querystring: videoListQuerySchema,
        response: { 200: pageOf(videoListItemSchema), ...errorResponses },
      },
    },
    (request) => videos.listLibrary(ctx, currentUser(request), request.query),
  );

  app.get(
    '/study-groups/:groupId/videos',
    {
      ...guarded,
      schema: {
        ...docs.session('listGroupVideos', 'Lista os vídeos de um grupo'),
        params: groupParams,
        querystring: pageQuerySchema,
        response: { 200: pageOf(groupVideoSchema), ...errorResponses },
      },
    },
    (request) => videos.listGroupVideos(ctx, currentUser(request), request.params.groupId, request.query),
  );

  app.post(
    '/study-groups/:groupId/videos',
    {
      ...guarded,
      schema: {
        ...docs.session('createVideo', 'Adiciona um vídeo ao grupo'),
        params: groupParams,
        body: createVideoInputSchema,
        response: respond(groupVideoSchema, 201),
      },
    },
    async (request, reply) => {
      const video = await videos.createVideo(ctx, currentUser(request), request.params.groupId, request.body);
      reply.code(201);
      return { data: video };
    },
  );

  app.get(
    '/study-groups/:groupId/videos/:videoId',
    {
      ...guarded,
      schema: {
        ...docs.session('getVideo', 'Mostra um vídeo do grupo'),
        params: videoParams,
        response: respond(groupVideoSchema),
      },
    },
    async (request) => {
      const { groupId, videoId } = request.params;
      return { data: await videos.getVideo(ctx, currentUser(request), groupId, videoId) };
    },
  );

  app.patch(
    '/study-groups/:groupId/videos/:videoId',
    {
      ...guarded,
      schema: {
        ...docs.session('updateVideo', 'Atualiza um vídeo do grupo'),
        params: videoParams,
        body: updateVideoInputSchema,
        response: respond(groupVideoSchema),
      },
    },
    async (request) => {
      const { groupId, videoId } = request.params;
      return { data: await videos.updateVideo(ctx, currentUser(request), groupId, videoId, request.body) };
    },
  );

  app.delete(
    '/study-groups/:groupId/videos/:videoId',
    {
      ...guarded,
      schema: {
        ...docs.session('deleteVideo', 'Remove um vídeo do grupo'),
        params: videoParams,
        response: respond(deletedSchema),
      },
    },
    async (request) => {
      const { groupId, videoId } = request.params;
      await videos.deleteVideo(ctx, currentUser(request), groupId, videoId);
      return { data: { id: videoId } };
    },
  );
};
