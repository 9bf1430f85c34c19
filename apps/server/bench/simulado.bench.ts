// `npm run bench:simulado`: a live simulado through the real API. TAKERS signed-in members (500)
// each answer one question every 2 s for 2 minutes (250 answers a second), while a probe asks for
// the signed-in GET /api/health 10 times a second in the same run. It prints the p50/p99 of the
// answer call beside the health probe's (target: answer p99 within 3× of health's) and checks that
// no answer was lost: the rows stored equal the answers the server accepted, and every answer sent
// was accepted. PostgreSQL when DATABASE_URL is set (a scratch database is created on that server
// and dropped at the end), else PGlite in memory. The load runs in a child process, so the client
// does not take the server's thread. Never part of `npm test`.

import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { simuladoAnswerLog, simuladoAnswers, simuladoAttempts } from '../src/db/schema/index.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { mulberry32 } from '../src/features/simulados/random.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { loadChildOrMain } from './bench-report.ts';

const CHILD_FLAG = '--simulado-takers';
const TAKERS = Number(process.env.BENCH_TAKERS ?? 500);
const SECONDS = Number(process.env.BENCH_DURATION ?? 120);
const EVERY_MS = 2_000;
/** One new question per answer: 2 minutes at one every 2 s is 60 of them. */
const QUESTIONS = Math.max(5, Math.ceil((SECONDS * 1000) / EVERY_MS));
const HEALTH_EVERY_MS = 100;
const TARGET_RATIO = 3;

interface LoadPlan {
  base: string;
  simuladoId: string;
  cookies: string[];
  seconds: number;
}
interface Timing {
  p50: number;
  p99: number;
  count: number;
}
interface LoadReport {
  answers: Timing & { accepted: number; refused: Record<string, number>; failed: number };
  health: Timing;
}

const started = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

