// `npm run bench` (first part): 'Para você' and 'Seguindo' (decision 034) at page 1 and 50 pages
// deep, with the page memory off (every request runs the query), beside a bare Fastify route. Full
// size: 1M posts, 100k users, 10M follows (100 each), seeded by the database (generate_series).
// PostgreSQL when DATABASE_URL is set (a scratch database, dropped at the end), else PGlite.
// Smaller runs: BENCH_HOME_USERS, BENCH_HOME_POSTS, BENCH_HOME_FOLLOWS_EACH.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { benchUserId } from './feed-seed.ts';
import { LoadClient, type LoadResult, walkCursors } from './load-client.ts';

const USERS = Number(process.env.BENCH_HOME_USERS ?? 100_000);
const POSTS = Number(process.env.BENCH_HOME_POSTS ?? 1_000_000);
const FOLLOWS_EACH = Number(process.env.BENCH_HOME_FOLLOWS_EACH ?? 100);
const DEPTH = 50;
const PAGE_SIZE = 10;
const VIEWERS = 100;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_S = Number(process.env.BENCH_DURATION ?? 3);
const WARM_UP_S = 3;
const TARGETS = { depth: 1.2, forYouOverFollowing: 3 };
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const SUBJECTS = ['matematica', 'fisica', 'quimica', 'biologia', 'historia', 'geografia', 'portugues'];

const started = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const loadAverage = () => os.loadavg()[0]?.toFixed(1);
const timed = async (what: string, work: () => Promise<unknown>) => {
  const at = Date.now();
  await work();
  log(`${what} in ${((Date.now() - at) / 1000).toFixed(1)} s`);
};

/** Users, follows (each follows FOLLOWS_EACH others, spread over everyone), posts with subjects. */
async function seed(database: Database) {
  const { db } = database;
  await timed(`seeded ${USERS.toLocaleString('en')} users`, () =>
    db.execute(sql`
      insert into users (id, email, username, display_name, user_type, email_verified, study_goal, study_subjects)
      select md5('bench-user-' || i)::uuid, 'bench' || i || '@bench.estudai.dev', 'bench_' || i,
             'Estudante ' || i, 'aluno', true, 'enem',
             array[(${sql.raw(`array['${SUBJECTS.join("','")}']`)})[1 + i % 7], (${sql.raw(`array['${SUBJECTS.join("','")}']`)})[1 + (i + 3) % 7]]
      from generate_series(1, ${USERS}::int) as i`),
  );
  await db.execute(sql`create unlogged table bench_ids as
    select i as n, md5('bench-user-' || i)::uuid as id from generate_series(1, ${USERS}::int) as i`);
  await db.execute(sql`create unique index on bench_ids (n)`);
  const chunk = 10_000;
  // 10M rows go in several times faster without the key, the two indexes and the foreign keys,
  // built once at the end with the migration's own names (no row is repeated: see the step below).
  await db.execute(sql`alter table follows drop constraint follows_follower_id_following_id_pk,
    drop constraint follows_follower_id_users_id_fk, drop constraint follows_following_id_users_id_fk`);
  await db.execute(sql`drop index follows_following_idx, follows_follower_idx`);
  await timed(`seeded ${(USERS * FOLLOWS_EACH).toLocaleString('en')} follows`, async () => {
    for (let from = 1; from <= USERS; from += chunk) {
      // Step 997: for k <= 100, 997k < 100,000 users, so a follower's 100 rows are distinct and never oneself.
      await db.execute(sql`
        insert into follows (follower_id, following_id, created_at)
        select a.id, b.id, timestamptz '2024-12-01 00:00:00+00' + k * interval '1 minute'
        from generate_series(${from}::int, ${Math.min(USERS, from + chunk - 1)}::int) as f
        join bench_ids a on a.n = f
        cross join generate_series(1, ${FOLLOWS_EACH}::int) as k
        join bench_ids b on b.n = 1 + (f - 1 + k * 997) % ${USERS}::int`);
    }
  });
  await timed('indexed the follows', async () => {
    await db.execute(sql`alter table follows add constraint follows_follower_id_following_id_pk
      primary key (follower_id, following_id)`);
    await db.execute(sql`create index follows_following_idx on follows (following_id, created_at)`);
    await db.execute(sql`create index follows_follower_idx on follows (follower_id, created_at)`);
    await db.execute(sql`alter table follows
      add constraint follows_follower_id_users_id_fk foreign key (follower_id) references users (id) on delete cascade,
      add constraint follows_following_id_users_id_fk foreign key (following_id) references users (id) on delete cascade`);
  });
  await timed(`seeded ${POSTS.toLocaleString('en')} posts`, async () => {
    for (let from = 1; from <= POSTS; from += 200_000) {
      await db.execute(sql`
        insert into posts (author_id, type, content, question_data, likes_count, comments_count, popular_at, created_at)
        select (select id from bench_ids where n = 1 + (i::bigint * 7919) % ${USERS}::int),
          (array['text','text','text','question','question','text','question_set','text'])[1 + i % 8],
          'Post de estudo #' || i || ': revisão de ENEM',
          case when i % 8 in (3, 4) then jsonb_build_object('question', 'Quanto é ' || i || ' + 1?',
            'options', jsonb_build_array('a', 'b', 'c', 'd'), 'correctAnswer', i % 4,
            'subject', (${sql.raw(`array['${SUBJECTS.join("','")}']`)})[1 + i % 7]) end,
          i % 13, i % 5,
          case when i % 8 in (3, 4, 6) and i % 13 >= 3 then timestamptz '2025-01-01 00:00:00+00' + i * interval '1 second' end,
          timestamptz '2025-01-01 00:00:00+00' + i * interval '1 second'
        from generate_series(${from}::int, ${Math.min(POSTS, from + 199_999)}::int) as i`);
    }
  });
  await timed('analyzed', () => db.execute(sql`analyze`));
}

