import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_WORKERS, e2eServer, REPO_ROOT } from './e2e/env.ts';

// Playwright starts the web server before any globalSetup runs, so the server's command
// itself empties DATA_DIR first: each run starts on an empty database with the demo users.
const freshDataDir = `node -e "fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true })"`;

// In CI (`.ci/run` sets E2E_SLOW=1 when the PostgreSQL suite runs beside the browser tests or the unit
// suite took over 5 minutes), a journey and each of its expectations wait twice as long: on the
// machine of 2026-12-01 morning (the bare route at a third of the night's req/s) two journeys that
// pass alone in 23 s ran out of their 30 s beside the other worker, and a first page's chunks took
// 1.2–1.8 s each. What each test checks is the same; only its patience is the machine's.
const patience = process.env.E2E_SLOW === '1' ? 2 : 1;

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000 * patience,
  expect: { timeout: 5_000 * patience },
  outputDir: '../../test-results/e2e',
  // A test file runs in one worker, in order; each worker has a server and data of its own
  // (env.ts), so files never see each other's rows.
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    locale: 'pt-BR',
    trace: { mode: 'retain-on-failure', screenshots: false },
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => e2eServer(index)).map((server) => ({
    command: `${freshDataDir} && node --import tsx apps/server/src/main.ts`,
    cwd: REPO_ROOT,
    // Every browser of the run shares one IP, as a whole school behind one router would: raise the per-IP limits.
    env: {
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '5000',
      AUTH_RATE_LIMIT_PER_15_MIN: '1000',
      // Demo accounts write a post of each kind in one spec after another: a script's pace.
      POST_RATE_LIMIT_PER_MINUTE: '1000',
      COMMENT_RATE_LIMIT_PER_MINUTE: '1000',
      RESOLUTION_RATE_LIMIT_PER_MINUTE: '1000',
      ESSAY_RATE_LIMIT_PER_HOUR: '1000',
      // Browsers, builds and the server share two cores: a slow tick is the machine, not an overload.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    url: `${server.baseURL}/api/ready`,
    reuseExistingServer: false,
    // A fresh data directory: PGlite's first start and the demo data take 10 s on a quiet machine and
    // several times that while other work shares the two cores.
    timeout: 180_000,
  })),
});
