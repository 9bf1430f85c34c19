import { Readable } from 'node:stream';
import {
  launchInfoSchema,
  messageSchema,
  robotCheckChallengeSchema,
  WAITLIST_MESSAGES,
  waitlistSubscriptionSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { CSV_BOM, CSV_HEADER, csvLine, toCsvLine } from './waitlist.present.ts';
import { demoSignIn, joinWaitlist, listWaitlist } from './waitlist.service.ts';

/** The landing page's calls: launch date, robot-check challenge, waiting list; and the admins' export. */
export const waitlistRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const docs = apiDocs('waitlist');

  app.get(
    '/launch',
    {
      schema: {
        ...docs.public('getLaunchInfo', 'Informa a data de lançamento'),
        response: respond(launchInfoSchema),
      },
    },
    async () => ({ data: { launchAt: ctx.config.launchAt.toISOString(), demo: await demoSignIn(ctx) } }),
  );

  app.get(
    '/altcha/challenge',
    {
      config: limitedBy(ctx.config, 'robotChallenges'),
      schema: {
        ...docs.public('getRobotCheckChallenge', 'Gera um desafio da verificação anti-robô (ALTCHA)'),
        response: respond(robotCheckChallengeSchema),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await ctx.robotCheck.issue() };
    },
  );

  // The spec's path (§7 Landing) is kept, though the check behind it is ALTCHA, not reCAPTCHA.
  app.post(
    '/recaptcha/validate',
    {
      config: limitedBy(ctx.config, 'waitlistSignups'),
      schema: {
        ...docs.public('joinWaitlist', 'Entra na lista de espera'),
        body: waitlistSubscriptionSchema,
        response: respond(messageSchema, 201),
      },
    },
    async (request, reply) => {
      await joinWaitlist(ctx, request.body);
      reply.code(201);
      return { data: { message: WAITLIST_MESSAGES.success } };
    },
  );

  // Admins only; anyone else is told there is nothing here (docs/conventions.md: something private is a 404, not a 403).
  app.get(
    '/admin/waitlist.csv',
    {
      onRequest: requireVerified,
      schema: docs.session('exportWaitlist', 'Exporta a lista de espera em CSV (administradores)'),
    },
    async (request, reply) => {
      if (currentUser(request).userType !== 'admin') throw notFound();
      const today = ctx.clock().toISOString().slice(0, 10);
      async function* csv() {
        yield CSV_BOM + csvLine(CSV_HEADER);
        for await (const batch of listWaitlist(ctx)) yield batch.map(toCsvLine).join('');
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="lista-de-espera-${today}.csv"`)
        .send(Readable.from(csv()));
    },
  );
};
