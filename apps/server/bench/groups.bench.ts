// `npm run bench:groups`: 'Disponíveis' (GET /api/study-groups/available) at 1,000 and 100,000
// groups with 100,000 memberships, page 1 without a search (relevance order) and with searches of
// one rare and one common word, as a signed-in student with groups and followed teachers. Median
// and p95 of sequential requests, side by side with GET /api/health in the same process as the
// reference. PostgreSQL when DATABASE_URL is set (a scratch database), else PGlite in memory.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';

const SIZES = [1_000, 100_000];
const USERS = 5_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);

async function seed(database: Database, from: number, to: number) {
  const categories = sql`(array['matematica','fisica','quimica','biologia','portugues','historia','geografia'])`;
  await database.db.execute(sql`
    insert into study_groups (owner_id, name, description, category, subject, max_members, is_paid, price,
                              tags, search_text, created_at)
    select md5('bench-user-' || (1 + i % 500))::uuid,
      'Grupo ' || i || case when i % 1000 = 0 then ' de termodinâmica' else ' de revisão' end,
      'Revisão para o ENEM com listas e simulados, turma ' || i,
      ${categories}[1 + i % 7], (array['ENEM','Vestibular','Superior'])[1 + i % 3], 20 + i % 200,
      i % 4 = 0, case when i % 4 = 0 then 2990 else 0 end, array['enem', 'lista ' || i % 50],
      'grupo ' || i || case when i % 1000 = 0 then ' de termodinamica' else ' de revisao' end
        || ' revisao para o enem com listas e simulados, turma ' || i || ' enem',
      timestamptz '2025-01-01' + i * interval '1 minute'
    from generate_series(${from}::int, ${to}::int) as i`);
  // About one membership per group, from the bench users.
  await database.db.execute(sql`
    insert into group_memberships (study_group_id, user_id, status)
    select g.id, md5('bench-user-' || (1 + (abs(hashtext(g.id::text)) % ${USERS})))::uuid, 'active'
    from study_groups g where g.created_at > timestamptz '2025-01-01' + ${from - 1} * interval '1 minute'
    on conflict do nothing`);
}

async function timeRequests(url: string, cookie: string) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95) };
}

async function main() {
  const { database, label, drop } = await openBenchDatabase('estudai_bench_groups', { statementMs: 120_000 });
  const { config, cleanUp } = benchConfig();
  const app = await buildApp(config, { database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`${label}; ${REQUESTS} sequential requests per target; load ${os.loadavg()[0]?.toFixed(1)}`);
  try {
    await database.db.execute(sql`
      insert into users (id, email, username, display_name, user_type, email_verified)
      select md5('bench-user-' || i)::uuid, 'bench' || i || '@bench.estudai.dev', 'bench_' || i,
             'Pessoa ' || i, case when i <= 500 then 'professor' else 'aluno' end, true
      from generate_series(1, ${USERS}::int) as i`);
    const viewer = 'c4ca4238-a0b9-3382-8dcc-509a6f75849b'; // md5('1') is not a bench user: a fresh student
    await database.db.execute(sql`
      insert into users (id, email, username, display_name, user_type, email_verified)
      values (${viewer}, 'viewer@bench.estudai.dev', 'bench_viewer', 'Estudante', 'aluno', true)`);
    await database.db.execute(sql`
      insert into follows (follower_id, following_id)
      select ${viewer}::uuid, md5('bench-user-' || i)::uuid from generate_series(1, 5) as i`);
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, viewer, new Date())}`;
    const rows: string[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      await seed(database, seeded + 1, size);
      seeded = size;
      if (seeded === SIZES[0]) {
        // The viewer is in a few groups, so categories count in the relevance.
        await database.db.execute(sql`
          insert into group_memberships (study_group_id, user_id, status)
          select id, ${viewer}::uuid, 'active' from study_groups order by created_at limit 3`);
      }
      await database.db.execute(sql`analyze`);
      // PGlite seeds on this thread: let @fastify/under-pressure see a calm event loop again.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const targets = {
        'health (reference)': `${url}/api/health`,
        'Disponíveis, page 1': `${url}/api/study-groups/available`,
        'Disponíveis, page 20': `${url}/api/study-groups/available?page=20`,
        "search 'termodinamica' (rare)": `${url}/api/study-groups/available?search=termodinamica`,
        "search 'revisao enem' (common)": `${url}/api/study-groups/available?search=revisao%20enem`,
      };
      for (const [name, target] of Object.entries(targets)) {
        await timeRequests(target, cookie); // warm-up
        const { median, p95 } = await timeRequests(target, cookie);
        const row = `| ${size.toLocaleString('en')} | ${name} | ${median.toFixed(1)} ms | ${p95.toFixed(1)} ms |`;
        console.log(row);
        rows.push(row);
      }
    }
    console.log('\n| groups | request | median | p95 |\n|---|---|---|---|');
    console.log(rows.join('\n'));
  } finally {
    await app.close();
    await database.close().catch(() => undefined);
    await drop();
    cleanUp();
  }
}

await main();
