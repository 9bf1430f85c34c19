import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Test files run in this many browsers at once, each against a server and data of its own. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** E2E_PORT lets two runs share a machine: a run's servers listen on E2E_PORT, E2E_PORT + 1, … */
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The server of worker slot `index`; its data is emptied before it starts, so the demo accounts are seeded afresh. */
export function e2eServer(index: number) {
  const port = E2E_FIRST_PORT + index;
  return {
    port,
    baseURL: `http://localhost:${port}`,
    dataDir: path.join(REPO_ROOT, `test-results/e2e-data-${port}`),
  };
}

// Playwright numbers its worker slots 0 … workers − 1 in TEST_PARALLEL_INDEX, in each worker's
// environment before this file loads there (in the runner itself it is unset: slot 0).
const own = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_PORT = own.port;
export const E2E_BASE_URL = own.baseURL;
export const E2E_DATA_DIR = own.dataDir;