interface Measure {
  rps: number;
  p99: number;
  errors: number;
}
const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const { database, label, drop } = await openBenchDatabase('bench_feeds', { statementMs: 120_000 });
  const { config, cleanUp } = benchConfig();
  // The page memory off: every request runs the query (the issue's "no page memory").
  const app = await buildApp({ ...config, feedCachePages: 0 }, { database });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ data: { status: 'ok' } }));
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const client = new LoadClient();
  log(`${label}; load ${loadAverage()}; ${USERS} users, ${POSTS} posts, ${FOLLOWS_EACH} follows each`);
  const rows: [string, Measure][] = [];
  try {
    await seed(database);
    const cookies: string[] = [];
    for (let n = 1; n <= VIEWERS; n++)
      cookies.push(`${SESSION_COOKIE}=${await createSession(database.db, benchUserId(n), new Date())}`);
    const targets: [string, string][] = [['bare Fastify route (reference)', `${bareUrl}/bare`]];
    for (const [feed, name] of [
      ['for_you', 'Para você'],
      ['following', 'Seguindo'],
    ] as const) {
      const url = `${appUrl}/api/posts?limit=${PAGE_SIZE}&feed=${feed}`;
      const at = Date.now();
      const cursor = await walkCursors(url, cookies[0] ?? '', DEPTH);
      log(`${name}: walked ${DEPTH} pages in ${Date.now() - at} ms`);
      targets.push([`'${name}' page 1`, url]);
      targets.push([`'${name}' ${DEPTH} pages deep`, `${url}&cursor=${encodeURIComponent(cursor)}`]);
    }
    const run = (url: string, seconds: number, withCookies: boolean) =>
      client.run({
        url,
        connections: CONNECTIONS,
        seconds,
        cookies: withCookies ? cookies : [''],
        headers: BROWSER_HEADERS,
      });
    // One viewer's deep cursor is replayed by every viewer: each runs it against their own follows.
    for (const [, url] of targets) await run(url, WARM_UP_S, !url.endsWith('/bare'));
    const results = targets.map(() => [] as LoadResult[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, [, url]] of targets.entries())
        results[index]?.push(await run(url, ROUND_S, !url.endsWith('/bare')));
    }
    for (const [index, [name]] of targets.entries()) {
      const rounds = results[index] ?? [];
      rows.push([
        name,
        {
          rps: median(rounds.map((r) => r.rps)),
          p99: median(rounds.map((r) => r.p99)),
          errors: rounds.reduce((sum, r) => sum + r.errors, 0),
        },
      ]);
    }
  } finally {
    await app.close();
    await bare.close();
    client.close();
    await drop();
    cleanUp();
  }
  console.log(
    `\nHome feeds benchmark: ${label}, ${POSTS.toLocaleString('en')} posts, ${USERS.toLocaleString('en')} users, ` +
      `${(USERS * FOLLOWS_EACH).toLocaleString('en')} follows; load average ${loadAverage()} on ${os.cpus().length} cores`,
  );
  console.log(
    `${CONNECTIONS} connections over ${VIEWERS} viewers; page memory off: the query runs every time.\n`,
  );
  for (const [name, m] of rows) {
    const errors = m.errors ? `  (${m.errors} errors)` : '';
    console.log(
      `${name.padEnd(34)}${Math.round(m.rps).toString().padStart(7)} req/s  p99 ${m.p99.toFixed(1).padStart(7)} ms${errors}`,
    );
  }
  const p99 = (name: string) => rows.find(([row]) => row === name)?.[1].p99 ?? Number.NaN;
  const verdict = (value: number, target: number) =>
    `${value.toFixed(2)} ${value <= target ? 'PASS' : 'FAIL'} (target <= ${target})`;
  console.log('');
  for (const name of ['Para você', 'Seguindo']) {
    const ratio = p99(`'${name}' ${DEPTH} pages deep`) / p99(`'${name}' page 1`);
    console.log(`'${name}' ${DEPTH} pages deep p99 / page 1 p99`.padEnd(48) + verdict(ratio, TARGETS.depth));
  }
  const forYou = Math.max(p99("'Para você' page 1"), p99(`'Para você' ${DEPTH} pages deep`));
  const following = Math.max(p99("'Seguindo' page 1"), p99(`'Seguindo' ${DEPTH} pages deep`));
  console.log(
    "'Para você' p99 / 'Seguindo' p99 (worst of each)".padEnd(48) +
      verdict(forYou / following, TARGETS.forYouOverFollowing),
  );
}

await main();
