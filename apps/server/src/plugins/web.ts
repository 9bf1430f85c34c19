import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@estudai/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { type SharedPageMeta, withPageMeta } from '../lib/page-meta.ts';
import { createLandingPage } from './landing-page.ts';
import { SESSION_COOKIE } from './session.ts';

/** index.html with the feed's code preloaded (apps/web/vite.config.ts), for `/` when signed in. */
const SIGNED_IN_HOME = 'index.signed-in.html';

/** Serves the built web app and answers unknown non-API paths with it (the SPA decides). */
/** A page of the app with a preview of its own (a shared post): its pattern and how to describe one. */
export type SharedPages = Record<string, (params: Record<string, string>) => Promise<SharedPageMeta | null>>;

export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      webDist: string;
      launchAt: Date;
      /** The demo data is there with the README's password: 'Testar Demo' opens it (issue 36). */
      demo: boolean;
      sharedPages?: SharedPages;
    },
  ) => {
    const hasWeb = fs.existsSync(path.join(opts.webDist, 'index.html'));
    const hasSignedInHome = fs.existsSync(path.join(opts.webDist, SIGNED_IN_HOME));
    const sendLanding = createLandingPage(opts.webDist, opts.launchAt, opts.demo);
    const sendApp = (reply: FastifyReply, page = 'index.html') =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(page);

    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        index: false,
        // The landing page's templates are sent filled in (landing-page.ts), never as they are.
        allowedPath: (pathName) => !pathName.startsWith('/index.landing'),
        // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts).
        preCompressed: true,
        setHeaders(res, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // The root is a directory to @fastify/static (403 with `index: false`), so it gets its own route.
      // `/` is the feed for a signed-in visitor and the landing page for anyone else (the app checks the
      // session; a stale cookie only costs a few unused preloads). Without a session cookie nobody is
      // signed in, so the landing page comes with its first screen already in it.
      app.get('/', (request, reply) => {
        const signedIn = request.cookies[SESSION_COOKIE] !== undefined;
        if (!signedIn && sendLanding) return sendLanding(request, reply);
        reply.header('vary', 'cookie');
        return sendApp(reply, signedIn && hasSignedInHome ? SIGNED_IN_HOME : 'index.html');
      });

      // A shared link's page carries its preview (Open Graph, Twitter card) for WhatsApp and the like,
      // which read the HTML and run no script; the app itself is the same. Nothing to show: plain app.
      const indexHtml = fs.readFileSync(path.join(opts.webDist, 'index.html'), 'utf8');
      for (const [url, describe] of Object.entries(opts.sharedPages ?? {})) {
        app.get(url, async (request, reply) => {
          const meta = await describe(request.params as Record<string, string>);
          if (!meta) return sendApp(reply);
          return reply
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(withPageMeta(indexHtml, meta));
        });
      }
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage = request.method === 'GET' && !/^\/(api|media)(\/|$)/.test(request.url);
      if (isPage && hasWeb) return sendApp(reply);
      return reply.code(404).send({ error: 'Recurso não encontrado.', code: ErrorCode.notFound });
    });
  },
);
