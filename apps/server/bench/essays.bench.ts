// `npm run bench:essays` (issue 38): GRADERS verified teachers (2,000) ask for their next correction
// (`POST /api/essay-reviews/next`), all of them within SPREAD_MS (50 s: 40 asks a second, what this
// 2-core machine serves; BENCH_SPREAD_MS=5000 is the burst of 400 a second) — against ESSAYS
// community essays waiting for two corrections each (10,000), while a probe asks the signed-in
// `GET /api/health` 10 times a second in the same run. It prints the p50/p99 of `next` beside the
// probe's (target: `next` p99 within 5× of health's), and checks the assignments: every grader got
// one, no essay has more than the places it asked for, nobody was given the same essay twice.
// PostgreSQL when DATABASE_URL is set (a scratch database on that server, dropped at the end), else
// PGlite in memory. The load runs in a child process, so the client does not take the server's
// thread. Before the measured asks, WARM_UP more graders ask at the same pace, untimed (the pool's
// connections open, the statements are parsed and planned, the code is compiled), as the other
// benches warm up; their assignments count in the checks. Never part of `npm test`.

import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Tx } from '../src/db/client.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { inChild, loadAverage, loadChildOrMain, log, type Timing, timing } from './bench-report.ts';

const CHILD_FLAG = '--essay-graders';
const GRADERS = Number(process.env.BENCH_GRADERS ?? 2_000);
const ESSAYS = Number(process.env.BENCH_ESSAYS ?? 10_000);
const AUTHORS = 1_000;
/** Every grader's ask lands within this long: 2,000 in 50 s is 40 a second. */
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 50_000);
const HEALTH_EVERY_MS = 100;
/** Graders who ask first, untimed, at the measured pace (2.5 s). */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 100);
const TARGET_RATIO = 5;

interface LoadPlan {
  base: string;
  /** The warm-up's graders, then the measured ones. */
  cookies: string[];
}
interface LoadReport {
  next: Timing & { assigned: number; empty: number; refused: Record<string, number>; failed: number };
  health: Timing;
  warmUpAssigned: number;
}

