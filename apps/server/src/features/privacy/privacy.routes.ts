import {
  apiErrorSchema,
  dataExportSchema,
  dataOf,
  deleteAccountSchema,
  deletionScheduledSchema,
  exportRunningErrorSchema,
  meSchema,
  PRIVACY_MESSAGES,
  privacySettingsSchema,
  setBirthDateSchema,
  updatePrivacySchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireUser, requireVerified } from '../../plugins/session.ts';
import { describeMe } from '../users/index.ts';
import { requirePassword, scheduleErasure } from './erasure.service.ts';
import { getExport, openExportFile, requestExport } from './export.service.ts';
import { setBirthDate, updateOwnPrivacy } from './privacy-settings.service.ts';

const docs = apiDocs('privacy');
const exportParams = z.object({ id: uuidParam(PRIVACY_MESSAGES.exportNotFound) });
/** An export is heavy: a few a day per account is plenty. */

/** Birth date, privacy settings and 'Meus dados' (LGPD art. 18): each for the signed-in person. */
export const privacyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Asked once, right after signing in (even before the e-mail is confirmed).
  app.put(
    '/users/me/birth-date',
    {
      onRequest: requireUser,
      schema: {
        ...docs.session('setBirthDate', 'Informa a data de nascimento (uma vez, para contas antigas)'),
        body: setBirthDateSchema,
        response: respond(meSchema),
      },
    },
    async (request) => {
      const updated = await setBirthDate(ctx, currentUser(request), request.body.birthDate);
      return { data: await describeMe(ctx, updated) };
    },
  );

  app.patch(
    '/users/me/privacy',
    {
      onRequest: requireVerified,
      schema: {
        ...docs.session('updatePrivacy', 'Ajusta a privacidade (menores só podem deixá-la mais restrita)'),
        body: updatePrivacySchema,
        response: respond(privacySettingsSchema),
      },
    },
    async (request) => ({ data: await updateOwnPrivacy(ctx, currentUser(request), request.body) }),
  );

  app.post(
    '/me/export',
    {
      onRequest: requireUser,
      config: limitedBy(ctx.config, 'dataExports'),
      schema: {
        ...docs.session('requestDataExport', 'Pede a cópia dos próprios dados (um arquivo ZIP)'),
        response: { 202: dataOf(dataExportSchema), ...errorResponses, 409: exportRunningErrorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.code(202);
      return { data: await requestExport(ctx, user.id, user.id) };
    },
  );

  app.get(
    '/me/export/:id',
    {
      onRequest: requireUser,
      schema: {
        ...docs.session('getDataExport', 'Mostra o andamento de uma cópia dos dados e o link de download'),
        params: exportParams,
        response: respond(dataExportSchema),
      },
    },
    async (request) => ({ data: await getExport(ctx, currentUser(request), request.params.id) }),
  );

  app.get(
    '/me/export/:id/download',
    {
      onRequest: requireUser,
      schema: {
        ...docs.session('downloadDataExport', 'Baixa o arquivo ZIP (só quem pediu, por 7 dias)'),
        params: exportParams,
        response: {
          200: z.any().describe('O arquivo ZIP (application/zip)'),
          ...errorResponses,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await openExportFile(ctx, currentUser(request), request.params.id);
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store');
      if (file.size !== undefined) reply.header('content-length', String(file.size));
      return reply.send(file.stream);
    },
  );

  app.delete(
    '/users/me',
    {
      onRequest: requireUser,
      schema: {
        ...docs.session('deleteMyAccount', 'Pede a exclusão da conta: em 7 dias, salvo se entrar de novo'),
        body: deleteAccountSchema,
        response: { 202: dataOf(deletionScheduledSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await requirePassword(user, request.body.password);
      const scheduled = await scheduleErasure(ctx, user.id);
      reply.endSession().code(202);
      return { data: scheduled };
    },
  );
};
