import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { UserWorkspaceConfig } from 'vitest/config';

// The web tests run in two projects (decision 035). Most files share one module graph per worker
// (`isolate: false`): the app's modules, its lazy pages and jsdom load once instead of once per file.
// A file runs in a graph of its own when it replaces modules (`vi.mock`) or tests what a module does
// the first time it runs (the two files named below), since a shared graph has already run it.
const root = path.dirname(fileURLToPath(import.meta.url));
const FIRST_TIME_FILES = ['src/lib/idle.test.tsx', 'src/features/posts/components/feed-list.test.tsx'];

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The test files that need a module graph of their own. */
export const isolatedFiles = testFiles('src').filter(
  (file) =>
    FIRST_TIME_FILES.includes(file) || fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock('),
);

export const webTest = {
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // Vitest's default on 2 cores is one worker, which leaves the second core idle. A project with
    // its own maxWorkers needs a group: the server's, so web and server files share the two workers.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    setupFiles: ['./src/test/setup.ts'],
    // Generous for a loaded 2-core machine (src/test/setup.ts); a passing test takes well under a second.
    testTimeout: 20_000,
    // Each file's `beforeAll` loads the lazy pages (src/test/setup.ts): on a loaded machine that alone
    // took over the default 10 s, and the whole file failed without running a test.
    hookTimeout: 60_000,
  },
} satisfies UserWorkspaceConfig;
