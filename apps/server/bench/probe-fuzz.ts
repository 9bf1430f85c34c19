// The probe's fuzzing (`npm run probe`, issue 37): every operation of the generated openapi.json, with
// malformed path parameters, queries and bodies, signed out and signed in. What must hold for every
// reply: never a 5xx, and every error in the `{error, code}` envelope with a pt-BR sentence.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import type { Probe, Who } from './probe-attempts.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  anyOf?: Schema[];
  items?: Schema;
};
interface Operation {
  method: Method;
  path: string;
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const SPEC = fileURLToPath(new URL('../openapi.json', import.meta.url));
/** Who the fuzz signs in as, besides nobody: an aluno and an admin (whose routes go deeper). */
const IDENTITIES: (Who | undefined)[] = [undefined, 'bruno', 'admin'];

/** The sentence of the overload guard's 503 (plugins/errors.ts). */
const OVERLOADED = 'O servidor está indisponível no momento.';
const HUGE = 'x'.repeat(100_000);
const UNICODE = 'çãõ é 🙂 漢字 \u202e\u0000 \ud83d';
/** Path parameters: a bad uuid, numbers out of range, huge, unicode, injection-looking, a real-looking unknown id. */
const PATH_VALUES = [
  'nao-e-uuid',
  '-1',
  '0',
  '99999999999999999999999',
  'x'.repeat(5_000),
  UNICODE,
  "' or 1=1--",
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '1e309',
  '%FF%FE',
  '%ED%A0%BD',
];
const QUERY_VALUES = [
  '%FF',
  'abc',
  '-1',
  '1e309',
  '99999999999999999999',
  'x'.repeat(5_000),
  UNICODE,
  '',
  'true',
  'null',
];
/** Wrong values for one field of a body. */
const FIELD_VALUES: unknown[] = [12345, -1, 1e308, HUGE, UNICODE, null, [], {}, true, [HUGE], { $gt: '' }];
/** Whole bodies that are wrong in shape. */
const BODIES: { label: string; payload: string; type?: string }[] = [
  { label: 'invalid JSON', payload: '{"a":' },
  { label: 'array', payload: '[]' },
  { label: 'null', payload: 'null' },
  { label: 'empty object', payload: '{}' },
  { label: 'string', payload: '"texto"' },
  { label: 'number', payload: '-1' },
  { label: 'deep nesting', payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
  { label: '__proto__', payload: '{"__proto__":{"isAdmin":true}}' },
  { label: 'constructor.prototype', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { label: 'unknown key', payload: '{"zzz":1}' },
  { label: '2 MB string', payload: JSON.stringify({ content: 'x'.repeat(2 * 1024 * 1024) }) },
  { label: 'form body', payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  {
    label: 'broken multipart',
    payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
    type: 'multipart/form-data; boundary=x',
  },
  { label: 'text', payload: 'olá', type: 'text/plain' },
];

// A sentence in Portuguese has an accent or one of these words; an English one these.
const PORTUGUESE =
  /[áàâãéêíóôõúç]|\b(não|nao|de|do|da|para|com|uma?|seu|sua|este|esta|essa|mais|tente|você|os|as|no|na|ou|foi|há|já|só|sem|que|apenas|pode|podem|deve|senha|entre|texto|tema|digite|escreva|escolha|informe)\b/i;
const ENGLISH =
  /\b(the|must|should|required|invalid|expected|unexpected|body|querystring|params|not found|error|failed|cannot|unsupported|property)\b/i;

function operations(): Operation[] {
  const spec = JSON.parse(fs.readFileSync(SPEC, 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        list.push({ ...operation, method: method.toUpperCase() as Method, path });
      }
    }
  }
  return list;
}

/** The body's field names, through `$ref`, `oneOf` and `anyOf`. */
function fieldsOf(schema: Schema | undefined, components: Record<string, Schema>, depth = 0): string[] {
  if (!schema || depth > 5) return [];
  if (schema.$ref) return fieldsOf(components[schema.$ref.split('/').pop() as string], components, depth + 1);
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    for (const name of fieldsOf(part, components, depth + 1)) names.add(name);
  }
  return [...names];
}

/** Percent-encoded; a lone surrogate (not UTF-8 at all) goes as the bytes of its code unit. */
const encode = (value: string) =>
  [...value]
    .map((char) =>
      char.length === 1 && /[\ud800-\udfff]/.test(char) ? '%ED%A0%BD' : encodeURIComponent(char),
    )
    .join('');

interface Variant {
  label: string;
  url: string;
  payload?: string;
  type?: string;
}

function variantsOf(operation: Operation, components: Record<string, Schema>): Variant[] {
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const fill = (values: Record<string, string>) =>
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? randomUUID());
  const base = fill({});
  const variants: Variant[] = [{ label: 'no body', url: base }];
  for (const name of pathParams) {
    for (const value of PATH_VALUES) {
      const encoded = value.includes('%') ? value : encode(value);
      variants.push({ label: `path ${name}=${value.slice(0, 30)}`, url: fill({ [name]: encoded }) });
    }
  }
  for (const name of [...queryParams, 'zzz']) {
    for (const value of QUERY_VALUES) {
      const encoded = value.startsWith('%') ? value : encode(value);
      variants.push({ label: `query ${name}=${value.slice(0, 30)}`, url: `${base}?${name}=${encoded}` });
    }
    variants.push({ label: `query ${name} repeated`, url: `${base}?${name}=1&${name}=2` });
  }
  if (operation.method !== 'GET') {
    for (const body of BODIES) variants.push({ ...body, label: `body ${body.label}`, url: base });
    const schema = operation.requestBody?.content['application/json']?.schema;
    for (const field of fieldsOf(schema, components)) {
      for (const value of FIELD_VALUES) {
        variants.push({
          label: `field ${field}=${JSON.stringify(value)?.slice(0, 30)}`,
          url: base,
          payload: JSON.stringify({ [field]: value }),
        });
      }
    }
  }
  return variants;
}

export interface FuzzReport {
  requests: number;
  operations: number;
  identities: string[];
  serverErrors: string[];
  /** The overload guard's 503s (under-pressure: the event loop stalled past MAX_EVENT_LOOP_DELAY_MS), apart. */
  overloaded: string[];
  outsideEnvelope: string[];
  notPortuguese: string[];
  statuses: Record<number, number>;
  /** Operations a rate limit answered 429 (fuzzed only as far as their limit). */
  limited: Set<string>;
  /** The five slowest requests (milliseconds). */
  slowest: { ms: number; what: string }[];
}

/** Fuzzes every operation as every identity (each signed-in one with a fresh session per operation). */
export async function fuzzOperations(probe: Probe): Promise<FuzzReport> {
  const spec = JSON.parse(fs.readFileSync(SPEC, 'utf8')) as {
    components?: { schemas?: Record<string, Schema> };
  };
  const components = spec.components?.schemas ?? {};
  const { app } = probe;
  const origin = app.ctx.config.publicUrl;
  const report: FuzzReport = {
    requests: 0,
    operations: 0,
    identities: IDENTITIES.map((who) => who ?? 'signed out'),
    serverErrors: [],
    overloaded: [],
    outsideEnvelope: [],
    notPortuguese: [],
    statuses: {},
    slowest: [],
    limited: new Set(),
  };
  const seenMessages = new Set<string>();
  for (const operation of operations()) {
    report.operations++;
    const variants = variantsOf(operation, components);
    for (const who of IDENTITIES) {
      // A fresh session each operation: a fuzzed logout or password change must not end the run.
      const cookie = who
        ? `${SESSION_COOKIE}=${await createSession(app.ctx.database.db, probe.ids[who], new Date())}`
        : undefined;
      for (const variant of variants) {
        // A real server meets its timers between requests; inject alone may never leave the
        // microtasks, and the overload guard (under-pressure) would judge a stale sample.
        await new Promise((resolve) => setImmediate(resolve));
        const started = performance.now();
        const res = await app.inject({
          method: operation.method,
          url: variant.url,
          headers: {
            origin,
            ...(cookie ? { cookie } : {}),
            ...(variant.payload !== undefined ? { 'content-type': variant.type ?? 'application/json' } : {}),
          },
          ...(variant.payload !== undefined ? { payload: variant.payload } : {}),
        });
        report.requests++;
        const ms = performance.now() - started;
        if (ms > (report.slowest[0]?.ms ?? 0) || report.slowest.length < 5) {
          report.slowest.push({
            ms: Math.round(ms),
            what: `${who ?? 'anônimo'} ${operation.method} ${operation.path} [${variant.label}]`,
          });
          report.slowest.sort((a, b) => b.ms - a.ms).splice(5);
        }
        report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1;
        const line = `${who ?? 'anônimo'} ${operation.method} ${operation.path} [${variant.label}] → ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode === 503 && res.body.includes(OVERLOADED)) report.overloaded.push(line);
        else if (res.statusCode >= 500) report.serverErrors.push(line);
        if (res.statusCode === 429) report.limited.add(`${operation.method} ${operation.path}`);
        if (res.statusCode < 400) continue;
        let body: unknown;
        try {
          body = JSON.parse(res.body);
        } catch {
          body = undefined;
        }
        const envelope = body as { error?: unknown; code?: unknown } | undefined;
        if (typeof envelope?.error !== 'string' || typeof envelope.code !== 'string') {
          report.outsideEnvelope.push(line);
          continue;
        }
        const message = envelope.error;
        if ((!PORTUGUESE.test(message) || ENGLISH.test(message)) && !seenMessages.has(message)) {
          seenMessages.add(message);
          report.notPortuguese.push(line);
        }
      }
    }
  }
  probe.requests += report.requests;
  return report;
}
