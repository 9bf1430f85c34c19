// `npm run probe` (issue 37): the probe from outside, repeatable. On the demo data (SEED_DEMO, the
// README's accounts signed in with their password) it runs
// (a) authorization attempts (probe-attempts.ts): a table of cross-user reads and writes, each with
//     the answer it must get; a success where a refusal is expected is a leak;
// (b) fuzzing: every operation of apps/server/openapi.json (every path and method) with malformed
//     path parameters, queries and bodies, signed out and signed in (an aluno and an admin),
//     counting the requests, the 5xx, and the error replies not in the pt-BR `{error, code}` envelope.
// PostgreSQL when DATABASE_URL is set (a scratch database, dropped at the end), else PGlite in
// memory in its own thread, as `npm start` runs it. Requests go through `app.inject` (the whole Fastify pipeline, no socket). Exits 1 when it
// finds a 5xx, a leak or a reply outside the envelope. Never part of `npm test`.

import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { openPgliteThread } from '../src/db/client.ts';
import { seedDemoData } from '../src/seed.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { loadAverage, log } from './bench-report.ts';
import { type Attempt, type Probe, prepareAttempts, signIn } from './probe-attempts.ts';
import { fuzzOperations } from './probe-fuzz.ts';

async function runAttempts(probe: Probe, attempts: Attempt[]) {
  const leaks: string[] = [];
  const unexpected: string[] = [];
  for (const attempt of attempts) {
    const res = await probe.call(attempt.as, attempt.method, attempt.url, attempt.body);
    const outcome = attempt.check
      ? attempt.check(res)
      : res.statusCode < 300
        ? 'leak'
        : attempt.expect.includes(res.statusCode)
          ? 'ok'
          : 'unexpected';
    const line = `${attempt.as ?? 'anônimo'} ${attempt.method} ${attempt.url} — ${attempt.what}: ${res.statusCode} (esperado ${attempt.expect.join('/')})`;
    if (outcome === 'leak') leaks.push(line);
    else if (outcome === 'unexpected') unexpected.push(line);
  }
  return { leaks, unexpected };
}

async function main() {
  const { config, cleanUp } = benchConfig();
  // The probe signs in, fuzzes sign-in and posts thousands of times: no per-IP or per-account ceiling
  // should turn its answers into 429s and stop the fuzz short (the limits have tests of their own).
  for (const limit of [
    'authPerIpPer15Min',
    'waitlistPerIpPer15Min',
    'robotChallengesPerIpPer15Min',
    'postsPerAccountPerMinute',
    'commentsPerAccountPerMinute',
    'resolutionsPerAccountPerMinute',
    'essaysPerAccountPerHour',
    'passwordResetMailsPerAddressPerHour',
  ] as const) {
    config.rateLimits[limit] = 1_000_000_000;
  }
  // Without DATABASE_URL, PGlite as `npm start` runs it: in a thread of its own (decision 037).
  const { database, label, drop } = process.env.DATABASE_URL
    ? await openBenchDatabase('probe')
    : {
        database: await openPgliteThread({}),
        label: 'PGlite in its own thread (as npm start)',
        drop: async () => {},
      };
  const app = await buildApp(config, { database });
  try {
    log(`database: ${label}; machine: ${os.cpus().length} cores, load ${loadAverage()}`);
    await seedDemoData(app.ctx.database.db, config.publicUrl, app.ctx.storage);
    const probe = await signIn(app);
    const attempts = await prepareAttempts(probe);
    const { leaks, unexpected } = await runAttempts(probe, attempts);
    log(
      `authorization: ${attempts.length} attempts, ${leaks.length} leaks, ${unexpected.length} other answers`,
    );
    for (const line of leaks) log(`  LEAK ${line}`);
    for (const line of unexpected) log(`  other answer (not a leak) ${line}`);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const fuzz = await fuzzOperations(probe);
    loop.disable();
    log(
      `fuzzing: ${fuzz.requests} requests over ${fuzz.operations} operations (${fuzz.identities.join(', ')}): ` +
        `${fuzz.serverErrors.length} 5xx (besides ${fuzz.overloaded.length} overload 503s), ` +
        `${fuzz.outsideEnvelope.length} errors outside the envelope, ` +
        `${fuzz.notPortuguese.length} not pt-BR`,
    );
    for (const line of fuzz.serverErrors.slice(0, 30)) log(`  5xx ${line}`);
    for (const line of fuzz.overloaded.slice(0, 3)) log(`  overload 503 ${line}`);
    log(
      `event loop delay during the fuzz: max ${(loop.max / 1e6).toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`,
    );
    for (const line of fuzz.outsideEnvelope.slice(0, 30)) log(`  envelope ${line}`);
    for (const line of fuzz.notPortuguese.slice(0, 30)) log(`  language ${line}`);
    log(`statuses: ${JSON.stringify(fuzz.statuses)}`);
    log(`rate-limited operations: ${[...fuzz.limited].join(', ') || 'none'}`);
    for (const slow of fuzz.slowest) log(`  slow ${slow.ms} ms ${slow.what}`);
    log(`machine load after: ${loadAverage()} (uptime: ${os.uptime().toFixed(0)} s)`);
    const failed =
      leaks.length + fuzz.serverErrors.length + fuzz.outsideEnvelope.length + fuzz.notPortuguese.length;
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await app.close();
    await drop();
    cleanUp();
  }
}

await main();
