import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, resetTestApp, type TestApp } from '../../test/app.ts';
import { createUser, signedInAs } from '../../test/factories.ts';
import { loadConfig } from '../config.ts';
import { INVALID_TEXT_MESSAGE } from './text-input.ts';

// Nothing a user or an attacker sends may produce a 500: every operation of the OpenAPI document
// gets U+0000 in each of its text fields and queries, and must answer 400 with a pt-BR message.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const NUL = 'a\u0000b';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Bodies that hold NUL at each string leaf of `schema` (one body per leaf; arrays get one item). */
function poisonedBodies(schema: JsonSchema | undefined, depth = 0): unknown[] {
  if (!schema || depth > 6) return [];
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (variants.length > 0) return variants.flatMap((variant) => poisonedBodies(variant, depth + 1));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) return [NUL];
  if (types.includes('array')) return poisonedBodies(schema.items, depth + 1).map((item) => [item]);
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, property]) =>
      poisonedBodies(property, depth + 1).map((value) => ({ [key]: value })),
    );
  }
  return [];
}

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  const defaults = loadConfig({}).rateLimits;
  t = await buildTestApp({
    rateLimits: {
      ...defaults,
      globalPerMinute: 1_000_000,
      authPerIpPer15Min: 1_000_000,
      // The sweep sends every text field of a post and a comment: far more than a person writes.
      postsPerAccountPerMinute: 1_000_000,
      commentsPerAccountPerMinute: 1_000_000,
    },
  });
});
beforeEach(async () => {
  await resetTestApp(t);
  cookie = await signedInAs(t.app, await createUser(t.app, { userType: 'admin' }));
});
afterAll(async () => {
  await t.app.close();
});

async function operations() {
  await t.app.ready();
  const document = t.app.swagger() as { paths: Record<string, Partial<Record<string, Operation>>> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, item]) =>
      METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
    );
}

const withParams = (path: string, value: (name: string) => string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));

describe('U+0000 in any text', () => {
  it('answers 400 with a pt-BR message for every body field, query and path parameter, never 500', async () => {
    const sent: string[] = [];
    const failures: string[] = [];
    for (const { path, method, operation } of await operations()) {
      const url = withParams(path, () => randomUUID());
      const cases: { label: string; url: string; payload?: unknown }[] = [];
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query') {
          cases.push({ label: `query ${parameter.name}`, url: `${url}?${parameter.name}=a%00b` });
        }
        if (parameter.in === 'path') {
          const poisoned = withParams(path, (name) => (name === parameter.name ? NUL : randomUUID()));
          cases.push({ label: `path ${parameter.name}`, url: poisoned });
        }
      }
      const json = operation.requestBody?.content?.['application/json']?.schema;
      for (const payload of poisonedBodies(json)) {
        cases.push({ label: `body ${JSON.stringify(payload)}`, url, payload });
      }
      for (const { label, url: target, payload } of cases) {
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: target,
          headers: { cookie },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        sent.push(`${method} ${path} ${label}`);
        const body = res.json();
        if (res.statusCode !== 400 || body.error !== INVALID_TEXT_MESSAGE) {
          failures.push(
            `${method.toUpperCase()} ${path} (${label}): ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // The sweep must have covered the API's text: posts, comments, profile, groups, chat, login, search…
    expect(sent.length).toBeGreaterThan(100);
    for (const reached of ['post /api/posts body', 'post /api/auth/login body', 'patch /api/users/me body']) {
      expect(sent.some((line) => line.startsWith(reached))).toBe(true);
    }
  });
});

describe('errors the framework raises', () => {
  it('answers a 1,000-character path id in pt-BR, in the envelope', async () => {
    for (const url of [`/api/posts/${'a'.repeat(1000)}`, `/api/study-groups/${'a'.repeat(1000)}/forum`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({ error: 'O endereço pedido é longo demais.', code: 'URI_TOO_LONG' });
    }
  });

  it('answers a malformed address in pt-BR, in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/%E0%A4%A', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Endereço inválido.', code: ErrorCode.badRequest });
  });
});

describe('a database outage', () => {
  it('answers 503 with a pt-BR message and Retry-After, not 500', async () => {
    const own = await buildTestApp({}, { database: await openTestDatabase() });
    try {
      const user = await createUser(own.app);
      const session = await signedInAs(own.app, user);
      // The session is in memory now; the feed then needs the database, which has gone away.
      expect(
        (await own.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: session } }))
          .statusCode,
      ).toBe(200);
      await own.app.ctx.database.close();
      const res = await own.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie: session } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
        code: ErrorCode.unavailable,
      });
    } finally {
      own.app.ctx.database.close = async () => {};
      await own.app.close();
    }
  });
});
