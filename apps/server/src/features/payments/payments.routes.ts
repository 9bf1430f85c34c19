import {
  createPaymentInputSchema,
  dataOf,
  GROUP_MESSAGES,
  guardianApprovalPendingSchema,
  paymentConfigSchema,
  paymentSchema,
  receiptSchema,
} from '@estudai/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import type { FetchLike } from './payment-provider.ts';
import { createPaymentProvider } from './payment-providers.ts';
import * as payments from './payments.service.ts';

const idParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const receivedSchema = z.object({ received: z.literal(true) });
/** Stripe's events are a few kilobytes. */
const WEBHOOK_BODY_MAX = 256 * 1024;
const docs = apiDocs('payments');

/** A person pays for a group a few times at most; per account, not per IP (schools share one). */
const paymentCreation = {
  rateLimit: {
    max: 10,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
};

export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; fetch?: FetchLike }> = async (
  app,
  { ctx, fetch },
) => {
  const provider = createPaymentProvider(ctx.config, fetch);
  const guarded = { onRequest: requireVerified };

  app.get(
    '/payments/config',
    {
      ...guarded,
      schema: {
        ...docs.session('getPaymentConfig', 'Informa o provedor de pagamento em uso e se é modo de teste'),
        response: respond(paymentConfigSchema),
      },
    },
    async () => ({
      data: { provider: provider.name, testMode: provider.testMode, methods: provider.methods },
    }),
  );

  app.get(
    '/payments/mine',
    {
      ...guarded,
      schema: {
        ...docs.session('listMyPayments', 'Lista os recibos dos pagamentos confirmados da pessoa'),
        response: respond(z.array(receiptSchema)),
      },
    },
    async (request) => ({ data: await payments.listReceipts(ctx, currentUser(request), provider) }),
  );

  app.post(
    '/study-groups/:id/payments',
    {
      ...guarded,
      config: paymentCreation,
      schema: {
        ...docs.session('createPayment', 'Inicia o pagamento de um grupo pago'),
        params: idParams,
        body: createPaymentInputSchema,
        // 202: a supervised teen's guardian must approve first (nothing is charged yet).
        response: { ...respond(paymentSchema, 201), 202: dataOf(guardianApprovalPendingSchema) },
      },
    },
    async (request, reply) => {
      const started = await payments.createPayment(
        ctx,
        provider,
        currentUser(request),
        request.params.id,
        request.body.method,
        request.body.inviteCode,
      );
      if (started.kind === 'approval') {
        reply.code(202);
        const { approvalId, message } = started;
        return { data: { approvalId, status: 'pending' as const, message } };
      }
      reply.code(201);
      return { data: started.payment };
    },
  );

  // The provider calls this, server to server: no session, no Origin (so the CSRF check lets it
  // through), no per-IP ceiling. The signature is checked over the exact bytes received, so this
  // plugin keeps JSON bodies as a Buffer instead of parsing them.
  await app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.post(
      '/payments/webhook/stripe',
      {
        bodyLimit: WEBHOOK_BODY_MAX,
        config: { rateLimit: false },
        schema: { hide: true, response: respond(receivedSchema) },
      },
      async (request) => {
        if (provider.name !== 'stripe') throw notFound();
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await payments.handleWebhook(ctx, provider, rawBody, request.headers);
        return { data: { received: true as const } };
      },
    );
  });
};
