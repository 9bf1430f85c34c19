import { defineProject, mergeConfig } from 'vitest/config';
import { isolatedFiles, webTest } from './vitest.shared.ts';

// The web files that replace modules or test a module's first run: each in a graph of its own
// (vitest.shared.ts, decision 035).
export default defineProject(
  mergeConfig(webTest, { test: { name: 'web-isolated', include: isolatedFiles } }),
);
