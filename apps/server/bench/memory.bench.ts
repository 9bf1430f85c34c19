// `npm run bench:memory`: what `npm start` costs a small machine. Starts `npm start` exactly as a
// newcomer does (embedded database, demo data) on a scratch DATA_DIR and a free port, then prints the
// resident memory (RSS) of every process it leaves running after 60 s idle and again after 30 s of
// signed-in feed load, each process on its own line and the sum beside the target (≤ 250 MiB in all,
// issue 41). Never part of `npm test`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../src/lib/demo-account.ts';
import { LoadClient } from './load-client.ts';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const TARGET_MIB = 250;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const started = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Proc {
  pid: number;
  ppid: number;
  rssKiB: number;
  command: string;
}

/** Every process on the machine, from /proc (Linux). */
function processes(): Proc[] {
  const all: Proc[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const field = (name: string) => status.match(new RegExp(`^${name}:\\s+(\\S+)`, 'm'))?.[1];
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      all.push({
        pid: Number(entry),
        ppid: Number(field('PPid')),
        rssKiB: Number(field('VmRSS') ?? 0),
        command,
      });
    } catch {
      // The process ended while being read.
    }
  }
  return all;
}

/** `root` and every process below it. */
function tree(root: number): Proc[] {
  const all = processes();
  const found: Proc[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    const proc = all.find((candidate) => candidate.pid === pid);
    if (proc) found.push(proc);
    queue.push(...all.filter((candidate) => candidate.ppid === pid).map((child) => child.pid));
  }
  return found;
}

const mib = (kib: number) => (kib / 1024).toFixed(1);

function report(label: string, root: number): number {
  const procs = tree(root);
  const total = procs.reduce((sum, proc) => sum + proc.rssKiB, 0);
  console.log(`\n${label}: ${procs.length} process(es)`);
  for (const proc of procs)
    console.log(
      `  pid ${String(proc.pid).padEnd(8)} ${mib(proc.rssKiB).padStart(7)} MiB  ${proc.command.slice(0, 110)}`,
    );
  const verdict = total / 1024 <= TARGET_MIB ? 'met' : 'NOT met';
  console.log(`  in all            ${mib(total).padStart(7)} MiB  (target ≤ ${TARGET_MIB} MiB: ${verdict})`);
  return total;
}

async function waitReady(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode})`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error('npm start did not answer /api/ready within 10 minutes');
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ana@estudai.dev', password: DEMO_PASSWORD }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`demo sign-in failed (${res.status}): ${await res.text()}`);
  return cookie;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-memory-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  log(`npm start on :${port}, DATA_DIR ${dataDir} (embedded database, demo data)`);
  // Its own process group, so everything it starts is stopped together at the end.
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The load is one client address: the per-IP ceiling would refuse it (the memory is what counts).
      RATE_LIMIT_PER_MINUTE: '10000000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  const root = child.pid as number;
  const load = new LoadClient();
  try {
    await waitReady(url, child);
    log(`ready; idle for ${IDLE_SECONDS} s`);
    await sleep(IDLE_SECONDS * 1000);
    const idle = report(`After ${IDLE_SECONDS} s idle`, root);
    const cookie = await signIn(url);
    log(`feed load for ${LOAD_SECONDS} s (10 connections, GET /api/posts?limit=10 as ana)`);
    const result = await load.run({
      url: `${url}/api/posts?limit=10`,
      connections: 10,
      seconds: LOAD_SECONDS,
      cookies: [cookie],
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    log(`feed: ${Math.round(result.rps)} req/s, p99 ${result.p99.toFixed(2)} ms, ${result.errors} errors`);
    const loaded = report(`After ${LOAD_SECONDS} s of feed load`, root);
    console.log(
      `\nbench:memory ${new Date().toISOString()} load ${os.loadavg()[0]?.toFixed(1)}: idle ${mib(idle)} MiB, after load ${mib(loaded)} MiB (target ≤ ${TARGET_MIB} MiB)`,
    );
  } finally {
    load.close();
    try {
      process.kill(-root, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(undefined);
      else child.once('exit', resolve);
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
