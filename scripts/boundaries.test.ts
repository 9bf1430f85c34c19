// The rules of .dependency-cruiser.cjs run over a small made-up tree: each forbidden import must be
// reported under its rule, and the allowed ones must not, so a rule that stops biting fails here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureGraphProblems } from './feature-graph.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** File → its source: every import in it is one case. */
const tree: Record<string, string> = {
  'apps/web/package.json': JSON.stringify({ name: 'web', dependencies: {} }),
  'node_modules/declared-pkg/package.json': JSON.stringify({ name: 'declared-pkg', main: 'index.js' }),
  'node_modules/declared-pkg/index.js': 'module.exports = 1;',
  'node_modules/undeclared-pkg/package.json': JSON.stringify({ name: 'undeclared-pkg', main: 'index.js' }),
  'node_modules/undeclared-pkg/index.js': 'module.exports = 2;',
  'apps/server/package.json': JSON.stringify({
    name: 'server',
    dependencies: { 'declared-pkg': '1.0.0', 'drizzle-orm': '1.0.0' },
  }),
  'node_modules/drizzle-orm/package.json': JSON.stringify({ name: 'drizzle-orm', main: 'index.js' }),
  'node_modules/drizzle-orm/index.js': 'exports.sql = () => 1;',
  // Server: lib at the bottom, a cycle, plugins and db under features.
  'apps/server/src/lib/cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = () => b;",
  'apps/server/src/lib/cycle-b.ts': "import { a } from './cycle-a.ts';\nexport const b = () => a;",
  'apps/server/src/lib/climbs.ts': "import { p } from '../plugins/bus.ts';\nexport const c = p;",
  'apps/server/src/lib/packages.ts':
    "import d from 'declared-pkg';\nimport u from 'undeclared-pkg';\nexport const x = [d, u];",
  'apps/server/src/db/schema.ts':
    "import { s } from '../features/posts/posts.service.ts';\nexport const t = s;",
  'apps/server/src/plugins/bus.ts':
    "import { s } from '../features/posts/posts.service.ts';\nexport const p = s;",
  // The policies and the events stand below every feature; features ask them through access/index.ts.
  'apps/server/src/access/index.ts': "export { canRead } from './groups.ts';",
  'apps/server/src/access/groups.ts': 'export const canRead = () => true;',
  'apps/server/src/access/knows-a-feature.ts':
    "import { s } from '../features/posts/index.ts';\nexport const k = s;",
  // Features: each through its public face (index.ts), down the ranks of scripts/server-ranks.cjs
  // (groups 1, posts and chat and forum 2, search 7), SQL in *.queries.ts only.
  'apps/server/src/features/posts/index.ts': "export { s } from './posts.service.ts';",
  'apps/server/src/features/posts/posts.service.ts': [
    "import type { SQL } from 'drizzle-orm';",
    "import { canRead } from '../../access/index.ts';",
    "import { g } from '../groups/index.ts';",
    "import { q } from './posts.queries.ts';",
    'export const s: [unknown, SQL | null, unknown] = [q, null, [canRead, g]];',
  ].join('\n'),
  'apps/server/src/features/posts/posts.queries.ts':
    "import { sql } from 'drizzle-orm';\nexport const q = sql;",
  'apps/server/src/features/posts/sql-in-a-service.service.ts':
    "import { sql } from 'drizzle-orm';\nexport const bad = sql;",
  'apps/server/src/features/posts/posts.test.ts':
    "import { hidden } from '../chat/chat-internal.ts';\nexport const t = hidden;",
  'apps/server/src/features/groups/index.ts': "export { g } from './groups.service.ts';",
  'apps/server/src/features/groups/groups.service.ts': 'export const g = 1;',
  'apps/server/src/features/groups/climbs-a-rank.ts':
    "import { s } from '../posts/index.ts';\nexport const c = s;",
  'apps/server/src/features/search/index.ts': [
    "export { x } from './search.service.ts';",
    "export { s } from '../posts/index.ts';",
  ].join('\n'),
  'apps/server/src/features/search/search.service.ts': [
    "import { q } from '../posts/posts.queries.ts';",
    "import { canRead } from '../../access/groups.ts';",
    'export const x = [q, canRead];',
  ].join('\n'),
  // Two features of one rank through their faces: a cycle of features with no cycle of files.
  'apps/server/src/features/chat/index.ts': "export { c } from './chat.service.ts';",
  'apps/server/src/features/chat/chat.service.ts': 'export const c = 1;',
  'apps/server/src/features/chat/chat-internal.ts':
    "import { f } from '../forum/index.ts';\nexport const hidden = f;",
  'apps/server/src/features/forum/index.ts': "export { f } from './forum.service.ts';",
  'apps/server/src/features/forum/forum.service.ts': 'export const f = 1;',
  'apps/server/src/features/forum/forum-internal.ts':
    "import { c } from '../chat/index.ts';\nexport const i = c;",
  'apps/server/src/features/groups/builds-the-app.ts':
    "import { app } from '../../app.ts';\nexport const b = app;",
  'apps/server/src/app.ts': "import { s } from './features/posts/index.ts';\nexport const app = s;",
  // Web: features import only themselves, components, lib; app composes them.
  'apps/web/src/features/feed/feed-page.tsx': [
    "import { PostCard } from '../posts/post-card.tsx';",
    "import { paths } from '../../app/paths.ts';",
    "import { Button } from '../../components/button.tsx';",
    'export const FeedPage = [PostCard, paths, Button];',
  ].join('\n'),
  'apps/web/src/features/posts/post-card.tsx': 'export const PostCard = 1;',
  'apps/web/src/components/button.tsx':
    "import { PostCard } from '../features/posts/post-card.tsx';\nexport const Button = PostCard;",
  'apps/web/src/lib/api.ts': "import { paths } from '../app/paths.ts';\nexport const api = paths;",
  'apps/web/src/app/paths.ts': 'export const paths = {};',
  'apps/web/src/app/router.tsx':
    "import { FeedPage } from '../features/feed/feed-page.tsx';\nexport const r = FeedPage;",
  'apps/web/src/server-import.ts':
    "import { q } from '../../server/src/features/posts/posts.queries.ts';\nexport const w = q;",
  'packages/contract/src/index.ts':
    "import { paths } from '../../../apps/web/src/app/paths.ts';\nexport const c = paths;",
};

