import {
  AUTH_MESSAGES,
  authProvidersSchema,
  confirmEmailSchema,
  emailOnlySchema,
  loginReplySchema,
  loginSchema,
  meSchema,
  messageSchema,
  PRIVACY_MESSAGES,
  resetPasswordSchema,
  signupSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { limitedBy, limitedPer } from '../../plugins/rate-limits.ts';
import { currentUser, requireUser, SESSION_COOKIE } from '../../plugins/session.ts';
import { describeMe } from '../users/index.ts';
import { finishGoogleSignIn, googleClient, startGoogleSignIn } from './auth.google.ts';
import * as auth from './auth.service.ts';
import { deleteSession } from './sessions.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const perIp = limitedBy(ctx.config, 'auth');
  const docs = apiDocs('auth');

  app.get(
    '/auth/providers',
    {
      schema: {
        ...docs.public('getAuthProviders', 'Informa as formas de entrar disponíveis'),
        response: respond(authProvidersSchema),
      },
    },
    async () => ({ data: { google: Boolean(ctx.config.google) } }),
  );

  // Who is signed in, answering 200 either way, so a signed-out page logs no failed request.
  app.get(
    '/auth/session',
    {
      schema: {
        ...docs.public('getSession', 'Mostra quem está conectado (null sem sessão)'),
        response: respond(meSchema.nullable()),
      },
    },
    async (request) => ({
      data: request.user ? await describeMe(ctx, request.user) : null,
    }),
  );

  app.post(
    '/auth/signup',
    {
      config: perIp,
      schema: {
        ...docs.public('signUp', 'Cria uma conta e inicia a sessão'),
        body: signupSchema,
        response: respond(meSchema, 201),
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.signup(ctx, request.body);
      reply.startSession(token).code(201);
      return { data: await describeMe(ctx, user) };
    },
  );

  app.post(
    '/auth/login',
    {
      config: perIp,
      schema: {
        ...docs.public('logIn', 'Entra com e-mail e senha'),
        body: loginSchema,
        response: respond(loginReplySchema),
      },
    },
    async (request, reply) => {
      const { user, token, deletionCancelled } = await auth.login(ctx, request.body, request.ip);
      // A fresh session id at every login; the one the browser held before is dropped.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) {
        await deleteSession(ctx.database.db, previous);
        ctx.sessions.forgetToken(previous);
      }
      reply.startSession(token);
      const me = await describeMe(ctx, user);
      return {
        data: deletionCancelled
          ? { ...me, deletionCancelled, message: PRIVACY_MESSAGES.deletionCancelled }
          : { ...me, deletionCancelled },
      };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { ...docs.public('logOut', 'Encerra a sessão'), response: respond(messageSchema) } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        await deleteSession(ctx.database.db, token);
        ctx.sessions.forgetToken(token);
        ctx.realtime.endConnections({ token });
      }
      reply.endSession();
      return { data: { message: AUTH_MESSAGES.loggedOut } };
    },
  );

  // Every session of the account ends, on every device and server process, and open tabs are told.
  app.post(
    '/auth/logout-all',
    {
      onRequest: requireUser,
      schema: {
        ...docs.session('logOutEverywhere', 'Encerra a sessão em todos os aparelhos'),
        response: respond(messageSchema),
      },
    },
    async (request, reply) => {
      await auth.logoutEverywhere(ctx, currentUser(request).id);
      reply.endSession();
      return { data: { message: AUTH_MESSAGES.loggedOutEverywhere } };
    },
  );

  app.post(
    '/auth/send-verification-email',
    {
      config: perIp,
      schema: {
        ...docs.public('sendVerificationEmail', 'Envia o e-mail de confirmação de cadastro'),
        body: emailOnlySchema,
        response: respond(messageSchema),
      },
    },
    async (request) => {
      await auth.sendVerificationEmail(ctx, request.user, request.body.email);
      return { data: { message: AUTH_MESSAGES.verificationSent } };
    },
  );

  app.post(
    '/auth/confirm-email',
    {
      config: perIp,
      schema: {
        ...docs.public('confirmEmail', 'Confirma o e-mail com o código recebido'),
        body: confirmEmailSchema,
        response: respond(messageSchema),
      },
    },
    async (request) => {
      await auth.confirmEmail(ctx, request.body);
      return { data: { message: AUTH_MESSAGES.emailVerified } };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: perIp,
      preHandler: limitedPer(app, ctx.config, 'passwordResetMails', (request) =>
        String((request.body as { email?: unknown }).email ?? '')
          .trim()
          .toLowerCase(),
      ),
      schema: {
        ...docs.public('requestPasswordReset', 'Envia o link para redefinir a senha'),
        body: emailOnlySchema,
        response: respond(messageSchema),
      },
    },
    async (request) => {
      await auth.forgotPassword(ctx, request.body.email);
      return { data: { message: AUTH_MESSAGES.forgotAnswer } };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: perIp,
      schema: {
        ...docs.public('resetPassword', 'Redefine a senha com o código recebido'),
        body: resetPasswordSchema,
        response: respond(messageSchema),
      },
    },
    async (request, reply) => {
      await auth.resetPassword(ctx, request.body);
      reply.endSession();
      return { data: { message: AUTH_MESSAGES.passwordChanged } };
    },
  );

  const google = googleClient(ctx);
  if (google) {
    const flowCookie = {
      path: '/api/auth/google',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: ctx.config.secureCookies,
      maxAge: 600,
    };

    app.get(
      '/auth/google',
      { schema: docs.public('startGoogleSignIn', 'Inicia a entrada com Google (redireciona ao Google)') },
      async (_request, reply) => {
        const { url, state, codeVerifier } = startGoogleSignIn(google);
        reply
          .setCookie('google_state', state, flowCookie)
          .setCookie('google_verifier', codeVerifier, flowCookie);
        return reply.redirect(url.toString());
      },
    );

    app.get(
      '/auth/google/callback',
      {
        schema: {
          ...docs.public('finishGoogleSignIn', 'Conclui a entrada com Google (o Google redireciona para cá)'),
          querystring: z.object({ code: z.string().optional(), state: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const { code, state } = request.query;
        const expectedState = request.cookies.google_state;
        const codeVerifier = request.cookies.google_verifier;
        reply.clearCookie('google_state', flowCookie).clearCookie('google_verifier', flowCookie);
        if (!code || !state || !codeVerifier || state !== expectedState) {
          return reply.redirect('/auth?erro=google');
        }
        try {
          const result = await finishGoogleSignIn(ctx, google, code, codeVerifier);
          if ('error' in result) return reply.redirect(`/auth?erro=${result.error}`);
          reply.startSession(result.token);
          return reply.redirect('/');
        } catch (error) {
          request.log.warn({ err: error }, 'Google sign-in failed');
          return reply.redirect('/auth?erro=google');
        }
      },
    );
  }
};
