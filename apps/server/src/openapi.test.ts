import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { API_TAGS, SESSION_SECURITY, sortOpenApiDocument } from './lib/openapi.ts';
import { OPENAPI_CONFIG, OPENAPI_FILE, openApiDocument, openApiJson } from './openapi.ts';
import { SESSION_COOKIE } from './plugins/session.ts';

interface Operation {
  tags?: string[];
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

/** Every operation of the document as `GET /api/posts`, in the document's order. */
function operationsOf(document: Document): { name: string; method: string; path: string; op: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      op,
    })),
  );
}

/** What differs between two documents, by operation (and by top-level key for the rest). */
function changesBetween(committed: Document, generated: Document): string[] {
  const byName = (document: Document) =>
    new Map(operationsOf(document).map(({ name, op }) => [name, JSON.stringify(op)]));
  const before = byName(committed);
  const after = byName(generated);
  const changes: string[] = [];
  for (const [name, op] of after) {
    if (!before.has(name)) changes.push(`${name} (new)`);
    else if (before.get(name) !== op) changes.push(`${name} (changed)`);
  }
  for (const name of before.keys()) if (!after.has(name)) changes.push(`${name} (gone)`);
  for (const key of new Set([...Object.keys(committed), ...Object.keys(generated)])) {
    if (key !== 'paths' && JSON.stringify(committed[key]) !== JSON.stringify(generated[key])) {
      changes.push(`'${key}'`);
    }
  }
  return changes;
}

const TAG_NAMES: readonly string[] = API_TAGS.map((tag) => tag.name);

const SESSION_ONLY = [{ [SESSION_SECURITY]: [] }];

let t: TestApp;
let document: Document;
beforeAll(async () => {
  // Google on, as `npm run openapi` has it, so its routes are in the document too.
  t = await buildTestApp(OPENAPI_CONFIG);
  document = (await openApiDocument(t.app)) as Document;
});
afterAll(async () => {
  await t?.app.close();
});

describe('the committed OpenAPI document', () => {
  it('is the one the routes generate (else: run `npm run openapi` and commit apps/server/openapi.json)', () => {
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : undefined;
    if (committed === openApiJson(document)) return;
    let changes: string[];
    try {
      changes =
        committed === undefined ? ['the file is missing'] : changesBetween(JSON.parse(committed), document);
    } catch {
      changes = ['the file is not valid JSON'];
    }
    expect.fail(
      `apps/server/openapi.json is out of date: run \`npm run openapi\` and commit the file.\n` +
        `Differences: ${changes.join(', ') || 'formatting only'}`,
    );
  });

  it('is what /api/docs/json serves, with the session cookie scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(sortOpenApiDocument(res.json())).toEqual(document);
    expect(document.components).toMatchObject({
      securitySchemes: { [SESSION_SECURITY]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    });
  });

  it('is browsable at /api/docs', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode === 302)
      res = await t.app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
  });
});

describe('every documented operation', () => {
  it('has a known tag, a summary, a camelCase operationId and a security entry', () => {
    const problems: string[] = [];
    for (const { name, op } of operationsOf(document)) {
      if (op.tags?.length !== 1) problems.push(`${name}: tags ${JSON.stringify(op.tags)}, expected one`);
      for (const tag of op.tags ?? []) {
        if (!TAG_NAMES.includes(tag))
          problems.push(`${name}: tag '${tag}' is not in lib/openapi.ts API_TAGS`);
      }
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      if (!op.operationId) problems.push(`${name}: no operationId`);
      else if (!/^[a-z]+(?:[A-Z0-9][a-z0-9]*)*$/.test(op.operationId)) {
        problems.push(`${name}: operationId '${op.operationId}' is not camelCase`);
      }
      const security = JSON.stringify(op.security);
      if (security !== '[]' && security !== JSON.stringify(SESSION_ONLY)) {
        problems.push(
          `${name}: security ${security ?? 'missing'}, expected [] or ${JSON.stringify(SESSION_ONLY)}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('has its own operationId', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { name, op } of operationsOf(document)) {
      if (!op.operationId) continue;
      const first = seen.get(op.operationId);
      if (first) duplicates.push(`${op.operationId}: ${first} and ${name}`);
      else seen.set(op.operationId, name);
    }
    expect(duplicates).toEqual([]);
  });

  it('uses the tags as declared: one per feature, each with operations', () => {
    const used = new Set(operationsOf(document).flatMap(({ op }) => op.tags ?? []));
    expect(TAG_NAMES.filter((tag) => !used.has(tag))).toEqual([]);
    const features = fs
      .readdirSync(new URL('./features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    // A folder whose section reads better in the singular: 'guardian' (issue 25) is features/guardians/.
    // features/enforcement/ (issue 43) has no routes of its own: its calls are in the moderation section.
    const tagOfFolder: Record<string, string> = { guardians: 'guardian', enforcement: 'moderation' };
    expect(features.filter((feature) => !TAG_NAMES.includes(tagOfFolder[feature] ?? feature))).toEqual([]);
    expect((document.tags as { name: string }[]).map((tag) => tag.name)).toEqual(TAG_NAMES);
  });

  it('tells the truth about the session: guarded ones answer 401 without it, public ones never do', async () => {
    const wrong: string[] = [];
    for (const { name, method, path, op } of operationsOf(document)) {
      const url = path.replace(/\{[^}]+\}/g, '0b7c5c8e-4f5e-4b7e-9a62-6f3d2f1f9c11');
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        ...(op.requestBody ? { payload: {} } : {}),
      });
      const session = JSON.stringify(op.security) === JSON.stringify(SESSION_ONLY);
      // Guards run on request, before the body is read: a missing session is always the first answer.
      if (session && res.statusCode !== 401)
        wrong.push(`${name}: documented as needing a session, answered ${res.statusCode}`);
      if (!session && res.statusCode === 401) wrong.push(`${name}: documented as public, answered 401`);
    }
    expect(wrong).toEqual([]);
  });
});
