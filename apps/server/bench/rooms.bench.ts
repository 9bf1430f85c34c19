// `npm run bench:rooms` (issue 39): STAYING sockets (1,000) in one public study room on one process,
// while CHURN people a second (100) come in and go out of it (`room:enter` / `room:leave`, half
// each), for SECONDS; a probe asks the signed-in `GET /api/health` 10 times a second, idle first and
// then during the churn. It prints the presence updates delivered per second (the fan-out), the p99
// from a person's `room:enter` to the first update naming them at the watching sockets (target
// ≤ 1.5 s: updates are batched once a second), and health's p99 during ÷ idle (target ≤ 3×).
// PostgreSQL when DATABASE_URL is set (a scratch database, dropped at the end), else PGlite in
// memory. The sockets run in a child process, so the clients do not take the server's thread; the
// health probe that the target reads runs in a second child of its own, so what it times is the
// server and not the clients' own event loop (which parses 50 room details of 1,000 people a second
// and 1,000 updates: its probe, printed beside for comparison, waited on that). Never part of `npm test`.

import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClientToServerEvents, RoomEnterAck, ServerToClientEvents } from '@estudai/contract';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { inChild, loadAverage, loadChildOrMain, log, type Timing, timing, wait } from './bench-report.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CHILD_FLAG = '--room-sockets';
const PROBE_FLAG = '--room-health-probe';
const STAYING = Number(process.env.BENCH_SOCKETS ?? 1_000);
/** People coming in or going out each second (half each). */
const CHURN = Number(process.env.BENCH_CHURN ?? 100);
const SECONDS = Number(process.env.BENCH_DURATION ?? 30);
/** Long enough for a steady reference: its p99 over 50 asks (5 s) moved between 5 and 48 ms. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE ?? 15);
const HEALTH_EVERY_MS = 100;
const TARGET_SEEN_MS = 1_500;
const TARGET_HEALTH_RATIO = 3;

interface LoadPlan {
  base: string;
  roomId: string;
  staying: string[];
  churners: string[];
  churnerIds: string[];
}
interface LoadReport {
  entered: number;
  refused: number;
  updatesPerSecond: number;
  seen: Timing & { unseen: number };
  healthIdle: Timing;
  healthDuring: Timing;
  /** When the idle and the churn phases ran (epoch ms), for the probe of its own. */
  idleWindow: [number, number];
  duringWindow: [number, number];
}

/** One ask of the probe of its own: when it was sent (epoch ms) and how long it took. */
interface ProbeSample {
  at: number;
  ms: number;
}

function open(base: string, cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin: base },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const enter = (socket: ClientSocket, roomId: string) =>
  new Promise<RoomEnterAck>((resolve) => socket.emit('room:enter', roomId, resolve));

/** Asks health every HEALTH_EVERY_MS until `until` resolves: when each ask went and its time. */
async function askHealth(base: string, cookie: string, until: Promise<unknown>): Promise<ProbeSample[]> {
  const samples: ProbeSample[] = [];
  const asks: Promise<void>[] = [];
  const timer = setInterval(() => {
    asks.push(
      (async () => {
        const at = Date.now();
        const begin = performance.now();
        const response = await fetch(`${base}/api/health`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.ok) samples.push({ at, ms: performance.now() - begin });
      })().catch(() => undefined),
    );
  }, HEALTH_EVERY_MS);
  await until;
  clearInterval(timer);
  await Promise.all(asks);
  return samples;
}

/** Health's times for `ms`, from the clients' process. */
async function probeHealth(base: string, cookie: string, ms: number): Promise<number[]> {
  return (await askHealth(base, cookie, wait(ms))).map((sample) => sample.ms);
}

/** The probe's own child: asks health from the plan until told to stop, then answers its samples. */
function runProbe(): void {
  process.once('message', async (plan: { base: string; cookie: string }) => {
    const stop = new Promise((resolve) => process.once('message', resolve));
    process.send?.(await askHealth(plan.base, plan.cookie, stop));
    process.exit(0);
  });
}

