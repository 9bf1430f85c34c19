// The rules of .dependency-cruiser.cjs run over a small made-up tree: each forbidden import must be
// reported under its rule, and the allowed ones must not, so a rule that stops biting fails here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** File → its source: every import in it is one case. */
const tree: Record<string, string> = {
  'apps/server/package.json': JSON.stringify({ name: 'server', dependencies: { 'declared-pkg': '1.0.0' } }),
  'apps/web/package.json': JSON.stringify({ name: 'web', dependencies: {} }),
  'node_modules/declared-pkg/package.json': JSON.stringify({ name: 'declared-pkg', main: 'index.js' }),
  'node_modules/declared-pkg/index.js': 'module.exports = 1;',
  'node_modules/undeclared-pkg/package.json': JSON.stringify({ name: 'undeclared-pkg', main: 'index.js' }),
  'node_modules/undeclared-pkg/index.js': 'module.exports = 2;',
  // Server: lib at the bottom, a cycle, plugins and db under features, features through services.
  'apps/server/src/lib/cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = () => b;",
  'apps/server/src/lib/cycle-b.ts': "import { a } from './cycle-a.ts';\nexport const b = () => a;",
  'apps/server/src/lib/climbs.ts': "import { p } from '../plugins/bus.ts';\nexport const c = p;",
  'apps/server/src/lib/packages.ts':
    "import d from 'declared-pkg';\nimport u from 'undeclared-pkg';\nexport const x = [d, u];",
  'apps/server/src/db/schema.ts':
    "import { s } from '../features/posts/posts.service.ts';\nexport const t = s;",
  'apps/server/src/plugins/bus.ts':
    "import { s } from '../features/posts/posts.service.ts';\nexport const p = s;",
  'apps/server/src/features/posts/posts.service.ts':
    "import { q } from './posts.queries.ts';\nexport const s = q;",
  'apps/server/src/features/posts/posts.queries.ts': 'export const q = 1;',
  'apps/server/src/features/groups/groups.service.ts': [
    "import { s } from '../posts/posts.service.ts';",
    "import { q } from '../posts/posts.queries.ts';",
    'export const g = [s, q];',
  ].join('\n'),
  'apps/server/src/features/groups/groups.test.ts':
    "import { q } from '../posts/posts.queries.ts';\nexport const t = q;",
  'apps/server/src/features/groups/builds-the-app.ts':
    "import { app } from '../../app.ts';\nexport const b = app;",
  'apps/server/src/app.ts': "import { g } from './features/groups/groups.service.ts';\nexport const app = g;",
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
    'server-feature-through-its-service',
    'apps/server/src/features/groups/groups.service.ts',
    'apps/server/src/features/posts/posts.queries.ts',
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
  it('report every forbidden import under its rule, and nothing that is allowed', () => {
    const found = cruise().map((v) => [v.rule.name, v.from, v.to]);
    expect(found.sort()).toEqual([...expected].sort());
  });
});
