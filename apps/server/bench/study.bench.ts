// `npm run bench:study`: the study loop's two hot reads, GET /api/reviews/due (the viewer's due
// cards) and a bank query with two filters (GET /api/questions?subject=matematica&exam=enem), at
// 10,000 review rows / 2,000 questions and at 5,000,000 review rows / 1,000,000 questions, beside
// GET /api/health in the same process. p50 and p99 of sequential requests by one signed-in student
// whose own caderno (150 cards, about 60 due) is the same at both sizes: only the tables grow.
// Rows are made by the database (generate_series), never one by one. PostgreSQL when DATABASE_URL
// is set (a scratch database; the large size is impractical in PGlite, which runs on the server's
// own thread), else PGlite in memory with BENCH_SCALE (default 0.01) shrinking the large size.
// Then, in a scratch database of its own, GET /api/practice/next at 100,000 questions and about
// 1,000,000 answers (study-practice.ts; target: p99 within 5× of health's in the same run).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { benchPractice, SEED_STATEMENT_MS, seedQuestions, timed, timeRequests } from './study-practice.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const scale = Number(process.env.BENCH_SCALE ?? (onPostgres ? 1 : 0.01));
const SIZES = [
  { reviews: 10_000, questions: 2_000 },
  { reviews: Math.round(5_000_000 * scale), questions: Math.round(1_000_000 * scale) },
];
const REVIEWS_PER_CARD = 5;
const USERS = 10_000;
const VIEWER_CARDS = 150;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const BATCH = 100_000;
const VIEWER = 'c4ca4238-a0b9-3382-8dcc-509a6f75849b';

/** Cards `from`..`to` of the other students, and five reviews each. */
async function seedCards(database: Database, from: number, to: number, questions: number) {
  for (let start = from; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1);
    await database.db.execute(sql`
      insert into notebook_entries (id, user_id, post_id, question_index, reason, created_at, due, stability,
                                    difficulty, reps, state, last_review)
      select md5('bench-card-' || c)::uuid, md5('bench-user-' || (501 + c % ${USERS - 500}))::uuid,
        md5('bench-post-' || (1 + (c::bigint * 7919) % ${questions}))::uuid, 0, 'wrong',
        now() - interval '60 days', now() + ((c % 61) - 30) * interval '1 day', 3.2, 5.1, 5, 2,
        now() - interval '3 days'
      from generate_series(${start}::int, ${end}::int) as c
      on conflict do nothing`);
    await database.db.execute(sql`
      insert into review_logs (user_id, entry_id, client_id, rating, reviewed_at)
      select e.user_id, e.id, md5('bench-review-' || e.id || '-' || r)::uuid, 1 + (r % 4),
        now() - (40 - r * 7) * interval '1 day'
      from notebook_entries e
      cross join generate_series(1, ${REVIEWS_PER_CARD}) as r
      where e.id in (select md5('bench-card-' || c)::uuid from generate_series(${start}::int, ${end}::int) as c)`);
  }
}

async function seedViewer(database: Database) {
  await database.db.execute(sql`
    insert into users (id, email, username, display_name, user_type, email_verified)
    values (${VIEWER}, 'viewer@bench.estudai.dev', 'bench_viewer', 'Estudante', 'aluno', true)`);
  // 300 answers (a third wrong) and 150 cards, 60 of them due, on the first questions.
  await database.db.execute(sql`
    insert into post_answers (post_id, user_id, option_index, is_correct, created_at)
    select md5('bench-post-' || i)::uuid, ${VIEWER}, case when i % 3 = 0 then (i + 1) % 4 else i % 4 end,
      i % 3 <> 0, now() - i * interval '1 hour'
    from generate_series(1, 300) as i`);
  await database.db.execute(sql`
    insert into notebook_entries (user_id, post_id, question_index, reason, created_at, due, reps, state)
    select ${VIEWER}, md5('bench-post-' || (i * 3))::uuid, 0, 'wrong', now() - interval '20 days',
      now() + (i - 60) * interval '1 hour', 1, 2
    from generate_series(1, ${VIEWER_CARDS}) as i`);
}

async function benchStudyLoop() {
  const { database, label, drop } = await openBenchDatabase('estudai_bench_study', {
    statementMs: SEED_STATEMENT_MS,
  });
  const { config, cleanUp } = benchConfig();
  config.reviewReminderIntervalMs = 0;
  const app = await buildApp(config, { database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`${label}; ${REQUESTS} sequential requests per target; load ${os.loadavg()[0]?.toFixed(1)}`);
  const results: Record<string, { p50: number; p99: number }[]> = {};
  try {
    await database.db.execute(sql`
      insert into users (id, email, username, display_name, user_type, email_verified)
      select md5('bench-user-' || i)::uuid, 'bench' || i || '@bench.estudai.dev', 'bench_' || i,
             'Pessoa ' || i, case when i <= 500 then 'professor' else 'aluno' end, true
      from generate_series(1, ${USERS}::int) as i`);
    let cookie = '';
    let questions = 0;
    let cards = 0;
    for (const [n, size] of SIZES.entries()) {
      console.log(
        `seeding ${size.reviews.toLocaleString('en')} review rows / ${size.questions.toLocaleString('en')} questions`,
      );
      await timed('questions', () => seedQuestions(database, questions + 1, size.questions));
      questions = size.questions;
      if (n === 0) {
        await seedViewer(database);
        cookie = `${SESSION_COOKIE}=${await createSession(database.db, VIEWER, new Date())}`;
      }
      const target = Math.round(size.reviews / REVIEWS_PER_CARD);
      await timed('cards and reviews', () => seedCards(database, cards + 1, target, questions));
      cards = target;
      await timed('analyze', () => database.db.execute(sql`analyze`));
      // PGlite seeds on this thread: let @fastify/under-pressure see a calm event loop again.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const targets = {
        'GET /api/health (reference)': `${url}/api/health`,
        'GET /api/reviews/due': `${url}/api/reviews/due`,
        'GET /api/questions?subject=matematica&exam=enem': `${url}/api/questions?subject=matematica&exam=enem`,
      };
      for (const [name, address] of Object.entries(targets)) {
        await timeRequests(address, cookie, REQUESTS); // warm-up
        const figures = await timeRequests(address, cookie, REQUESTS);
        results[name] = [...(results[name] ?? []), figures];
        console.log(`  ${name}: p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`);
      }
    }
    const [small, large] = SIZES;
    const head = (s: typeof small) =>
      `${s?.reviews.toLocaleString('en')} reviews / ${s?.questions.toLocaleString('en')} questions`;
    console.log(`\n| request | ${head(small)}: p50 / p99 | ${head(large)}: p50 / p99 | p99 large ÷ small |`);
    console.log('|---|---|---|---|');
    for (const [name, [a, b]] of Object.entries(results)) {
      if (!a || !b) continue;
      const cell = (f: { p50: number; p99: number }) => `${f.p50.toFixed(1)} / ${f.p99.toFixed(1)} ms`;
      console.log(`| ${name} | ${cell(a)} | ${cell(b)} | ${(b.p99 / a.p99).toFixed(2)} |`);
    }
  } finally {
    await app.close();
    await database.close().catch(() => undefined);
    // BENCH_KEEP=1 keeps the scratch database for EXPLAIN (drop it by hand).
    if (!process.env.BENCH_KEEP) await drop();
    cleanUp();
  }
}

// BENCH_ONLY=study or BENCH_ONLY=practice runs one part.
const only = process.env.BENCH_ONLY;
if (only !== 'practice') await benchStudyLoop();
if (only !== 'study') await benchPractice({ questions: Math.round(100_000 * scale) }, REQUESTS);
