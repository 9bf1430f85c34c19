import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** E2E_PORT lets two runs share a machine (each gets its own server and data). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The server's data for the run: emptied before it starts, so the demo accounts are seeded afresh. */
export const E2E_DATA_DIR = path.join(REPO_ROOT, `test-results/e2e-data-${E2E_PORT}`);
