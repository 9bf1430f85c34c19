import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { users } from '../db/schema/index.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import { sha256 } from '../lib/tokens.ts';

export const SESSION_COOKIE = 'estudai_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The signed-in user: their row as stored. */
export type SessionUser = typeof users.$inferSelect;

/** Finds the user of a live session by its cookie token (features/auth/session-cache.ts). */
export interface SessionLookup {
  findUser(token: string): Promise<SessionUser | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set before any route runs. */
    user: SessionUser | null;
  }
  interface FastifyReply {
    startSession(token: string): FastifyReply;
    endSession(): FastifyReply;
  }
}

/** Reads the session cookie into `request.user`; routes guard with `requireUser`/`requireVerified`. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; sessions: SessionLookup }) => {
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.config.secureCookies,
    };

    app.decorateRequest('user', null);
    app.decorateReply('startSession', function (this: FastifyReply, token: string) {
      return this.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
    });
    app.decorateReply('endSession', function (this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || !request.url.startsWith('/api/')) return;
      request.user = (await opts.sessions.findUser(token)) ?? null;
    });
  },
);

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

/** Unverified accounts are confined to the verification screen (spec §6). */
export async function requireVerified(request: FastifyRequest): Promise<void> {
  verifiedUser(request.user);
}

/** The signed-in, verified account, or the 401/403 `requireVerified` answers (a socket event's check too). */
export function verifiedUser(user: SessionUser | null | undefined): SessionUser {
  if (!user) throw unauthenticated();
  if (!user.emailVerified) throw forbidden('Confirme seu e-mail para continuar.', 'EMAIL_NOT_VERIFIED');
  return user;
}

/** The signed-in user inside a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The stored id of the session behind a cookie token (only its hash is stored). */
export const sessionIdOf = (token: string) => sha256(token);
