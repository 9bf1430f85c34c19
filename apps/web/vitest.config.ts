import { defineProject, mergeConfig } from 'vitest/config';
import { isolatedFiles, webTest } from './vitest.shared.ts';

// The web files that share one module graph per worker (vitest.shared.ts, decision 035).
export default defineProject(
  mergeConfig(webTest, {
    test: { name: 'web', isolate: false, include: ['src/**/*.test.{ts,tsx}'], exclude: isolatedFiles },
  }),
);