function summary(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

/** The child: every taker answers on their own 2-second beat, spread over the first beat; health alongside. */
async function runLoad(plan: LoadPlan): Promise<LoadReport> {
  const answerTimes: number[] = [];
  const healthTimes: number[] = [];
  const refused: Record<string, number> = {};
  let accepted = 0;
  let failed = 0;
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const deadline = performance.now() + plan.seconds * 1000;
  const random = mulberry32(20);

  async function sendAnswer(cookie: string, index: number) {
    const body = JSON.stringify({ optionIndex: Math.floor(random() * 4), clientId: randomUUID() });
    const begin = performance.now();
    try {
      const response = await fetch(
        `${plan.base}/api/simulados/${plan.simuladoId}/attempts/me/answers/${index}`,
        {
          method: 'PUT',
          headers: { cookie, 'content-type': 'application/json', origin: plan.base },
          body,
        },
      );
      await response.arrayBuffer();
      answerTimes.push(performance.now() - begin);
      if (response.ok) accepted++;
      else refused[response.status] = (refused[response.status] ?? 0) + 1;
    } catch {
      failed++;
    }
  }

  const timers: NodeJS.Timeout[] = [];
  plan.cookies.forEach((cookie, taker) => {
    let index = 0;
    const beat = () => {
      if (performance.now() >= deadline || index >= QUESTIONS) return;
      track(sendAnswer(cookie, index++));
    };
    const offset = Math.floor((taker / plan.cookies.length) * EVERY_MS);
    timers.push(
      setTimeout(() => {
        beat();
        timers.push(setInterval(beat, EVERY_MS));
      }, offset),
    );
  });
  const healthCookie = plan.cookies[0] ?? '';
  timers.push(
    setInterval(() => {
      if (performance.now() >= deadline) return;
      track(
        (async () => {
          const begin = performance.now();
          const response = await fetch(`${plan.base}/api/health`, { headers: { cookie: healthCookie } });
          await response.arrayBuffer();
          if (response.ok) healthTimes.push(performance.now() - begin);
        })().catch(() => undefined),
      );
    }, HEALTH_EVERY_MS),
  );
  await new Promise((resolve) => setTimeout(resolve, plan.seconds * 1000 + EVERY_MS));
  for (const timer of timers) clearInterval(timer);
  await Promise.all([...pending]);
  return { answers: { ...summary(answerTimes), accepted, refused, failed }, health: summary(healthTimes) };
}

await loadChildOrMain(CHILD_FLAG, runLoad, main);

async function api(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data?: { id?: string } };
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function main() {
  const { database, label, drop } = await openBenchDatabase('estudai_bench_simulado');
  const { config, cleanUp } = benchConfig();
  config.reviewReminderIntervalMs = 0;
  config.recalibrationIntervalMs = 0;
  const app = await buildApp(config, { database });
  const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  config.publicUrl = base;
  console.log(`${label}; ${TAKERS} takers, one answer every ${EVERY_MS / 1000} s each for ${SECONDS} s`);
  log(`load average before: ${loadAverage()}`);
  try {
    const { db } = database;
    const owner = randomUUID();
    await db.execute(sql`
      insert into users (id, email, username, display_name, user_type, email_verified)
      values (${owner}, 'professora@bench.estudai.dev', 'bench_professora', 'Professora Bench', 'professor', true)`);
    await db.execute(sql`
      insert into users (id, email, username, display_name, user_type, email_verified)
      select md5('bench-taker-' || i)::uuid, 'taker' || i || '@bench.estudai.dev', 'bench_taker_' || i,
             'Pessoa ' || i || ' Bench', 'aluno', true
      from generate_series(1, ${TAKERS}::int) as i`);
    const [group] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into study_groups (owner_id, name, description, category, subject, max_members, search_text)
        values (${owner}, 'Turma do simulado', 'Bench', 'matematica', 'ENEM', ${TAKERS + 10}, 'turma do simulado')
        returning id`),
    );
    if (!group) throw new Error('no group');
    await db.execute(sql`
      insert into group_memberships (study_group_id, user_id, status)
      select ${group.id}, md5('bench-taker-' || i)::uuid, 'active' from generate_series(1, ${TAKERS}::int) as i`);
    await db.execute(sql`
      insert into posts (author_id, type, content, question_data)
      select ${owner}, 'question', '', jsonb_build_object(
        'question', 'Questão ' || i, 'options', jsonb_build_array('A', 'B', 'C', 'D'), 'correctAnswer', i % 4,
        'subject', case when i % 2 = 0 then 'matematica' else 'fisica' end, 'topic', 'Assunto ' || (i % 5))
      from generate_series(1, ${QUESTIONS}::int) as i`);
    const questions = rowsOf<{ id: string }>(
      await db.execute(sql`select id from posts where author_id = ${owner} order by created_at, id`),
    );
    const ownerCookie = `${SESSION_COOKIE}=${await createSession(db, owner, new Date())}`;
    const cookies: string[] = [];
    const takers = rowsOf<{ id: string }>(
      await db.execute(sql`select id from users where email like 'taker%@bench.estudai.dev'`),
    );
    for (const taker of takers)
      cookies.push(`${SESSION_COOKIE}=${await createSession(db, taker.id, new Date())}`);
    const closes = new Date(Date.now() + 60 * 60_000).toISOString();
    const created = await api(base, ownerCookie, 'POST', `/api/study-groups/${group.id}/simulados`, {
      title: 'Simulado de carga',
      questions: questions.map((q) => ({ postId: q.id, questionIndex: null })),
      durationMinutes: 30,
      opensAt: 'now',
      closesAt: closes,
      showRanking: true,
    });
    const simuladoId = created.data?.id ?? '';
    await api(base, ownerCookie, 'POST', `/api/simulados/${simuladoId}/publish`);
    for (let start = 0; start < cookies.length; start += 25)
      await Promise.all(
        cookies
          .slice(start, start + 25)
          .map((cookie) => api(base, cookie, 'POST', `/api/simulados/${simuladoId}/attempts`)),
      );
    log(`${cookies.length} attempts started; ${questions.length} questions; load average ${loadAverage()}`);

    const cpuBefore = process.cpuUsage();
    const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG]);
    const report = await new Promise<LoadReport>((resolve, reject) => {
      child.once('message', (message) => resolve(message as LoadReport));
      child.once('exit', (code) => reject(new Error(`load client exited (${code})`)));
      child.send({ base, simuladoId, cookies, seconds: SECONDS } satisfies LoadPlan);
    });
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpuMs = (cpu.user + cpu.system) / 1000;
    log(`load done; load average ${loadAverage()}`);

    const [stored] = await db
      .select({ n: count() })
      .from(simuladoAnswers)
      .innerJoin(simuladoAttempts, eq(simuladoAttempts.id, simuladoAnswers.attemptId))
      .where(eq(simuladoAttempts.simuladoId, simuladoId));
    const [logged] = await db
      .select({ n: count() })
      .from(simuladoAnswerLog)
      .innerJoin(simuladoAttempts, eq(simuladoAttempts.id, simuladoAnswerLog.attemptId))
      .where(eq(simuladoAttempts.simuladoId, simuladoId));
    const { answers, health } = report;
    const sent = answers.count + answers.failed;
    const ratio = answers.p99 / health.p99;
    console.log('');
    console.log('| request | count | p50 | p99 |');
    console.log('|---|---|---|---|');
    console.log(
      `| PUT …/attempts/me/answers/{i} | ${answers.count} | ${answers.p50.toFixed(1)} ms | ${answers.p99.toFixed(1)} ms |`,
    );
    console.log(
      `| GET /api/health (signed in, same run) | ${health.count} | ${health.p50.toFixed(1)} ms | ${health.p99.toFixed(1)} ms |`,
    );
    console.log('');
    console.log(
      `answer p99 ÷ health p99: ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'OK' : 'OVER'}`,
    );
    const kept = stored?.n === answers.accepted && logged?.n === answers.accepted;
    console.log(
      `answers sent ${sent}: accepted ${answers.accepted}, refused ${JSON.stringify(answers.refused)}, ` +
        `no reply (client gave up) ${answers.failed}; rows stored ${stored?.n}, answer log ${logged?.n}: ` +
        `${kept ? 'every accepted answer stored' : 'MISMATCH'}${answers.accepted === sent ? ', none lost' : ', NOT ALL SENT WERE ACCEPTED'}`,
    );
    console.log(
      `server process CPU during the load: ${(serverCpuMs / answers.count).toFixed(2)} ms per answer`,
    );
  } finally {
    await app.close();
    await database.close().catch(() => undefined);
    if (!process.env.BENCH_KEEP) await drop();
    cleanUp();
  }
}
