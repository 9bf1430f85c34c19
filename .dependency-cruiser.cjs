// The layering of docs/conventions.md ('Boundaries that a tool checks'), checked by `npm run lint`.
// Server: lib and db at the bottom, plugins above them, then access/ (the policies) and events/,
// features on top in ranks, app/main/seed compose. A server feature reaches another only through
// that feature's index.ts, and only one of a lower rank (scripts/feature-graph.ts, also in the lint,
// refuses any cycle of features); SQL only in *.queries.ts. Web: a feature imports
// only itself, components/, lib/ and the contract; app/ composes features. No cycles anywhere.
// scripts/boundaries.test.ts runs these rules over fixtures, so a rule that stops biting fails a test.

const SERVER = '^apps/server/src/';
const SERVER_RANKS = require('./scripts/server-ranks.cjs');
const WEB = '^apps/web/src/';
const TEST_FILE = '\\.test\\.tsx?$';

/**
 * One rule per rank (scripts/server-ranks.cjs): a feature of rank r imports no other feature of rank
 * r or above, so every arrow between features goes down and a cycle between them cannot close.
 */
function rankRules() {
  return SERVER_RANKS.map((rank, r) => {
    const sameOrAbove = SERVER_RANKS.slice(r).flat();
    return {
      name: 'server-feature-imports-a-lower-rank',
      severity: 'error',
      comment: `A feature imports only features of a lower rank (scripts/server-ranks.cjs); rank ${r + 1}: ${rank.join(', ')}.`,
      from: { path: `${SERVER}features/(${rank.join('|')})/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}features/(${sameOrAbove.join('|')})/`, pathNot: `${SERVER}features/$1/` },
    };
  });
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles make load order fragile and features inseparable: extract what both sides need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-lib-is-the-bottom',
      severity: 'error',
      comment: 'lib/ holds small pure helpers: it imports nothing of the app but other lib/ modules.',
      from: { path: `${SERVER}lib/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}(?!lib/)` },
    },
    {
      name: 'server-db-below-plugins-and-features',
      severity: 'error',
      comment: 'db/ (client, schema, migrations) knows no plugin and no feature.',
      from: { path: `${SERVER}db/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}(plugins|features)/` },
    },
    {
      name: 'server-plugins-know-no-feature',
      severity: 'error',
      comment:
        'plugins/ carry transports (HTTP, sockets, bus, mail); features plug into them, not the reverse.',
      from: { path: `${SERVER}plugins/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}features/` },
    },
    {
      name: 'server-feature-through-its-index',
      severity: 'error',
      comment:
        "A server feature uses another only through that feature's index.ts, its public face (docs/conventions.md).",
      from: { path: `${SERVER}features/([^/]+)/`, pathNot: TEST_FILE },
      to: {
        path: `${SERVER}features/`,
        pathNot: [`${SERVER}features/$1/`, `${SERVER}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-face-shows-its-own',
      severity: 'error',
      comment:
        "A feature's index.ts re-exports its own files only: another feature's parts are that feature's to show.",
      from: { path: `${SERVER}features/([^/]+)/index\\.ts$` },
      to: {
        path: `${SERVER}(features|access|events)/`,
        pathNot: `${SERVER}features/$1/`,
        dependencyTypes: ['export'],
      },
    },
    ...rankRules(),
    {
      name: 'server-access-through-its-index',
      severity: 'error',
      comment: 'Features ask the policies through access/index.ts, the one policy surface.',
      from: { path: `${SERVER}features/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}access/`, pathNot: `${SERVER}access/index\\.ts$` },
    },
    {
      name: 'server-access-below-features',
      severity: 'error',
      comment: 'access/ (the policies) and events/ know no feature: every feature stands on them.',
      from: { path: `${SERVER}(access|events)/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}(features|app|main|seed)` },
    },
    {
      name: 'server-sql-in-queries',
      severity: 'error',
      comment:
        "SQL lives in a feature's *.queries.ts: routes, services and the rest hold rules and call the queries (drizzle-orm's builders and the tables stay out of them; their types may come in).",
      from: { path: `${SERVER}features/`, pathNot: [TEST_FILE, '\\.queries\\.ts$', '\\.demo(-data)?\\.ts$'] },
      to: {
        path: ['^node_modules/drizzle-orm/', `${SERVER}db/schema/`],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-lower-layers-below-the-app',
      severity: 'error',
      comment: 'Only the composition root (app.ts, main.ts, seed.ts) builds the app from its parts.',
      from: { path: `${SERVER}(lib|db|plugins|features)/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}(app|main|seed)\\.ts$` },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      severity: 'error',
      comment:
        'A web feature imports only itself, components/, lib/ and the contract; app/ composes features.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-below-the-app',
      severity: 'error',
      comment: 'app/ (router, shell, route pages) composes features; a feature never reaches up into it.',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-shared-knows-no-feature',
      severity: 'error',
      comment: 'components/ and lib/ are shared by every feature: they know none of them, nor the app.',
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment: 'The contract is shared by both sides: it imports neither.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-do-not-import-each-other',
      severity: 'error',
      comment: 'Server and web share code only through packages/contract.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: ['^apps/$1/'] },
    },
    {
      name: 'declared-dependencies-only',
      severity: 'error',
      comment:
        "An npm package imported but not in the workspace's package.json: declare it (knip checks the rest).",
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(dist|test-results|playwright-report)/', '/migrations/'] },
    // Type-only imports count: a cycle through types is still a cycle of knowledge.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    // A workspace may use what the root declares (vitest, typescript…), as npm's hoisting allows.
    combinedDependencies: true,
  },
};
