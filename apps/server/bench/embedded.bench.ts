// `npm run bench:embedded`: does the embedded database hold the server's event loop, and how far is
// it from PostgreSQL? `/api/health` (no database) p99 alone and while uncached feed pages load, in
// the same run, with PGlite in the server's own thread (the reference: how tests open it), in a
// thread of its own (decision 032, what `npm start` opens) and, when DATABASE_URL is set, on
// PostgreSQL (a scratch database on that server, dropped at the end). Targets (issue 41): health p99
// under feed load within 3× of health alone, and the embedded feed's req/s at least 0.7× PostgreSQL's.
// A third reference, `bare`, loads `/api/health` itself from the same connections (no database, no page):
// what a request thread kept busy by the same closed-loop load gives on this machine, whatever it serves.
// BENCH_MODES=thread,postgres skips the in-thread and bare references. The npm script runs it as `npm start` runs
// the server (glibc's MALLOC_MMAP_THRESHOLD_ and V8's flags, decisions 059 and 069); the load clients
// run with the defaults. BENCH_ENCODING sets the clients' accept-encoding (a browser's by default).
// Never part of `npm test`.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Database, openPglite, openPgliteThread } from '../src/db/client.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { benchUserId, seedPosts, seedUsers } from './feed-seed.ts';
import { LoadClient, type LoadResult } from './load-client.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FEED_CONNECTIONS = 10;
const HEALTH_CONNECTIONS = 2;
const VIEWERS = 20;
const TARGET = 3;
/** The embedded feed's req/s over PostgreSQL's, same run (issue 41). */
const POSTGRES_TARGET = 0.7;
const MODES = (process.env.BENCH_MODES ?? 'server,thread,bare,postgres').split(',');
const FEED_PATH = '/api/posts?limit=10';
const BROWSER_HEADERS = { 'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip, deflate, br' };

const started = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const loadAverage = () => os.loadavg()[0]?.toFixed(1);

/** The run whose p99 is the median of the rounds'. */
function medianBy(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.p99 - b.p99);
  return sorted[Math.floor(sorted.length / 2)] as LoadResult;
}

interface Row {
  mode: string;
  alone: LoadResult;
  during: LoadResult;
  feed: LoadResult;
}