const expected = [
  // A cycle is reported once, at the edge where the cruise first closes it.
  ['no-circular', 'apps/server/src/lib/cycle-a.ts', 'apps/server/src/lib/cycle-b.ts'],
  ['server-lib-is-the-bottom', 'apps/server/src/lib/climbs.ts', 'apps/server/src/plugins/bus.ts'],
  ['declared-dependencies-only', 'apps/server/src/lib/packages.ts', 'node_modules/undeclared-pkg/index.js'],
  [
    'server-db-below-plugins-and-features',
    'apps/server/src/db/schema.ts',
    'apps/server/src/features/posts/posts.service.ts',
  ],
  [
    'server-plugins-know-no-feature',
    'apps/server/src/plugins/bus.ts',
    'apps/server/src/features/posts/posts.service.ts',
  ],
  [
    'server-feature-through-its-index',
    'apps/server/src/features/search/search.service.ts',
    'apps/server/src/features/posts/posts.queries.ts',
  ],
  [
    'server-face-shows-its-own',
    'apps/server/src/features/search/index.ts',
    'apps/server/src/features/posts/index.ts',
  ],
  [
    'server-feature-imports-a-lower-rank',
    'apps/server/src/features/groups/climbs-a-rank.ts',
    'apps/server/src/features/posts/index.ts',
  ],
  [
    'server-feature-imports-a-lower-rank',
    'apps/server/src/features/chat/chat-internal.ts',
    'apps/server/src/features/forum/index.ts',
  ],
  [
    'server-feature-imports-a-lower-rank',
    'apps/server/src/features/forum/forum-internal.ts',
    'apps/server/src/features/chat/index.ts',
  ],
  [
    'server-access-through-its-index',
    'apps/server/src/features/search/search.service.ts',
    'apps/server/src/access/groups.ts',
  ],
  [
    'server-access-below-features',
    'apps/server/src/access/knows-a-feature.ts',
    'apps/server/src/features/posts/index.ts',
  ],
  [
    'server-sql-in-queries',
    'apps/server/src/features/posts/sql-in-a-service.service.ts',
    'node_modules/drizzle-orm/index.js',
  ],
  [
    'server-lower-layers-below-the-app',
    'apps/server/src/features/groups/builds-the-app.ts',
    'apps/server/src/app.ts',
  ],
  [
    'web-feature-imports-no-other-feature',
    'apps/web/src/features/feed/feed-page.tsx',
    'apps/web/src/features/posts/post-card.tsx',
  ],
  ['web-feature-below-the-app', 'apps/web/src/features/feed/feed-page.tsx', 'apps/web/src/app/paths.ts'],
  [
    'web-shared-knows-no-feature',
    'apps/web/src/components/button.tsx',
    'apps/web/src/features/posts/post-card.tsx',
  ],
  ['web-shared-knows-no-feature', 'apps/web/src/lib/api.ts', 'apps/web/src/app/paths.ts'],
  [
    'apps-do-not-import-each-other',
    'apps/web/src/server-import.ts',
    'apps/server/src/features/posts/posts.queries.ts',
  ],
  ['contract-stands-alone', 'packages/contract/src/index.ts', 'apps/web/src/app/paths.ts'],
];

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-boundaries-'));
  for (const [file, source] of Object.entries(tree)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  fs.copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  fs.copyFileSync(path.join(ROOT, 'tsconfig.depcruise.json'), path.join(dir, 'tsconfig.depcruise.json'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cruise(): Violation[] {
  const bin = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const config = path.join(ROOT, '.dependency-cruiser.cjs');
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [bin, 'apps', 'packages', '--config', config, '--output-type', 'json'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
  } catch (error) {
    // It exits non-zero when it finds violations, which is the point here.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  return (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the dependency rules (npm run lint)', () => {
  it('finds the cycles of features the made-up tree has, through their public faces (scripts/feature-graph.ts)', () => {
    expect(featureGraphProblems(dir)).toEqual([
      'a cycle of features: chat → forum → chat',
      'a cycle of features: groups → posts → groups',
    ]);
  }, 60_000);

  it('report every forbidden import under its rule, and nothing that is allowed', () => {
    const found = cruise().map((v) => [v.rule.name, v.from, v.to]);
    expect(found.sort()).toEqual([...expected].sort());
  }, 60_000);
});

/** The Biome plugins of `npm run lint` (lint/*.grit) over a made-up tree: each case a line. */
describe('the clock rule (lint/no-clock-in-features.grit)', () => {
  const cases: Record<string, string> = {
    'apps/server/src/features/posts/posts.service.ts': [
      'export const a = new Date();',
      'export const b = Date.now();',
      "export const c = new Date('2026-11-28T12:00:00Z');",
      'export const d = (ctx: { clock: () => Date }) => ctx.clock();',
    ].join('\n'),
    'apps/server/src/features/posts/posts.test.ts': 'export const t = new Date();',
    'apps/server/src/plugins/jobs.ts': 'export const j = Date.now();',
  };
  let fixture: string;
  beforeAll(() => {
    fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-clock-'));
    for (const [file, source] of Object.entries(cases)) {
      fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      fs.writeFileSync(path.join(fixture, file), source);
    }
    fs.copyFileSync(path.join(ROOT, 'biome.json'), path.join(fixture, 'biome.json'));
    fs.cpSync(path.join(ROOT, 'lint'), path.join(fixture, 'lint'), { recursive: true });
  });
  afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

  it('refuses new Date() and Date.now() in a feature, and nothing else', () => {
    const bin = path.join(ROOT, 'node_modules/@biomejs/biome/bin/biome');
    let output: string;
    try {
      output = execFileSync(bin, ['lint', '--vcs-enabled=false', '--reporter=json', 'apps'], {
        cwd: fixture,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    const report = JSON.parse(output) as {
      diagnostics: { category: string; location: { path: string; start: { line: number } } }[];
    };
    const found = report.diagnostics
      .filter((d) => d.category === 'plugin')
      .map((d) => `${d.location.path}:${d.location.start.line}`);
    expect(found.sort()).toEqual([
      'apps/server/src/features/posts/posts.service.ts:1',
      'apps/server/src/features/posts/posts.service.ts:2',
    ]);
  }, 60_000);
});
