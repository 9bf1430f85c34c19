// `npm run bench:import` (issue 42): a teacher imports a Moodle XML file of 500 questions into a
// group through the real API (preview, confirm, the job), on the embedded database (PGlite) and, when
// DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL too (a scratch database, dropped at the
// end). For each it prints the time from the confirmation to 'done' (target: within 30 s on
// PostgreSQL) and the signed-in GET /api/health p50/p99 while the job runs beside the same probe
// idle just before (target: p99 within 3× of idle: the job runs off the request path). The probe
// runs in a child process, so the client does not take the server's thread. Never part of `npm test`.

import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Database, openPgliteThread } from '../src/db/client.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';

const CHILD_FLAG = '--import-health-probe';
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 500);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const PROBE_EVERY_MS = 50;
const TARGET_SECONDS = 30;
const TARGET_RATIO = 3;

interface Timing {
  p50: number;
  p99: number;
  count: number;
}

function summary(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The child: asks for /api/health every PROBE_EVERY_MS until told to stop, then sends its timings. */
function runProbe(): void {
  let base = '';
  let cookie = '';
  const times: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  process.on('message', (message: { start?: { base: string; cookie: string }; stop?: true }) => {
    if (message.start) {
      ({ base, cookie } = message.start);
      times.length = 0;
      timer = setInterval(() => {
        const begin = performance.now();
        fetch(`${base}/api/health`, { headers: { cookie } })
          .then(async (response) => {
            await response.arrayBuffer();
            if (response.ok) times.push(performance.now() - begin);
          })
          .catch(() => undefined);
      }, PROBE_EVERY_MS);
    }
    if (message.stop) {
      clearInterval(timer);
      // Let the last calls answer.
      setTimeout(() => process.send?.(summary(times)), 300);
    }
  });
}

type Probe = {
  start: (base: string, cookie: string) => void;
  stop: () => Promise<Timing>;
  close: () => void;
};

function probe(): Probe {
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG]);
  return {
    start: (base, cookie) => child.send({ start: { base, cookie } }),
    stop: () =>
      new Promise((resolve) => {
        child.once('message', (timing) => resolve(timing as Timing));
        child.send({ stop: true });
      }),
    close: () => child.kill(),
  };
}

/** A Moodle XML file of `n` multiple-choice questions, with LaTeX, explanations and tags. */
function moodleFile(n: number): string {
  const questions = Array.from(
    { length: n },
    (_, i) => `  <question type="multichoice">
    <name><text>Q${i + 1}</text></name>
    <questiontext format="html"><text><![CDATA[<p>Questão ${i + 1}: quanto é $${i} + 1$?</p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Somando, $${i} + 1 = ${i + 1}$.</p>]]></text></generalfeedback>
    <single>true</single>
    <answer fraction="100"><text>${i + 1}</text></answer>
    <answer fraction="0"><text>${i + 2}</text></answer>
    <answer fraction="0"><text>${i + 3}</text></answer>
    <answer fraction="0"><text>${i}</text></answer>
    <tags><tag><text>materia:matematica</text></tag><tag><text>assunto:Adição</text></tag></tags>
  </question>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n`;
}

interface Result {
  label: string;
  seconds: number;
  created: number;
  idle: Timing;
  during: Timing;
}

async function runOn(label: string, database: Database, health: Probe): Promise<Result> {
  const { config, cleanUp } = benchConfig();
  const app = await buildApp(config, { database });
  const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  config.publicUrl = base;
  try {
    const { db } = database;
    const teacher = randomUUID();
    await db.execute(sql`
      insert into users (id, email, username, display_name, user_type, email_verified)
      values (${teacher}, 'professora@bench.estudai.dev', 'bench_professora', 'Professora Bench', 'professor', true)`);
    const [group] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into study_groups (owner_id, name, description, category, subject, max_members, search_text)
        values (${teacher}, 'Turma da importação', 'Bench', 'matematica', 'ENEM', 50, 'turma da importacao')
        returning id`),
    );
    if (!group) throw new Error('no group');
    const cookie = `${SESSION_COOKIE}=${await createSession(db, teacher, new Date())}`;

    health.start(base, cookie);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = await health.stop();

    const form = new FormData();
    form.set('format', 'moodle_xml');
    form.set('as', 'questions');
    form.set('groupId', group.id);
    form.set('file', new Blob([moodleFile(QUESTIONS)], { type: 'application/xml' }), 'banco.xml');
    const previewed = await fetch(`${base}/api/question-imports`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    const preview = (await previewed.json()) as { data: { id: string; items: unknown[]; errors: unknown[] } };
    if (previewed.status !== 201 || preview.data.items.length !== QUESTIONS) {
      throw new Error(`preview answered ${previewed.status}: ${JSON.stringify(preview).slice(0, 300)}`);
    }

    health.start(base, cookie);
    const begin = performance.now();
    const confirmed = await fetch(`${base}/api/question-imports/${preview.data.id}/confirm`, {
      method: 'POST',
      headers: { cookie },
    });
    if (confirmed.status !== 202) throw new Error(`confirm answered ${confirmed.status}`);
    let status = { status: 'running', done: 0, total: QUESTIONS, created: 0 };
    while (status.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const response = await fetch(`${base}/api/question-imports/${preview.data.id}`, {
        headers: { cookie },
      });
      status = ((await response.json()) as { data: typeof status }).data;
    }
    const seconds = (performance.now() - begin) / 1000;
    const during = await health.stop();
    if (status.status !== 'done') throw new Error(`the import ended ${status.status}`);
    return { label, seconds, created: status.created, idle, during };
  } finally {
    await app.close();
    cleanUp();
  }
}

async function main() {
  const health = probe();
  const results: Result[] = [];
  console.log(
    `Importing ${QUESTIONS} questions (Moodle XML) — ${new Date().toISOString()}, ${os.cpus().length} cores`,
  );
  console.log(`load average before: ${loadAverage()}`);
  try {
    // As `npm start` opens it: PGlite in a thread of its own (decision 037).
    const pglite = await openPgliteThread({});
    results.push(await runOn('PGlite (embedded, its own thread as npm start)', pglite, health));
    const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (url) {
      process.env.DATABASE_URL = url;
      const { database, label, drop } = await openBenchDatabase('estudai_bench_import');
      try {
        results.push(await runOn(label, database, health));
      } finally {
        await drop();
      }
    }
  } finally {
    health.close();
  }
  console.log(`load average after: ${loadAverage()}\n`);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    '| database | questions created | confirm → done | health p50 idle / during | health p99 idle / during | p99 ratio |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const ratio = r.during.p99 / r.idle.p99;
    console.log(
      `| ${r.label} | ${r.created} | ${r.seconds.toFixed(1)} s | ${ms(r.idle.p50)} / ${ms(r.during.p50)} | ${ms(r.idle.p99)} / ${ms(r.during.p99)} (${r.idle.count} / ${r.during.count} calls) | ${ratio.toFixed(2)} |`,
    );
  }
  console.log(
    `\ntargets: done within ${TARGET_SECONDS} s on PostgreSQL; health p99 during within ${TARGET_RATIO}× of idle`,
  );
}

if (process.argv.includes(CHILD_FLAG)) runProbe();
else
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