/** `loadPath`: what the loading connections ask for (the uncached feed page unless a reference says). */
async function measure(mode: string, open: () => Promise<Database>, loadPath = FEED_PATH): Promise<Row> {
  const database = await open();
  log(`${mode}: seeding; load ${loadAverage()}`);
  const { config, cleanUp } = benchConfig();
  // Every feed request runs its query (no page memory), and a held event loop is measured, not refused.
  const app = await buildApp({ ...config, feedCachePages: 0, maxEventLoopDelayMs: 0 }, { database });
  const health = new LoadClient();
  const feed = new LoadClient();
  try {
    await seedUsers(database);
    // The no-database reference reads no post: its load needs none.
    const posts = loadPath === FEED_PATH ? POSTS : 0;
    for (let from = 1; from <= posts; from += 100_000)
      await seedPosts(database, from, Math.min(posts, from + 99_999));
    await database.db.execute(sql`analyze`);
    const cookies: string[] = [];
    for (let n = 1; n <= VIEWERS; n++)
      cookies.push(`${SESSION_COOKIE}=${await createSession(database.db, benchUserId(n), new Date())}`);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    log(`${mode}: ${posts.toLocaleString('en')} posts seeded; measuring`);
    const healthRun = {
      url: `${url}/api/health`,
      connections: HEALTH_CONNECTIONS,
      seconds: SECONDS,
      cookies: [''],
    };
    await health.run({ ...healthRun, seconds: 2 });
    // Alone and under load in alternating rounds, so a burst of other work on the machine meets both
    // alike; each figure is the median round's.
    const rounds: { alone: LoadResult; during: LoadResult; feed: LoadResult }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const alone = await health.run(healthRun);
      const feedRun = feed.run({
        url: `${url}${loadPath}`,
        connections: FEED_CONNECTIONS,
        // A little longer than the health run, so the whole health run meets the feed load.
        seconds: SECONDS + 2,
        cookies,
        headers: BROWSER_HEADERS,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const during = await health.run(healthRun);
      rounds.push({ alone, during, feed: await feedRun });
    }
    const row = {
      mode,
      alone: medianBy(rounds.map((round) => round.alone)),
      during: medianBy(rounds.map((round) => round.during)),
      feed: medianBy(rounds.map((round) => round.feed)),
    };
    log(
      `${mode}: health p99 ${row.alone.p99.toFixed(1)} ms alone, ${row.during.p99.toFixed(1)} ms with the feed; ` +
        `feed ${Math.round(row.feed.rps)} req/s; load ${loadAverage()}`,
    );
    return row;
  } finally {
    health.close();
    feed.close();
    await app.close();
    cleanUp();
  }
}

const rows: Row[] = [];
if (MODES.includes('server'))
  rows.push(await measure('PGlite in the server thread (reference)', () => openPglite({})));
// BENCH_MODES=…,unprepared adds the thread as before issue 41: every statement unnamed.
if (MODES.includes('unprepared'))
  rows.push(
    await measure('PGlite in its own thread, unprepared', () =>
      openPgliteThread({ preparedStatements: false }),
    ),
  );
const embedded = MODES.includes('thread')
  ? await measure('PGlite in its own thread (npm start)', () => openPgliteThread({}))
  : undefined;
if (embedded) rows.push(embedded);
if (MODES.includes('bare'))
  rows.push(await measure('no database: /api/health (reference)', () => openPgliteThread({}), '/api/health'));
let postgres: Row | undefined;
if (MODES.includes('postgres') && process.env.DATABASE_URL) {
  const scratch = await openBenchDatabase('estudai_embedded', { statementMs: 120_000 });
  try {
    postgres = await measure('PostgreSQL (DATABASE_URL, reference)', async () => scratch.database);
    rows.push(postgres);
  } finally {
    // The app closed the database (its pool) with itself.
    await scratch.drop();
  }
}

console.log(
  `\nEmbedded database bench: ${POSTS.toLocaleString('en')} posts, load average ${loadAverage()} on ${os.cpus().length} cores`,
);
console.log(
  `GET /api/health from ${HEALTH_CONNECTIONS} connections, alone and while ${FEED_CONNECTIONS} connections load feed page 1 ` +
    `with no page memory (the bare reference: /api/health; ${ROUNDS} alternating rounds of ${SECONDS} s each; the median round's p99)\n`,
);
console.log(
  `${''.padEnd(42)}${'health alone'.padEnd(16)}${'health + load'.padEnd(16)}${'ratio'.padEnd(14)}load meanwhile`,
);
for (const row of rows) {
  const ratio = row.during.p99 / row.alone.p99;
  console.log(
    `${row.mode.padEnd(42)}${`p99 ${row.alone.p99.toFixed(1)} ms`.padEnd(16)}${`p99 ${row.during.p99.toFixed(1)} ms`.padEnd(16)}` +
      `${`${ratio.toFixed(1)}× ${ratio <= TARGET ? 'PASS' : 'FAIL'}`.padEnd(14)}` +
      `${Math.round(row.feed.rps)} req/s, p99 ${row.feed.p99.toFixed(0)} ms` +
      (row.alone.errors + row.during.errors + row.feed.errors
        ? ` (${row.alone.errors + row.during.errors + row.feed.errors} errors)`
        : ''),
  );
}
console.log(
  `\nTarget: health p99 under feed load within ${TARGET}× of health alone (the references' ratios are what the ` +
    'same load gives with PGlite in the request thread, with no database at all, and on PostgreSQL).',
);
if (embedded && postgres) {
  const share = embedded.feed.rps / postgres.feed.rps;
  console.log(
    `Uncached feed req/s, PGlite in its own thread / PostgreSQL: ${Math.round(embedded.feed.rps)} / ` +
      `${Math.round(postgres.feed.rps)} = ${share.toFixed(2)} ${share >= POSTGRES_TARGET ? 'PASS' : 'FAIL'} ` +
      `(target >= ${POSTGRES_TARGET})`,
  );
} else if (embedded)
  console.log(
    'Set DATABASE_URL to measure PostgreSQL beside it (target: the embedded feed >= 0.7× its req/s).',
  );