const within = (samples: ProbeSample[], [from, to]: [number, number]) =>
  timing(samples.filter((sample) => sample.at >= from && sample.at < to).map((sample) => sample.ms));

/** The child: the staying sockets enter, health idle, then the churn with health alongside. */
async function runLoad(plan: LoadPlan): Promise<LoadReport> {
  const sockets: ClientSocket[] = [];
  let entered = 0;
  let refused = 0;
  for (let start = 0; start < plan.staying.length; start += 50) {
    const batch = await Promise.all(plan.staying.slice(start, start + 50).map((c) => open(plan.base, c)));
    const acks = await Promise.all(batch.map((socket) => enter(socket, plan.roomId)));
    for (const ack of acks)
      if (ack.ok) entered++;
      else refused++;
    sockets.push(...batch);
  }
  const churners = await Promise.all(plan.churners.map((cookie) => open(plan.base, cookie)));
  await wait(1_500);

  // Every update a staying socket hears counts toward the fan-out; the first one times each join
  // (the same broadcast reaches them all).
  let updates = 0;
  let counting = false;
  const waitingSince = new Map<string, number>();
  const seen: number[] = [];
  sockets.forEach((socket, index) => {
    socket.on('room:presence', (event) => {
      if (counting) updates++;
      if (index > 0) return;
      const now = performance.now();
      for (const present of event.joined) {
        const at = waitingSince.get(present.userId);
        if (at === undefined) continue;
        waitingSince.delete(present.userId);
        seen.push(now - at);
      }
    });
  });

  const healthCookie = plan.staying[0] ?? '';
  const idleFrom = Date.now();
  const healthIdle = await probeHealth(plan.base, healthCookie, IDLE_SECONDS * 1000);
  const idleWindow: [number, number] = [idleFrom, Date.now()];

  counting = true;
  const inRoom = new Set<number>();
  let moves = 0;
  let joins = 0;
  const actions: Promise<unknown>[] = [];
  const everyMs = 1000 / CHURN;
  const churn = setInterval(() => {
    // Half the moves are someone coming in, half someone going out (whoever is in the longest).
    const index = moves % churners.length;
    const socket = churners[index];
    if (!socket) return;
    if (inRoom.has(index)) {
      inRoom.delete(index);
      socket.emit('room:leave', plan.roomId);
    } else {
      inRoom.add(index);
      waitingSince.set(plan.churnerIds[index] ?? '', performance.now());
      actions.push(enter(socket, plan.roomId));
      joins++;
    }
    moves++;
  }, everyMs);
  const duringFrom = Date.now();
  const healthDuring = await probeHealth(plan.base, healthCookie, SECONDS * 1000);
  const duringWindow: [number, number] = [duringFrom, Date.now()];
  clearInterval(churn);
  await Promise.all(actions);
  await wait(2_000);
  counting = false;
  for (const socket of [...sockets, ...churners]) socket.disconnect();
  return {
    entered,
    refused,
    updatesPerSecond: updates / (SECONDS + 2),
    seen: { ...timing(seen), unseen: joins - seen.length },
    healthIdle: timing(healthIdle),
    healthDuring: timing(healthDuring),
    idleWindow,
    duringWindow,
  };
}

if (process.argv.includes(PROBE_FLAG)) runProbe();
else await loadChildOrMain(CHILD_FLAG, runLoad, main);

