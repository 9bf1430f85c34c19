import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** CSP and friends: only our own scripts, no framing by other sites, no MIME sniffing. */
function securityHeaders(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'https:'],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: config.secureCookies,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** What every reply carries anyway, not a security header. */
const PROBE_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sends for these options, worked out once by asking it on a throwaway
 * instance. The plugin itself rebuilds helmet's middleware, re-parsing the whole CSP, on every
 * request: a tenth of the cost of serving a cached feed page.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!PROBE_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** Every reply gets the security headers, set before any route, guard or error handler runs. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const headers = await helmetHeaders(securityHeaders(opts.config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
