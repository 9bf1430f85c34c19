import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { type FetchLike, paymentProviderFor } from '../payments/index.ts';
import { agendaRoutes } from './agenda.routes.ts';
import { groupPageRoutes } from './group-page.routes.ts';
import { inviteLinksRoutes } from './invite-links.routes.ts';
import { membersRoutes } from './members.routes.ts';

/** The teacher's toolkit (issue 24); removals and refunds go through the configured payment provider. */
export const teachingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; fetch?: FetchLike }> = async (
  app,
  { ctx, fetch },
) => {
  const provider = paymentProviderFor(ctx, fetch);
  await app.register(membersRoutes, { ctx, provider });
  await app.register(agendaRoutes, { ctx });
  await app.register(inviteLinksRoutes, { ctx });
  await app.register(groupPageRoutes, { ctx });
};
