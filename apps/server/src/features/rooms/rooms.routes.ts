import {
  createRoomSchema,
  endStudyBlockResultSchema,
  friendStreakInputSchema,
  friendStreakListSchema,
  GROUP_MESSAGES,
  groupLeagueSettingSchema,
  heartbeatResultSchema,
  heartbeatSchema,
  joinRoomSchema,
  leagueSchema,
  pageOf,
  ROOM_MESSAGES,
  roomDetailSchema,
  roomInviteResultSchema,
  roomInviteSchema,
  roomListQuerySchema,
  roomReactionItemSchema,
  roomReactionSchema,
  roomSchema,
  roomSettingsSchema,
  startStudyBlockSchema,
  studyBlockSchema,
  studyStatsDetailSchema,
  updateRoomSettingsSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { endBlock, heartbeat, startBlock } from './blocks.service.ts';
import {
  acceptFriendStreakRequest,
  getStudyStatsWithVerified,
  groupLeague,
  listFriendStreaks,
  personalLeague,
  proposeFriendStreak,
} from './progress.service.ts';
import { roomsLive } from './rooms.live.ts';
import {
  createRoom,
  getRoom,
  getRoomSettings,
  inviteToRoom,
  joinRoom,
  leaveRoom,
  listRoomsFor,
  reactInRoom,
  setGroupLeagueEnabled,
  updateRoomSettings,
} from './rooms.service.ts';
import { registerRoomsSocket } from './rooms.socket.ts';

const docs = apiDocs('rooms');
const roomParams = z.object({ id: uuidParam(ROOM_MESSAGES.notFound) });
const blockParams = z.object({ id: uuidParam(ROOM_MESSAGES.blockNotFound) });
const streakParams = z.object({ id: uuidParam(ROOM_MESSAGES.friendStreakNotFound) });
const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
/** A user by id, 'me' or username (access/users.ts `findVisibleUser`). */
const userParams = z.object({ id: z.string().max(100) });
const leftSchema = z.object({ roomId: z.string(), left: z.literal(true) });
const leagueResponse = { 200: leagueSchema, ...errorResponses };

export const roomsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerRoomsSocket(ctx);
  app.addHook('onClose', async () => roomsLive(ctx).close());

  app.get(
    '/rooms',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('listRooms', 'Lista as salas de estudo por tipo'),
        querystring: roomListQuerySchema,
        response: { 200: pageOf(roomSchema), ...errorResponses },
      },
    },
    async (request) => listRoomsFor(ctx, currentUser(request), request.query),
  );

  app.post(
    '/rooms',
    {
      onRequest: requireVerified,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('createRoom', 'Cria uma sala privada'),
        body: createRoomSchema,
        response: respond(roomSchema, 201),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createRoom(ctx, currentUser(request), request.body) };
    },
  );

  app.get(
    '/rooms/settings',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session(
          'getRoomSettings',
          "Mostra 'estudar invisível' e a participação nas ligas dos grupos",
        ),
        response: respond(roomSettingsSchema),
      },
    },
    async (request) => ({ data: await getRoomSettings(ctx, currentUser(request)) }),
  );

  app.put(
    '/rooms/settings',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('updateRoomSettings', "Liga ou desliga 'estudar invisível' e as ligas dos grupos"),
        body: updateRoomSettingsSchema,
        response: respond(roomSettingsSchema),
      },
    },
    async (request) => ({ data: await updateRoomSettings(ctx, currentUser(request), request.body) }),
  );

  app.get(
    '/rooms/:id',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('getRoom', 'Mostra uma sala: fase do pomodoro, quem está nela e as reações'),
        params: roomParams,
        response: respond(roomDetailSchema),
      },
    },
    async (request) => ({ data: await getRoom(ctx, currentUser(request), request.params.id) }),
  );

  app.post(
    '/rooms/:id/join',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('joinRoom', 'Entra numa sala com matéria e meta'),
        params: roomParams,
        body: joinRoomSchema.optional(),
        response: respond(roomDetailSchema),
      },
    },
    async (request) => ({
      data: await joinRoom(ctx, currentUser(request), request.params.id, request.body ?? {}),
    }),
  );

  app.post(
    '/rooms/:id/leave',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('leaveRoom', 'Sai de uma sala'),
        params: roomParams,
        response: respond(leftSchema),
      },
    },
    async (request) => ({ data: await leaveRoom(ctx, currentUser(request), request.params.id) }),
  );

  app.post(
    '/rooms/:id/invites',
    {
      onRequest: requireVerified,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('inviteToRoom', 'Convida alguém para uma sala privada'),
        params: roomParams,
        body: roomInviteSchema,
        response: respond(roomInviteResultSchema, 201),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await inviteToRoom(ctx, currentUser(request), request.params.id, request.body.userId) };
    },
  );

  app.post(
    '/rooms/:id/reactions',
    {
      onRequest: requireVerified,
      config: limitedBy(ctx.config, 'roomReactions'),
      schema: {
        ...docs.session('reactInRoom', 'Envia uma reação pronta na sala'),
        params: roomParams,
        body: roomReactionSchema,
        response: respond(roomReactionItemSchema, 201),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await reactInRoom(ctx, currentUser(request), request.params.id, request.body.reaction) };
    },
  );

  app.post(
    '/study-blocks',
    {
      onRequest: requireVerified,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('startStudyBlock', 'Começa um bloco de foco'),
        body: startStudyBlockSchema,
        response: respond(studyBlockSchema, 201),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await startBlock(ctx, currentUser(request), request.body) };
    },
  );

  app.post(
    '/study-blocks/:id/heartbeat',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session(
          'studyBlockHeartbeat',
          'Sinal do bloco de foco (a cada 30 s, com a aba visível ou não)',
        ),
        params: blockParams,
        body: heartbeatSchema,
        response: respond(heartbeatResultSchema),
      },
    },
    async (request) => ({
      data: await heartbeat(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/study-blocks/:id/end',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('endStudyBlock', 'Encerra um bloco de foco e conta os minutos verificados'),
        params: blockParams,
        response: respond(endStudyBlockResultSchema),
      },
    },
    async (request) => ({ data: await endBlock(ctx, currentUser(request), request.params.id) }),
  );

  app.get(
    '/users/:id/study-stats',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('getStudyStats', 'Mostra as estatísticas de estudo de um perfil'),
        params: userParams,
        response: respond(studyStatsDetailSchema),
      },
    },
    async (request) => ({
      data: await getStudyStatsWithVerified(ctx, currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/friend-streaks',
    {
      onRequest: requireVerified,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('proposeFriendStreak', 'Propõe uma ofensiva em dupla'),
        body: friendStreakInputSchema,
        response: respond(z.object({ id: z.string(), status: z.enum(['pending', 'active']) }), 201),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await proposeFriendStreak(ctx, currentUser(request), request.body.userId) };
    },
  );

  app.post(
    '/friend-streaks/:id/accept',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('acceptFriendStreak', 'Aceita uma ofensiva em dupla'),
        params: streakParams,
        response: respond(z.object({ id: z.string(), status: z.literal('active') })),
      },
    },
    async (request) => ({
      data: await acceptFriendStreakRequest(ctx, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/friend-streaks',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('listFriendStreaks', 'Lista as ofensivas em dupla'),
        response: respond(friendStreakListSchema),
      },
    },
    async (request) => ({ data: await listFriendStreaks(ctx, currentUser(request)) }),
  );

  app.get(
    '/leagues/week',
    {
      onRequest: requireVerified,
      schema: { ...docs.session('getWeekLeague', 'Mostra a liga da semana'), response: leagueResponse },
    },
    async (request) => personalLeague(ctx, currentUser(request)),
  );

  app.get(
    '/study-groups/:id/league/week',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('getGroupWeekLeague', 'Mostra a liga da semana de um grupo'),
        params: groupParams,
        response: leagueResponse,
      },
    },
    async (request) => groupLeague(ctx, currentUser(request), request.params.id),
  );

  app.put(
    '/study-groups/:id/league',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('setGroupLeague', 'Liga ou desliga a liga da semana do grupo'),
        params: groupParams,
        body: groupLeagueSettingSchema,
        response: respond(groupLeagueSettingSchema),
      },
    },
    async (request) => ({
      data: await setGroupLeagueEnabled(ctx, currentUser(request), request.params.id, request.body.enabled),
    }),
  );
};
