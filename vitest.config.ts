import { defineConfig } from 'vitest/config';

// One `npm test` for the whole repo: each workspace is a Vitest project, plus the repo's own tooling
// (the lint's dependency rules, checked against fixtures).
export default defineConfig({
  test: {
    projects: [
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'packages/contract',
      { test: { name: 'tooling', environment: 'node', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
