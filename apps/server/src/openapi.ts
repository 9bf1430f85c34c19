import { fileURLToPath } from 'node:url';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { Config } from './config.ts';
import { API_TAGS, SESSION_SECURITY, sortOpenApiDocument } from './lib/openapi.ts';
import { SESSION_COOKIE } from './plugins/session.ts';

/** The document's head, which buildApp gives @fastify/swagger: what the API is, its tags, the session cookie. */
export const OPENAPI_DEFINITION = {
  info: {
    title: 'Estudaí API',
    version: '1.0.0',
    description:
      'API da rede social de estudos Estudaí. Todo sucesso responde `{ "data": … }` (listas trazem também `hasMore`); todo erro, `{ "error": "<mensagem>", "code": "…" }`. As rotas com o cadeado pedem a sessão: o cookie que `POST /api/auth/login` ou `POST /api/auth/signup` devolve.',
  },
  tags: [...API_TAGS],
  components: {
    securitySchemes: {
      [SESSION_SECURITY]: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'Cookie de sessão (HttpOnly), criado na entrada e apagado na saída.',
      },
    },
  },
} satisfies FastifyDynamicSwaggerOptions['openapi'];

/** The committed OpenAPI document: `npm run openapi` writes it, src/openapi.test.ts checks it is current. */
export const OPENAPI_FILE = fileURLToPath(new URL('../openapi.json', import.meta.url));

/**
 * What the committed document is generated with, on top of a local default config: Google sign-in
 * on (placeholder credentials, never used), so its two routes are documented too. Nothing else in
 * the configuration changes which routes exist or how they are described.
 */
export const OPENAPI_CONFIG = {
  google: { clientId: 'openapi-document', clientSecret: 'openapi-document' },
} satisfies Partial<Config>;

/** The app's OpenAPI document (as /api/docs/json serves it), in an order independent of registration. */
export async function openApiDocument(app: { ready(): PromiseLike<unknown>; swagger(): object }) {
  await app.ready();
  return sortOpenApiDocument(app.swagger());
}

/** The committed file's text: two-space JSON and a final newline. */
export const openApiJson = (document: object) => `${JSON.stringify(document, null, 2)}\n`;
