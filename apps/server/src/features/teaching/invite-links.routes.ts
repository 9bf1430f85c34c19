import {
  apiErrorSchema,
  createInviteLinkInputSchema,
  GROUP_MESSAGES,
  inviteAcceptResultSchema,
  inviteLinkSchema,
  invitePreviewSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as invites from './invite-links.service.ts';

const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const codeParams = z.object({ code: z.string() });
const docs = apiDocs('teaching');
/** 410: the link expired, was revoked or reached its limit of uses. */
const gone = { 410: apiErrorSchema };

export const inviteLinksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guarded = { onRequest: requireVerified };

  app.get(
    '/study-groups/:id/invite-links',
    {
      ...guarded,
      schema: {
        ...docs.session('listInviteLinks', 'Lista os links de convite do grupo (dono)'),
        params: groupParams,
        response: respond(z.array(inviteLinkSchema)),
      },
    },
    async (request) => ({
      data: await invites.listInviteLinks(ctx, currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/study-groups/:id/invite-links',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'createInviteLink',
          'Cria um link de convite, com validade, limite de usos e cupom opcionais (dono)',
        ),
        params: groupParams,
        body: createInviteLinkInputSchema,
        response: respond(inviteLinkSchema, 201),
      },
    },
    async (request, reply) => {
      const link = await invites.createInviteLink(ctx, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { data: link };
    },
  );

  app.delete(
    '/study-groups/:id/invite-links/:code',
    {
      ...guarded,
      schema: {
        ...docs.session('revokeInviteLink', 'Revoga um link de convite (dono)'),
        params: groupParams.extend(codeParams.shape),
        response: respond(inviteLinkSchema),
      },
    },
    async (request) => ({
      data: await invites.revokeInviteLink(ctx, currentUser(request), request.params.id, request.params.code),
    }),
  );

  app.get(
    '/invites/:code',
    {
      schema: {
        ...docs.public('getInvite', 'Mostra o grupo de um link de convite (também sem conta)'),
        params: codeParams,
        response: { ...respond(invitePreviewSchema), ...gone },
      },
    },
    async (request) => ({
      data: await invites.previewInvite(ctx, request.user ?? null, request.params.code),
    }),
  );

  app.post(
    '/invites/:code/accept',
    {
      ...guarded,
      schema: {
        ...docs.session('acceptInvite', 'Aceita um convite: entra no grupo gratuito ou indica onde pagar'),
        params: codeParams,
        response: { ...respond(inviteAcceptResultSchema), ...gone },
      },
    },
    async (request) => ({ data: await invites.acceptInvite(ctx, currentUser(request), request.params.code) }),
  );
};
