import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Generous for a loaded 2-core machine (src/test/setup.ts); a passing test takes well under a second.
    testTimeout: 20_000,
    // Each file's `beforeAll` loads its lazy pages (src/test/setup.ts): on a loaded machine that alone
    // took over the default 10 s, and the whole file failed without running a test.
    hookTimeout: 60_000,
  },
});
