import { defineConfig } from 'vitest/config';

// One `npm test` for the whole repo: each workspace is a Vitest project.
export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'packages/contract'],
  },
});
