// `npm run bench:chat` (issue 41): PAIRS (40) of mutual followers, each sender posting one message a
// second for SECONDS, each receiver listening on its socket; beside it, in the same run, a bare
// Socket.IO relay (a server that only passes a message from one socket to another) carries the same
// traffic. The app is measured both ways a message can come in: through the HTTP API
// (`POST /api/chat/conversations/{id}/messages`), and over the sender's open socket (`chat:send`, as
// the web app sends while connected: decision 066). It prints the p50/p95 from send to receive of each
// (target: the app's p95 ≤ 3× the relay's), the messages lost (target 0), and the database statements
// per send (target ≤ 3), counted on PostgreSQL's client. PostgreSQL when DATABASE_URL is set (a scratch
// database, dropped at the end), else PGlite in memory (no statement count). The clients run in a child
// process, so they do not take the server's thread. A second reference, the same relay storing each
// message with one insert before passing it on, shows what the database's round trip alone costs on
// this machine. BENCH_PATHS=socket (or app) measures one of the app's two ways. Never part of `npm test`.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { inChild, loadAverage, loadChildOrMain, log, type Timing, timing, wait } from './bench-report.ts';

const CHILD_FLAG = '--chat-pairs';
const PAIRS = Number(process.env.BENCH_PAIRS ?? 40);
const SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const EVERY_MS = 1_000;
const TARGET_RATIO = 3;
const TARGET_STATEMENTS = 3;

interface Pair {
  conversationId: string;
  senderCookie: string;
  receiverCookie: string;
}
interface LoadPlan {
  base: string;
  relay: string;
  pairs: Pair[];
  /**
   * The relay (reference), the relay storing each message first, the app through HTTP, or the app
   * through its socket (`chat:send`).
   */
  phase: 'app' | 'socket' | 'relay' | 'relay-write';
}
interface PhaseReport extends Timing {
  sent: number;
  lost: number;
  refused: Record<string, number>;
}

