import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_TAGS, SESSION_SECURITY } from './lib/openapi.ts';
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
