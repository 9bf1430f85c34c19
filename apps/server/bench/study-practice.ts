// The practice part of `npm run bench:study` (issue 40): GET /api/practice/next?subject=matematica
// (with a topic, and for every subject) for one signed-in student at 100,000 questions and about 1,000,000 answers of
// 9,500 students, beside GET /api/health in the same process, in a scratch database of its own. The
// target: practice/next's p99 within 5× of health's. About 3% of the items are calibrated (every
// 35th question, 200 answers each, as the recalibration needs); the rest have 1 to 8 answers. The
// viewer has 300 first answers (60 on calibrated questions of matematica, so the ability estimate
// does real work), a caderno all reviewed for today (no card due: each request goes past the due
// card to the pick) and 300 practice views of matematica over 50 days (the 30-day filter). Each
// request records a practice view, so sequential requests move through the bank, as a student does.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { loadAverage } from './bench-report.ts';

const BATCH = 100_000;
/** Seeding statements of 100,000 rows take longer than the app's 1.5 s statement timeout. */
export const SEED_STATEMENT_MS = 600_000;
const SUBJECTS = sql.raw(
  `array['matematica','fisica','quimica','biologia','historia','geografia','portugues','literatura','ingles','espanhol','filosofia','sociologia','redacao','atualidades','direito','informatica','raciocinio_logico','outros']`,
);
const EXAMS = sql.raw(
  `array['enem','fuvest','unicamp','unesp','uerj','ufrgs','cebraspe','fgv','fcc','vunesp','cesgranrio','autoral','outra']`,
);

/** Question posts `from`..`to` (the trigger of migration 0012 fills question_items); matematica is i % 18 = 0. */
export async function seedQuestions(database: Database, from: number, to: number) {
  for (let start = from; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1);
    await database.db.execute(sql`
      insert into posts (id, author_id, type, content, question_data, created_at)
      select md5('bench-post-' || i)::uuid, md5('bench-user-' || (1 + i % 500))::uuid, 'question', '',
        jsonb_build_object(
          'question', 'Questão ' || i || case when i % 997 = 0 then ' sobre termodinâmica' else ' de revisão geral' end,
          'options', jsonb_build_array('A', 'B', 'C', 'D'), 'correctAnswer', i % 4,
          'subject', (${SUBJECTS})[1 + i % 18], 'topic', 'Assunto ' || (i % 40),
          'exam', (${EXAMS})[1 + (i / 18) % 13], 'year', 2000 + i % 26),
        timestamptz '2024-01-01' + i * interval '30 seconds'
      from generate_series(${start}::int, ${end}::int) as i`);
  }
}

