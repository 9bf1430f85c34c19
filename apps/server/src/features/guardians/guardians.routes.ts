import {
  apiErrorSchema,
  approvalDecisionSchema,
  approvalResultSchema,
  dataExportSchema,
  dataOf,
  deleteAccountSchema,
  deletionScheduledSchema,
  exportRunningErrorSchema,
  guardianInvitePreviewSchema,
  guardianInviteResultSchema,
  guardianInviteSchema,
  guardianLinkAcceptedSchema,
  guardianTeenSchema,
  MINORS_MESSAGES,
  messageSchema,
  privacySettingsSchema,
  updatePrivacySchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { requestExport, requirePassword, scheduleErasure, setPrivacyByGuardian } from '../privacy/index.ts';
import {
  acceptGuardianLink,
  decideApproval,
  endGuardianLink,
  inviteGuardian,
  listLinkedTeens,
  previewGuardianInvite,
  requireLinkedTeen,
} from './guardians.service.ts';

const docs = apiDocs('guardian');
const teenParams = z.object({ teenId: uuidParam(MINORS_MESSAGES.teenNotFound) });
/** An invitation token: 32 random bytes in base64url. */
const tokenParams = z.object({ token: z.string().min(1).max(128) });
const INVITE_PAGE = '/guardian/links/:token';
/** Guardians of minors (ECA Digital, issue 25): every call needs a verified account. */
export const guardiansRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // All but the invitation's page, which the mail's link opens before any account exists (issue 36).
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' && request.routeOptions.url?.endsWith(INVITE_PAGE)) return;
    await requireVerified(request);
  });

  app.get(
    INVITE_PAGE,
    {
      schema: {
        ...docs.public(
          'previewGuardianInvite',
          'Quem convidou (primeiro nome e foto), para quem abriu o link do convite de responsável',
        ),
        params: tokenParams,
        response: { ...respond(guardianInvitePreviewSchema), 410: apiErrorSchema },
      },
    },
    async (request) => ({ data: await previewGuardianInvite(ctx, request.params.token) }),
  );

  app.post(
    '/guardian/invite',
    {
      config: limitedBy(ctx.config, 'guardianInvites'),
      schema: {
        ...docs.session('inviteGuardian', 'O estudante menor de idade convida um responsável por e-mail'),
        body: guardianInviteSchema,
        response: respond(guardianInviteResultSchema, 201),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await inviteGuardian(ctx, currentUser(request), request.body.email) };
    },
  );

  app.post(
    '/guardian/links/:token/accept',
    {
      schema: {
        ...docs.session(
          'acceptGuardianLink',
          'O responsável (adulto, conectado) confirma o vínculo do convite',
        ),
        params: tokenParams,
        response: { ...respond(guardianLinkAcceptedSchema), 410: apiErrorSchema },
      },
    },
    async (request) => ({ data: await acceptGuardianLink(ctx, currentUser(request), request.params.token) }),
  );

  app.delete(
    '/guardian/links/:id',
    {
      schema: {
        ...docs.session(
          'endGuardianLink',
          'Desfaz o vínculo (o responsável sempre; o estudante a partir de 16 anos)',
        ),
        params: z.object({ id: uuidParam(MINORS_MESSAGES.linkNotFound) }),
        response: respond(messageSchema),
      },
    },
    async (request) => {
      await endGuardianLink(ctx, currentUser(request), request.params.id);
      return { data: { message: MINORS_MESSAGES.unlinked } };
    },
  );

  app.get(
    '/guardian/teens',
    {
      schema: {
        ...docs.session(
          'listGuardianTeens',
          'Painel do responsável: estudantes vinculados e o uso de cada um',
        ),
        response: respond(z.array(guardianTeenSchema)),
      },
    },
    async (request) => ({ data: await listLinkedTeens(ctx, currentUser(request)) }),
  );

  app.post(
    '/guardian/approvals/:id',
    {
      schema: {
        ...docs.session('decideGuardianApproval', 'Aprova ou recusa a entrada do estudante em um grupo pago'),
        params: z.object({ id: uuidParam(MINORS_MESSAGES.approvalNotFound) }),
        body: approvalDecisionSchema,
        response: respond(approvalResultSchema),
      },
    },
    async (request) => ({
      data: await decideApproval(ctx, currentUser(request), request.params.id, request.body.approve),
    }),
  );

  app.patch(
    '/guardian/teens/:teenId/privacy',
    {
      schema: {
        ...docs.session(
          'setTeenPrivacy',
          'O responsável ajusta a privacidade do estudante (e aprova afrouxá-la)',
        ),
        params: teenParams,
        body: updatePrivacySchema,
        response: respond(privacySettingsSchema),
      },
    },
    async (request) => {
      const teen = await requireLinkedTeen(ctx.database.db, currentUser(request).id, request.params.teenId);
      return { data: await setPrivacyByGuardian(ctx, teen, request.body) };
    },
  );

  app.post(
    '/guardian/teens/:teenId/export',
    {
      schema: {
        ...docs.session('exportTeenData', 'O responsável pede a cópia dos dados do estudante (LGPD)'),
        params: teenParams,
        response: { 202: dataOf(dataExportSchema), ...errorResponses, 409: exportRunningErrorSchema },
      },
    },
    async (request, reply) => {
      const guardian = currentUser(request);
      const teen = await requireLinkedTeen(ctx.database.db, guardian.id, request.params.teenId);
      reply.code(202);
      return { data: await requestExport(ctx, teen.id, guardian.id) };
    },
  );

  app.delete(
    '/guardian/teens/:teenId',
    {
      schema: {
        ...docs.session(
          'deleteTeenAccount',
          'O responsável pede a exclusão da conta do estudante (com a própria senha)',
        ),
        params: teenParams,
        body: deleteAccountSchema,
        response: { 202: dataOf(deletionScheduledSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const guardian = currentUser(request);
      const teen = await requireLinkedTeen(ctx.database.db, guardian.id, request.params.teenId);
      await requirePassword(guardian, request.body.password);
      reply.code(202);
      return { data: await scheduleErasure(ctx, teen.id) };
    },
  );
};