function open(base: string, options: { cookie?: string; name?: string }): Promise<Socket> {
  const socket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: options.cookie ? { cookie: options.cookie, origin: base } : {},
    auth: options.name ? { name: options.name } : {},
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The child: one phase (the app, or the bare relay), every sender on its own 1-second beat. */
async function runLoad(plan: LoadPlan): Promise<PhaseReport> {
  const sentAt = new Map<string, number>();
  const times: number[] = [];
  const refused: Record<string, number> = {};
  const received = (id: string) => {
    const at = sentAt.get(id);
    if (at === undefined) return;
    sentAt.delete(id);
    times.push(performance.now() - at);
  };
  const senders: Socket[] = [];
  const receivers: Socket[] = [];
  for (const [index, pair] of plan.pairs.entries()) {
    if (plan.phase === 'app' || plan.phase === 'socket') {
      if (plan.phase === 'socket') senders.push(await open(plan.base, { cookie: pair.senderCookie }));
      const receiver = await open(plan.base, { cookie: pair.receiverCookie });
      receiver.on('chat:message', (message: { clientId: string | null }) => {
        if (message.clientId) received(message.clientId);
      });
      receivers.push(receiver);
    } else {
      const receiver = await open(plan.relay, { name: `r${index}` });
      receiver.on('relayed', (id: string) => received(id));
      receivers.push(receiver);
      senders.push(await open(plan.relay, { name: `s${index}` }));
    }
  }
  await wait(500);
  let sent = 0;
  const pending: Promise<void>[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const timers = plan.pairs.map((pair, index) =>
    setTimeout(
      () => {
        const beat = () => {
          if (performance.now() >= deadline) return;
          const id = randomUUID();
          sentAt.set(id, performance.now());
          sent++;
          if (plan.phase === 'relay' || plan.phase === 'relay-write') {
            senders[index]?.emit(plan.phase, `r${index}`, id);
            return;
          }
          if (plan.phase === 'socket') {
            pending.push(
              (senders[index] as Socket)
                .timeout(10_000)
                .emitWithAck('chat:send', {
                  conversationId: pair.conversationId,
                  content: `Mensagem ${sent}`,
                  clientId: id,
                })
                .then((answer: { status: number }) => {
                  if (answer.status >= 300) refused[answer.status] = (refused[answer.status] ?? 0) + 1;
                })
                .catch(() => {
                  refused.timeout = (refused.timeout ?? 0) + 1;
                }),
            );
            return;
          }
          pending.push(
            fetch(`${plan.base}/api/chat/conversations/${pair.conversationId}/messages`, {
              method: 'POST',
              headers: { cookie: pair.senderCookie, origin: plan.base, 'content-type': 'application/json' },
              body: JSON.stringify({ content: `Mensagem ${sent}`, clientId: id }),
            })
              .then(async (response) => {
                await response.arrayBuffer();
                if (!response.ok) refused[response.status] = (refused[response.status] ?? 0) + 1;
              })
              .catch(() => {
                refused.network = (refused.network ?? 0) + 1;
              }),
          );
        };
        beat();
        timers.push(setInterval(beat, EVERY_MS));
      },
      Math.floor((index / plan.pairs.length) * EVERY_MS),
    ),
  );
  await wait(SECONDS * 1000 + EVERY_MS);
  for (const timer of timers) clearInterval(timer);
  await Promise.all(pending);
  await wait(1_000);
  for (const socket of [...senders, ...receivers]) socket.disconnect();
  return { ...timing(times), sent, lost: sentAt.size, refused };
}

await loadChildOrMain(CHILD_FLAG, runLoad, main);

/**
 * A server that only passes a message from one socket to another (the reference) or, on
 * 'relay-write', stores it first with `store` (one insert) and passes it on once stored.
 */
async function startRelay(
  store: (id: string) => Promise<unknown>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  io.on('connection', (socket) => {
    const name = (socket.handshake.auth as { name?: string }).name;
    if (name) void socket.join(name);
    socket.on('relay', (to: string, id: string) => io.to(to).emit('relayed', id));
    socket.on('relay-write', async (to: string, id: string) => {
      await store(id);
      io.to(to).emit('relayed', id);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => io.close(() => resolve())),
  };
}

function phase(plan: LoadPlan): Promise<PhaseReport> {
  return inChild<PhaseReport>(fileURLToPath(import.meta.url), CHILD_FLAG, plan);
}

async function main() {
  // Every statement PostgreSQL's client sends, counted (PGlite's are not: its client is another).
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;

  const { database, label, drop } = await openBenchDatabase('estudai_bench_chat');
  const { config, cleanUp } = benchConfig();
  config.reviewReminderIntervalMs = 0;
  config.recalibrationIntervalMs = 0;
  const app = await buildApp(config, { database });
  const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  config.publicUrl = base;
  // The stored relay's table: an id and a text, committed without waiting for the disk as the app's
  // messages are (decision 062).
  await database.db.execute(sql`create table bench_relayed (id uuid primary key, content text not null)`);
  const relay = await startRelay((id) =>
    database.db.execute(sql`
      with async as (select set_config('synchronous_commit', 'off', true))
      insert into bench_relayed (id, content) select ${id}, ${'Mensagem'} from async`),
  );
  console.log(`${label}; ${PAIRS} pairs, one message a second each for ${SECONDS} s`);
  log(`load average before: ${loadAverage()}`);
  try {
    const { db } = database;
    // Random (version 4) ids: the API's checks take nothing else.
    await db.execute(sql`
      insert into users (email, username, display_name, user_type, email_verified, birth_date)
      select 'chat' || i || '@bench.estudai.dev', 'bench_chat_' || i,
             'Pessoa ' || i || ' Bench', 'aluno', true, '2000-01-01'
      from generate_series(1, ${PAIRS * 2}::int) as i`);
    // Pair i: people 2i-1 and 2i follow each other.
    await db.execute(sql`
      insert into follows (follower_id, following_id)
      select a.id, b.id from generate_series(1, ${PAIRS}::int) as i
      join users a on a.email = 'chat' || (2 * i - 1) || '@bench.estudai.dev'
      join users b on b.email = 'chat' || (2 * i) || '@bench.estudai.dev'
      union all
      select b.id, a.id from generate_series(1, ${PAIRS}::int) as i
      join users a on a.email = 'chat' || (2 * i - 1) || '@bench.estudai.dev'
      join users b on b.email = 'chat' || (2 * i) || '@bench.estudai.dev'`);
    const people = rowsOf<{ id: string; email: string }>(
      await db.execute(sql`select id, email from users where email like 'chat%@bench.estudai.dev'`),
    );
    const idOf = (n: number) =>
      people.find((person) => person.email === `chat${n}@bench.estudai.dev`)?.id ?? '';
    const pairs: Pair[] = [];
    for (let i = 1; i <= PAIRS; i++) {
      const senderCookie = `${SESSION_COOKIE}=${await createSession(db, idOf(2 * i - 1), new Date())}`;
      const receiverCookie = `${SESSION_COOKIE}=${await createSession(db, idOf(2 * i), new Date())}`;
      const response = await fetch(`${base}/api/chat/conversations`, {
        method: 'POST',
        headers: { cookie: senderCookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ otherUserId: idOf(2 * i) }),
      });
      const body = (await response.json()) as { data?: { id: string } };
      if (!response.ok || !body.data)
        throw new Error(`conversation ${i}: ${response.status} ${JSON.stringify(body)}`);
      pairs.push({ conversationId: body.data.id, senderCookie, receiverCookie });
    }
    log(`seeded ${PAIRS} conversations; load average ${loadAverage()}`);

    const reference = await phase({ base, relay: relay.url, pairs, phase: 'relay' });
    log(`relay done; load average ${loadAverage()}`);
    const stored = await phase({ base, relay: relay.url, pairs, phase: 'relay-write' });
    log(`relay with an insert done; load average ${loadAverage()}`);
    // Through HTTP (`POST …/messages`, as the web app sends while its socket is down), then through the
    // socket (`chat:send`, as it sends while connected: decision 066).
    const measured: { path: string; report: PhaseReport; perSend: number | null }[] = [];
    const only = process.env.BENCH_PATHS?.split(',');
    const paths = [
      ['POST …/messages → chat:message', 'app'],
      ['chat:send (socket) → chat:message', 'socket'],
    ] as const;
    for (const [path, name] of paths.filter(([, name]) => !only || only.includes(name))) {
      const before = statements;
      const report = await phase({ base, relay: relay.url, pairs, phase: name });
      const perSend = database.kind === 'postgres' ? (statements - before) / Math.max(1, report.sent) : null;
      measured.push({ path, report, perSend });
      log(`${name} done; load average ${loadAverage()}`);
    }

    console.log('');
    console.log(
      '| path | messages | p50 | p95 | p95 ÷ relay | p95 ÷ relay with an insert | lost | statements per send |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const row = (path: string, report: PhaseReport, statements: string) =>
      console.log(
        `| ${path} | ${report.count} | ${report.p50.toFixed(2)} ms | ${report.p95.toFixed(2)} ms | ` +
          `${(report.p95 / reference.p95).toFixed(1)}× | ${(report.p95 / stored.p95).toFixed(1)}× | ${report.lost} | ${statements} |`,
      );
    row('bare Socket.IO relay (reference)', reference, '');
    row('the relay storing each message first (one insert)', stored, '1');
    for (const { path, report, perSend } of measured)
      row(path, report, perSend === null ? 'not counted (PGlite)' : perSend.toFixed(1));
    console.log('');
    for (const { path, report, perSend } of measured) {
      const ratio = report.p95 / reference.p95;
      console.log(
        `${path}: p95 ÷ relay p95 ${ratio.toFixed(1)}× (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'OK' : 'OVER'}; ` +
          `refused ${JSON.stringify(report.refused)}; lost ${report.lost} (target 0) ${report.lost === 0 ? 'OK' : 'LOST'}; ` +
          (perSend === null
            ? 'statements per send: not counted on PGlite (set DATABASE_URL)'
            : `statements per send (the whole server, socket and session included): ${perSend.toFixed(1)} (target ≤ ${TARGET_STATEMENTS}) ${perSend <= TARGET_STATEMENTS ? 'OK' : 'OVER'}`),
      );
    }
  } finally {
    await relay.close();
    await app.close();
    await database.close().catch(() => undefined);
    if (!process.env.BENCH_KEEP) await drop();
    cleanUp();
  }
}