async function main() {
  const { database, label, drop } = await openBenchDatabase('estudai_bench_rooms');
  const { config, cleanUp } = benchConfig();
  config.reviewReminderIntervalMs = 0;
  config.recalibrationIntervalMs = 0;
  const app = await buildApp(config, { database });
  const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  config.publicUrl = base;
  const people = STAYING + CHURN;
  let probe: ChildProcess | undefined;
  console.log(
    `${label}; ${STAYING} sockets in one room, ${CHURN} coming in or going out a second for ${SECONDS} s`,
  );
  log(`load average before: ${loadAverage()}`);
  try {
    const { db } = database;
    await db.execute(sql`
      insert into users (id, email, username, display_name, user_type, email_verified, birth_date)
      select md5('bench-room-' || i)::uuid, 'room' || i || '@bench.estudai.dev', 'bench_room_' || i,
             'Pessoa ' || i || ' Bench', 'aluno', true, '2000-01-01'
      from generate_series(1, ${people}::int) as i`);
    const [room] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into study_rooms (kind, name, slug, focus_minutes, break_minutes, cycle_started_at, created_at)
        values ('public', 'Sala de carga', 'bench-carga', 25, 5, now(), now()) returning id`),
    );
    if (!room) throw new Error('no room');
    const users = rowsOf<{ id: string }>(
      await db.execute(sql`select id from users where email like 'room%@bench.estudai.dev' order by email`),
    );
    const cookies: string[] = [];
    for (const user of users)
      cookies.push(`${SESSION_COOKIE}=${await createSession(db, user.id, new Date())}`);
    log(`seeded ${people} people; load average ${loadAverage()}`);

    const prober = fork(fileURLToPath(import.meta.url), [PROBE_FLAG]);
    probe = prober;
    const probed = new Promise<ProbeSample[]>((resolve) => prober.once('message', resolve));
    prober.send({ base, cookie: cookies[0] });
    const report = await inChild<LoadReport>(fileURLToPath(import.meta.url), CHILD_FLAG, {
      base,
      roomId: room.id,
      staying: cookies.slice(0, STAYING),
      churners: cookies.slice(STAYING),
      churnerIds: users.slice(STAYING).map((user) => user.id),
    } satisfies LoadPlan);
    prober.send('stop');
    const samples = await probed;
    log(`load done; load average ${loadAverage()}`);

    const { seen } = report;
    const healthIdle = within(samples, report.idleWindow);
    const healthDuring = within(samples, report.duringWindow);
    const ratio = healthDuring.p99 / healthIdle.p99;
    console.log('');
    console.log('| measure | count | p50 | p99 |');
    console.log('|---|---|---|---|');
    console.log(
      `| room:enter → seen by the room | ${seen.count} | ${seen.p50.toFixed(1)} ms | ${seen.p99.toFixed(1)} ms |`,
    );
    const row = (label: string, t: Timing) =>
      console.log(`| ${label} | ${t.count} | ${t.p50.toFixed(1)} ms | ${t.p99.toFixed(1)} ms |`);
    row('GET /api/health, idle (a probe process of its own)', healthIdle);
    row('GET /api/health, during (a probe process of its own)', healthDuring);
    row("GET /api/health, idle (from the clients' process)", report.healthIdle);
    row("GET /api/health, during (from the clients' process)", report.healthDuring);
    console.log('');
    console.log(
      `${report.entered} sockets in the room (${report.refused} refused); presence updates delivered: ` +
        `${report.updatesPerSecond.toFixed(0)} a second; joins never seen: ${seen.unseen}`,
    );
    console.log(
      `join → seen p99: ${seen.p99.toFixed(0)} ms (target ≤ ${TARGET_SEEN_MS}) ${seen.p99 <= TARGET_SEEN_MS ? 'OK' : 'OVER'}`,
    );
    console.log(
      `health p99 during ÷ idle: ${ratio.toFixed(2)} (target ≤ ${TARGET_HEALTH_RATIO}) ${ratio <= TARGET_HEALTH_RATIO ? 'OK' : 'OVER'}` +
        `; from the clients' process: ${(report.healthDuring.p99 / report.healthIdle.p99).toFixed(2)}`,
    );
  } finally {
    probe?.kill();
    await app.close();
    await database.close().catch(() => undefined);
    if (!process.env.BENCH_KEEP) await drop();
    cleanUp();
  }
}
