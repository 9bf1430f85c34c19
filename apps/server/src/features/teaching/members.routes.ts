import { Readable } from 'node:stream';
import {
  addTeacherInputSchema,
  earningsSchema,
  GROUP_MESSAGES,
  groupMemberSchema,
  groupPermissionsSchema,
  groupTeacherSchema,
  membersQuerySchema,
  pageOf,
  paymentSchema,
  refundInputSchema,
  removeMemberInputSchema,
  removeMemberResultSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import type { PaymentProvider } from '../payments/index.ts';
import * as earnings from './earnings.service.ts';
import { CSV_BOM, csvFileName, MEMBERS_CSV_HEADER, membersCsvLine } from './members.present.ts';
import * as members from './members.service.ts';
import * as teachers from './teachers.service.ts';

const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
/** Any string: a malformed user id is a member that does not exist (404), never a 400. */
const memberParams = groupParams.extend({ userId: z.string() });
const docs = apiDocs('teaching');

export const membersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; provider: PaymentProvider }> = async (
  app,
  { ctx, provider },
) => {
  const guarded = { onRequest: requireVerified };

  app.get(
    '/study-groups/:id/permissions',
    {
      ...guarded,
      schema: {
        ...docs.session('getGroupPermissions', 'Informa o que a pessoa pode gerenciar no grupo'),
        params: groupParams,
        response: respond(groupPermissionsSchema),
      },
    },
    async (request) => ({
      data: await teachers.getPermissions(ctx, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/study-groups/:id/members',
    {
      ...guarded,
      schema: {
        ...docs.session('listGroupMembers', 'Lista os membros do grupo (dono e professores)'),
        params: groupParams,
        querystring: membersQuerySchema,
        response: { 200: pageOf(groupMemberSchema), ...errorResponses },
      },
    },
    (request) => members.listMembers(ctx, currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/study-groups/:id/members.csv',
    {
      ...guarded,
      schema: {
        ...docs.session('exportGroupMembers', 'Exporta os membros do grupo em CSV (dono e professores)'),
        params: groupParams,
        querystring: membersQuerySchema.pick({ q: true }),
      },
    },
    async (request, reply) => {
      const { group, batches } = await members.membersForExport(
        ctx,
        currentUser(request),
        request.params.id,
        request.query.q,
      );
      async function* csv() {
        yield CSV_BOM + membersCsvLine(MEMBERS_CSV_HEADER);
        for await (const batch of batches()) yield batch.map((member) => membersCsvLine(member)).join('');
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${csvFileName(group.name, ctx.clock())}"`)
        .send(Readable.from(csv()));
    },
  );

  app.delete(
    '/study-groups/:id/members/:userId',
    {
      ...guarded,
      schema: {
        ...docs.session('removeGroupMember', 'Remove um membro do grupo, com motivo (reembolsa quem pagou)'),
        params: memberParams,
        body: removeMemberInputSchema,
        response: respond(removeMemberResultSchema),
      },
    },
    async (request) => ({
      data: await members.removeMember(
        ctx,
        provider,
        currentUser(request),
        request.params.id,
        request.params.userId,
        request.body.reason,
      ),
    }),
  );

  app.get(
    '/study-groups/:id/teachers',
    {
      ...guarded,
      schema: {
        ...docs.session('listGroupTeachers', 'Lista o dono e os professores do grupo'),
        params: groupParams,
        response: respond(z.array(groupTeacherSchema)),
      },
    },
    async (request) => ({ data: await teachers.listTeachers(ctx, currentUser(request), request.params.id) }),
  );

  app.post(
    '/study-groups/:id/teachers',
    {
      ...guarded,
      schema: {
        ...docs.session('addGroupTeacher', 'Adiciona um professor, mentor ou tutor ao grupo (dono)'),
        params: groupParams,
        body: addTeacherInputSchema,
        response: respond(groupTeacherSchema, 201),
      },
    },
    async (request, reply) => {
      const teacher = await teachers.addTeacher(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.userId,
      );
      reply.code(201);
      return { data: teacher };
    },
  );

  app.delete(
    '/study-groups/:id/teachers/:userId',
    {
      ...guarded,
      schema: {
        ...docs.session('removeGroupTeacher', 'Remove um professor do grupo (dono)'),
        params: memberParams,
        response: respond(z.object({ userId: z.string() })),
      },
    },
    async (request) => {
      await teachers.removeTeacher(ctx, currentUser(request), request.params.id, request.params.userId);
      return { data: { userId: request.params.userId } };
    },
  );

  app.get(
    '/study-groups/:id/earnings',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'getGroupEarnings',
          'Mostra as receitas do grupo: pagamentos por mês, renovações e reembolsos (dono)',
        ),
        params: groupParams,
        response: respond(earningsSchema),
      },
    },
    async (request) => ({ data: await earnings.getEarnings(ctx, currentUser(request), request.params.id) }),
  );

  app.post(
    '/study-groups/:id/payments/:paymentId/refund',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'refundGroupPayment',
          'Reembolsa um pagamento do grupo pelo provedor de pagamento (dono)',
        ),
        params: groupParams.extend({ paymentId: z.string() }),
        body: refundInputSchema.optional(),
        response: respond(paymentSchema),
      },
    },
    async (request) => ({
      data: await earnings.refundGroupPayment(
        ctx,
        provider,
        currentUser(request),
        request.params.id,
        request.params.paymentId,
        request.body?.reason,
      ),
    }),
  );
};
