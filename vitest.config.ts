import { defineConfig } from 'vitest/config';

// One `npm test` for the whole repo: each workspace is a Vitest project, plus the repo's own tooling
// (the lint's dependency rules, checked against fixtures). Every project sets `maxWorkers: 2` and the
// same `groupOrder`: a project with a worker count of its own runs in its group, and groups run one
// after another, so a project left on Vitest's default (one worker on two cores) ran alone first.
export default defineConfig({
  test: {
    projects: [
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'packages/contract',
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