/** One ask for the next correction: its status, or 0 when no reply came. */
async function askNext(base: string, cookie: string): Promise<number> {
  try {
    const response = await fetch(`${base}/api/essay-reviews/next`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: '{}',
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** The child: each grader asks once, at its moment within SPREAD_MS; the health probe alongside. */
async function runLoad(plan: LoadPlan): Promise<LoadReport> {
  const nextTimes: number[] = [];
  const healthTimes: number[] = [];
  const refused: Record<string, number> = {};
  let assigned = 0;
  let empty = 0;
  let failed = 0;
  const gap = SPREAD_MS / GRADERS;
  let warmUpAssigned = 0;
  for (const cookie of plan.cookies.slice(0, WARM_UP)) {
    const [status] = await Promise.all([
      askNext(plan.base, cookie),
      new Promise((resolve) => setTimeout(resolve, gap)),
    ]);
    if (status === 200) warmUpAssigned++;
  }
  const measured = plan.cookies.slice(WARM_UP);
  const asks = measured.map(
    (cookie, grader) =>
      new Promise<void>((resolve) => {
        setTimeout(
          async () => {
            const begin = performance.now();
            const status = await askNext(plan.base, cookie);
            if (status === 0) failed++;
            else {
              nextTimes.push(performance.now() - begin);
              if (status === 200) assigned++;
              else if (status === 204) empty++;
              else refused[status] = (refused[status] ?? 0) + 1;
            }
            resolve();
          },
          Math.floor(grader * gap),
        );
      }),
  );
  let probing = true;
  const healthCookie = plan.cookies[0] ?? '';
  const probes: Promise<void>[] = [];
  const probe = setInterval(() => {
    if (!probing) return;
    probes.push(
      (async () => {
        const begin = performance.now();
        const response = await fetch(`${plan.base}/api/health`, { headers: { cookie: healthCookie } });
        await response.arrayBuffer();
        if (response.ok) healthTimes.push(performance.now() - begin);
      })().catch(() => undefined),
    );
  }, HEALTH_EVERY_MS);
  await Promise.all(asks);
  probing = false;
  clearInterval(probe);
  await Promise.all(probes);
  return {
    next: { ...timing(nextTimes), assigned, empty, refused, failed },
    health: timing(healthTimes),
    warmUpAssigned,
  };
}

await loadChildOrMain(CHILD_FLAG, runLoad, main);

async function seed(db: Tx) {
  await db.execute(sql`
    insert into users (id, email, username, display_name, user_type, email_verified, is_verified)
    select md5('bench-grader-' || i)::uuid, 'grader' || i || '@bench.estudai.dev', 'bench_grader_' || i,
           'Professora ' || i || ' Bench', 'professor', true, true
    from generate_series(1, ${GRADERS + WARM_UP}::int) as i`);
  await db.execute(sql`
    insert into users (id, email, username, display_name, user_type, email_verified)
    select md5('bench-author-' || i)::uuid, 'author' || i || '@bench.estudai.dev', 'bench_author_' || i,
           'Pessoa ' || i || ' Bench', 'aluno', true
    from generate_series(1, ${AUTHORS}::int) as i`);
  const [prompt] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into essay_prompts (author_id, title, motivating_texts, instruction)
      values (md5('bench-grader-1')::uuid, 'Os desafios do acesso à internet nas escolas',
              '[{"text": "Metade das escolas públicas tem internet lenta ou nenhuma."}]'::jsonb,
              'Redija um texto dissertativo-argumentativo.')
      returning id`),
  );
  if (!prompt) throw new Error('no prompt');
  // Waiting for two corrections each, the oldest first in the pool.
  await db.execute(sql`
    insert into essays (author_id, prompt_id, text, status, destination, reviews_needed, submitted_at, created_at)
    select md5('bench-author-' || (1 + i % ${AUTHORS}::int))::uuid, ${prompt.id},
           repeat('Linha ' || i || ' da redação com argumentos e repertório sobre o tema. ', 12),
           'submitted', 'community', 2,
           now() - (${ESSAYS}::int - i) * interval '1 second', now() - interval '1 day'
    from generate_series(1, ${ESSAYS}::int) as i`);
  // The statistics autovacuum keeps on a live database (a fresh bulk insert has none yet).
  await db.execute(sql`analyze`);
}

async function main() {
  const { database, label, drop } = await openBenchDatabase('estudai_bench_essays');
  const { config, cleanUp } = benchConfig();
  config.reviewReminderIntervalMs = 0;
  config.recalibrationIntervalMs = 0;
  const app = await buildApp(config, { database });
  const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  config.publicUrl = base;
  console.log(
    `${label}; ${GRADERS} graders asking at once (within ${SPREAD_MS / 1000} s) after ${WARM_UP} untimed, ${ESSAYS} essays`,
  );
  log(`load average before: ${loadAverage()}`);
  try {
    const { db } = database;
    await seed(db);
    const graders = rowsOf<{ id: string }>(
      await db.execute(sql`select id from users where email like 'grader%@bench.estudai.dev' order by email`),
    );
    const cookies: string[] = [];
    for (const grader of graders)
      cookies.push(`${SESSION_COOKIE}=${await createSession(db, grader.id, new Date())}`);
    log(`seeded; load average ${loadAverage()}`);

    const report = await inChild<LoadReport>(fileURLToPath(import.meta.url), CHILD_FLAG, {
      base,
      cookies,
    } satisfies LoadPlan);
    log(`load done; load average ${loadAverage()}`);

    const [check] = rowsOf<{ assignments: number; graders: number; over: number; twice: number }>(
      await db.execute(sql`
        select
          (select count(*)::int from essay_reviews) as assignments,
          (select count(distinct grader_id)::int from essay_reviews) as graders,
          (select count(*)::int from (select e.id from essays e join essay_reviews r on r.essay_id = e.id
             group by e.id, e.reviews_needed having count(*) > e.reviews_needed) as o) as over,
          (select count(*)::int from (select essay_id, grader_id from essay_reviews
             group by essay_id, grader_id having count(*) > 1) as t) as twice`),
    );
    const { next, health } = report;
    const ratio = next.p99 / health.p99;
    console.log('');
    console.log('| request | count | p50 | p99 |');
    console.log('|---|---|---|---|');
    console.log(
      `| POST /api/essay-reviews/next | ${next.count} | ${next.p50.toFixed(1)} ms | ${next.p99.toFixed(1)} ms |`,
    );
    console.log(
      `| GET /api/health (signed in, same run) | ${health.count} | ${health.p50.toFixed(1)} ms | ${health.p99.toFixed(1)} ms |`,
    );
    console.log('');
    console.log(
      `next p99 ÷ health p99: ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'OK' : 'OVER'}`,
    );
    const expected = Math.min(GRADERS, 2 * ESSAYS - report.warmUpAssigned);
    const rows = report.warmUpAssigned + next.assigned;
    const fair =
      report.warmUpAssigned === WARM_UP &&
      next.assigned === expected &&
      check?.assignments === rows &&
      check.graders === rows &&
      check.over === 0 &&
      check.twice === 0;
    console.log(
      `assigned ${next.assigned} of ${GRADERS} graders after ${report.warmUpAssigned} of ${WARM_UP} (204 ${next.empty}, refused ${JSON.stringify(next.refused)}, ` +
        `no reply ${next.failed}); rows ${check?.assignments}, graders with one ${check?.graders}, essays over ` +
        `their places ${check?.over}, same essay twice ${check?.twice}: ${fair ? 'every grader served, no essay over-assigned' : 'MISMATCH'}`,
    );
  } finally {
    await app.close();
    await database.close().catch(() => undefined);
    if (!process.env.BENCH_KEEP) await drop();
    cleanUp();
  }
}