/** `count` sequential GETs of `url` with `cookie`: their p50 and p99 (milliseconds). */
export async function timeRequests(url: string, cookie: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

export async function timed(label: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const PRACTICE_VIEWER = 'eccbc87e-4b5c-e2fe-2830-8fd9f2a7baf3';
const USERS = 10_000;
/** Every CALIBRATED_EVERY-th question is calibrated, with CALIBRATED_ANSWERS answers. */
const CALIBRATED_EVERY = 35;
const CALIBRATED_ANSWERS = 200;
/** The p99 of practice/next at most this many times health's p99 (issue 40). */
const TARGET_RATIO = 5;

/**
 * The answers of the other students: CALIBRATED_ANSWERS on each calibrated question, 1 to 8 on the
 * others (about 4.5), made by the database with the answers' counter trigger off, then the
 * questions' counts in one update (what the trigger would have left).
 */
async function seedAnswers(database: Database, questions: number) {
  await database.db.execute(sql`alter table post_answers disable trigger post_answers_count`);
  for (let start = 1; start <= questions; start += BATCH / 10) {
    const end = Math.min(questions, start + BATCH / 10 - 1);
    await database.db.execute(sql`
      insert into post_answers (post_id, user_id, option_index, is_correct, created_at)
      select md5('bench-post-' || i)::uuid, md5('bench-user-' || (501 + (i * 7 + r) % ${USERS - 500}))::uuid,
        (i + r) % 4, (i + r) % 4 = i % 4, now() - ((i + r) % 365) * interval '1 day'
      from generate_series(${start}::int, ${end}::int) as i
      cross join generate_series(1, ${CALIBRATED_ANSWERS}) as r
      where r <= case when i % ${CALIBRATED_EVERY} = 0 then ${CALIBRATED_ANSWERS} else 1 + (i * 7) % 8 end`);
  }
  await database.db.execute(sql`alter table post_answers enable trigger post_answers_count`);
  await database.db.execute(sql`
    update question_items q set answers_count = a.answers, correct_count = a.correct
    from (select post_id, question_index, count(*)::int as answers, count(*) filter (where is_correct)::int as correct
          from post_answers group by post_id, question_index) a
    where q.post_id = a.post_id and q.question_index = a.question_index`);
  // 3PL parameters as the recalibration leaves them: a 0.6–1.8, b −2.5–2.5, c 0.10–0.22.
  await database.db.execute(sql`
    insert into question_calibrations (post_id, question_index, a, b, c, responses, calibrated_at)
    select md5('bench-post-' || i)::uuid, 0, 0.6 + (i % 7) * 0.2, -2.5 + ((i * 37) % 1000) / 200.0,
      0.1 + (i % 5) * 0.03, ${CALIBRATED_ANSWERS}, now() - interval '1 day'
    from generate_series(${CALIBRATED_EVERY}::int, ${questions}::int, ${CALIBRATED_EVERY}::int) as i`);
  // Other students' practice views, one per question (about one per 10 answers).
  await database.db.execute(sql`
    insert into practice_views (user_id, post_id, question_index, seen_at)
    select md5('bench-user-' || (501 + n % ${USERS - 500}))::uuid,
      md5('bench-post-' || (1 + (n::bigint * 7919) % ${questions}))::uuid, 0, now() - (n % 60) * interval '1 day'
    from generate_series(1, ${questions}::int) as n
    on conflict do nothing`);
}

/**
 * The viewer: 60 first answers to calibrated matematica questions and 240 to others, 60% right; a
 * card per wrong answer, none due; 300 practice views of matematica questions, one every 4 hours.
 */
async function seedPracticeViewer(database: Database, questions: number) {
  await database.db.execute(sql`
    insert into users (id, email, username, display_name, user_type, email_verified)
    values (${PRACTICE_VIEWER}, 'practice@bench.estudai.dev', 'bench_practice', 'Estudante', 'aluno', true)`);
  const matematicaCalibrated = 18 * CALIBRATED_EVERY; // 18 subjects, matematica at i % 18 = 0
  await database.db.execute(sql`
    insert into post_answers (post_id, user_id, option_index, is_correct, created_at)
    select md5('bench-post-' || i)::uuid, ${PRACTICE_VIEWER}, case when k % 5 < 3 then i % 4 else (i + 1) % 4 end,
      k % 5 < 3, now() - k * interval '3 hours'
    from (select k, case when k <= 60 then k * ${matematicaCalibrated} else 1 + 17 * k end as i
          from generate_series(1, 300) as k) as picked
    where i <= ${questions}
    on conflict do nothing`);
  await database.db.execute(sql`
    insert into notebook_entries (user_id, post_id, question_index, reason, created_at, due, reps, state)
    select ${PRACTICE_VIEWER}, a.post_id, 0, 'wrong', a.created_at,
      now() + (1 + row_number() over (order by a.created_at) % 20) * interval '1 day', 2, 2
    from post_answers a where a.user_id = ${PRACTICE_VIEWER} and not a.is_correct`);
  await database.db.execute(sql`
    insert into practice_views (user_id, post_id, question_index, seen_at)
    select ${PRACTICE_VIEWER}, md5('bench-post-' || (18 * k))::uuid, 0, now() - k * interval '4 hours'
    from generate_series(1, 300) as k
    where 18 * k <= ${questions}
    on conflict do nothing`);
}

/** Seeds a scratch database at `size`, times practice/next beside health, and prints the figures. */
export async function benchPractice(size: { questions: number }, requests: number) {
  const { database, label, drop } = await openBenchDatabase('estudai_bench_practice', {
    statementMs: SEED_STATEMENT_MS,
  });
  const { config, cleanUp } = benchConfig();
  config.reviewReminderIntervalMs = 0;
  const app = await buildApp(config, { database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    console.log(`\npractice: ${label}; ${requests} sequential requests per target`);
    await timed('users', () =>
      database.db.execute(sql`
        insert into users (id, email, username, display_name, user_type, email_verified)
        select md5('bench-user-' || i)::uuid, 'bench' || i || '@bench.estudai.dev', 'bench_' || i,
               'Pessoa ' || i, case when i <= 500 then 'professor' else 'aluno' end, true
        from generate_series(1, ${USERS}::int) as i`),
    );
    await timed('questions', () => seedQuestions(database, 1, size.questions));
    await timed('answers, calibrations and views', () => seedAnswers(database, size.questions));
    await timed('viewer', () => seedPracticeViewer(database, size.questions));
    await timed('analyze', () => database.db.execute(sql`analyze`));
    const counts = await database.db.execute(sql`
      select (select count(*) from question_items)::int as questions, (select count(*) from post_answers)::int as answers,
             (select count(*) from question_calibrations)::int as calibrated`);
    const [seeded] = rowsOf<{ questions: number; answers: number; calibrated: number }>(counts);
    if (!seeded) throw new Error('no counts');
    const sizeLabel = `${seeded.questions.toLocaleString('en')} questions (${seeded.calibrated.toLocaleString('en')} calibrated), ${seeded.answers.toLocaleString('en')} answers`;
    console.log(`seeded ${sizeLabel}`);
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, PRACTICE_VIEWER, new Date())}`;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const targets = {
      'GET /api/health (reference)': `${url}/api/health`,
      'GET /api/practice/next?subject=matematica': `${url}/api/practice/next?subject=matematica`,
      'GET /api/practice/next?subject=matematica&topic=Assunto 0': `${url}/api/practice/next?subject=matematica&topic=${encodeURIComponent('Assunto 0')}`,
      // 'Todas as matérias', the practice page's default.
      'GET /api/practice/next (every subject)': `${url}/api/practice/next`,
    };
    const results: [string, { p50: number; p99: number }][] = [];
    for (const [name, address] of Object.entries(targets)) {
      await timeRequests(address, cookie, requests); // warm-up
      const figures = await timeRequests(address, cookie, requests);
      results.push([name, figures]);
      console.log(`  ${name}: p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`);
    }
    const health = results[0]![1];
    console.log(`\n${sizeLabel}; load ${loadAverage()}`);
    console.log(`| request | p50 / p99 | p99 ÷ health's p99 (target ≤ ${TARGET_RATIO}×) |`);
    console.log('|---|---|---|');
    for (const [name, figures] of results) {
      const ratio = figures.p99 / health.p99;
      const verdict =
        name === 'GET /api/health (reference)' ? '' : ratio <= TARGET_RATIO ? ' met' : ' NOT met';
      console.log(
        `| ${name} | ${figures.p50.toFixed(1)} / ${figures.p99.toFixed(1)} ms | ${ratio.toFixed(2)}${verdict} |`,
      );
    }
  } finally {
    await app.close();
    await database.close().catch(() => undefined);
    // BENCH_KEEP=1 keeps the scratch database for EXPLAIN (drop it by hand).
    if (!process.env.BENCH_KEEP) await drop();
    cleanUp();
  }
}
