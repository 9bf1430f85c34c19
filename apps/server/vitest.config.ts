import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share a module graph per worker (decision 035): the app's modules load once per worker,
    // not once per file. Each file still builds its own app and database (test/app.ts).
    isolate: false,
    // Vitest's default on 2 cores is 1 worker; 2 ran 12 converted files in 99 s instead of 122 s on the
    // shared 2-core machine (load 5–7, 2026-11-26): a file's wait on PGlite's thread leaves a core free.
    maxWorkers: 2,
    // A project with its own maxWorkers runs in a group of its own: after the web, contract and
    // tooling files (group 0), which keep Vitest's default.
    sequence: { groupOrder: 1 },
  },
});
