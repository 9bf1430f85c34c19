import {
  apiErrorSchema,
  createGroupInputSchema,
  GROUP_MESSAGES,
  groupInviteInputSchema,
  groupListQuerySchema,
  groupRatingSchema,
  membershipActionInputSchema,
  membershipSchema,
  messageSchema,
  pageOf,
  pageQuerySchema,
  ratingInputSchema,
  studyGroupSchema,
  updateGroupInputSchema,
} from '@estudai/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as groups from './groups.service.ts';
import { inviteToGroup } from './invites.service.ts';
import * as memberships from './membership.service.ts';
import { rateGroup } from './ratings.service.ts';

/** Any string: an id that is not a group's (malformed or unknown) answers 404, never 400. */
const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const listQuery = pageQuerySchema.extend(groupListQuerySchema.shape);
const groupPage = { 200: pageOf(studyGroupSchema), ...errorResponses };
const docs = apiDocs('groups');

export const groupsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The role is checked before the body, so a student always reads why they cannot create a group.
  const creatorOnly = {
    onRequest: [
      requireVerified,
      async (request: FastifyRequest) => groups.assertCanCreateGroup(currentUser(request)),
    ],
  };
  const guarded = { onRequest: requireVerified };

  app.post(
    '/study-groups',
    {
      ...creatorOnly,
      schema: {
        ...docs.session('createGroup', 'Cria um grupo de estudo'),
        body: createGroupInputSchema,
        response: respond(studyGroupSchema, 201),
      },
    },
    async (request, reply) => {
      const group = await groups.createGroup(ctx, currentUser(request), request.body);
      reply.code(201);
      return { data: group };
    },
  );

  app.get(
    '/study-groups/available',
    {
      ...guarded,
      schema: {
        ...docs.session('listAvailableGroups', 'Lista os grupos disponíveis, dos mais relevantes'),
        querystring: listQuery,
        response: groupPage,
      },
    },
    (request) => groups.listAvailable(ctx, currentUser(request), request.query),
  );

  app.get(
    '/study-groups/my',
    {
      ...guarded,
      schema: {
        ...docs.session('listMyGroups', 'Lista os grupos de que você participa'),
        querystring: listQuery,
        response: groupPage,
      },
    },
    (request) => groups.listMine(ctx, currentUser(request), request.query),
  );

  app.get(
    '/study-groups/archived',
    {
      ...guarded,
      schema: {
        ...docs.session('listArchivedGroups', 'Lista os grupos que você arquivou'),
        querystring: listQuery,
        response: groupPage,
      },
    },
    (request) => groups.listArchived(ctx, currentUser(request), request.query),
  );

  app.get(
    '/study-groups/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('getGroup', 'Mostra um grupo de estudo'),
        params: groupParams,
        response: respond(studyGroupSchema),
      },
    },
    async (request) => ({ data: await groups.getGroup(ctx, currentUser(request), request.params.id) }),
  );

  app.patch(
    '/study-groups/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('updateGroup', 'Atualiza um grupo de estudo'),
        params: groupParams,
        body: updateGroupInputSchema,
        response: respond(studyGroupSchema),
      },
    },
    async (request) => ({
      data: await groups.updateGroup(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/study-groups/:id/membership',
    {
      ...guarded,
      schema: {
        ...docs.session('getMembership', 'Mostra a sua participação no grupo (null se não participa)'),
        params: groupParams,
        response: respond(membershipSchema.nullable()),
      },
    },
    async (request) => ({
      data: await memberships.getMembership(ctx, currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/study-groups/:id/membership',
    {
      ...guarded,
      schema: {
        ...docs.session('changeMembership', 'Entra, sai, arquiva ou desarquiva um grupo'),
        params: groupParams,
        body: membershipActionInputSchema,
        response: { ...respond(membershipSchema), 402: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await memberships.applyMembershipAction(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.action,
      ),
    }),
  );

  app.post(
    '/study-groups/:id/invites',
    {
      ...guarded,
      schema: {
        ...docs.session('inviteToGroup', 'Convida um usuário para o grupo'),
        params: groupParams,
        body: groupInviteInputSchema,
        response: respond(messageSchema, 201),
      },
    },
    async (request, reply) => {
      await inviteToGroup(ctx, currentUser(request), request.params.id, request.body.userId);
      reply.code(201);
      return { data: { message: GROUP_MESSAGES.invited } };
    },
  );

  app.put(
    '/study-groups/:id/rating',
    {
      ...guarded,
      schema: {
        ...docs.session('rateGroup', 'Avalia um grupo'),
        params: groupParams,
        body: ratingInputSchema,
        response: respond(groupRatingSchema),
      },
    },
    async (request) => ({
      data: await rateGroup(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.rating,
        request.body.comment,
      ),
    }),
  );
};
