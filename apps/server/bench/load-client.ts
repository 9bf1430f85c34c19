// The benches' load generator, in its own process. Run on the server's thread, autocannon took
// turns with the server for one core and parsed every reply there, so the server was measured
// with half a core. `LoadClient` starts this file as a child process and asks it for one run at
// a time; the child answers with req/s and a p99 in fractions of a millisecond (autocannon's own
// histogram keeps whole milliseconds, too coarse to compare two ~5 ms figures).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const CHILD_FLAG = '--load-client';

export interface LoadRun {
  url: string;
  connections: number;
  seconds: number;
  /** Each request carries one of these session cookies, picked at random ('' = no cookie). */
  cookies: string[];
  /** Sent with every request besides the cookie (a browser's Accept-Encoding, say). */
  headers?: Record<string, string>;
  /**
   * A mixed run: every `every`-th request is a POST to one of `paths` picked at random (a like on a
   * random post, say) with the same cookie, instead of the GET.
   */
  writes?: { every: number; paths: string[] };
}

export interface LoadResult {
  rps: number;
  /** Milliseconds, from every 2xx response's own latency. */
  p99: number;
  errors: number;
  /** In a mixed run, the reads (GET) apart: their share of the 2xx responses and their p99. */
  reads: { share: number; p99: number };
}

/** The value below which `share` of the sorted `values` lie. */
function percentile(values: Float64Array, share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.slice().sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

const pick = <T>(values: readonly T[]): T | undefined => values[Math.floor(Math.random() * values.length)];

/**
 * The requests each connection goes round, every `writes.every`-th a write. Each request is sent as
 * one of the cookies picked at random: autocannon starts every connection at the same place in the
 * sequence, so a fixed order would have all connections ask for the same viewer's page at once, a
 * crowd that 100 people do not make.
 */
function sequence(run: LoadRun): autocannon.Request[] {
  const { writes } = run;
  const length = writes ? writes.every : 1;
  const withCookie = (request: autocannon.Request) => {
    const cookie = pick(run.cookies);
    return cookie ? { ...request, headers: { ...request.headers, cookie } } : request;
  };
  return Array.from({ length }, (_, i) => {
    const headers = { ...run.headers };
    if (!writes || i % writes.every !== writes.every - 1)
      return { method: 'GET' as const, headers, setupRequest: withCookie };
    return {
      method: 'POST' as const,
      headers,
      setupRequest: (request: autocannon.Request) => ({ ...withCookie(request), path: pick(writes.paths) }),
      // autocannon calls this just before it reports the same response (httpClient.js), so the
      // 'response' handler below knows a write's latency from a read's.
      onResponse: () => {
        lastWasWrite = true;
      },
    };
  });
}

let lastWasWrite = false;

/** `values`, twice as long when it has no room for one more. */
function withRoom(values: Float64Array<ArrayBuffer>, used: number): Float64Array<ArrayBuffer> {
  if (used < values.length) return values;
  const grown = new Float64Array(values.length * 2);
  grown.set(values);
  return grown;
}

/** One autocannon run, in the child process. */
async function fire(run: LoadRun): Promise<LoadResult> {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let readLatencies = new Float64Array(1 << 16);
  let reads = 0;
  const options = {
    url: run.url,
    connections: run.connections,
    duration: run.seconds,
    requests: sequence(run),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      const write = lastWasWrite;
      lastWasWrite = false;
      if (statusCode < 200 || statusCode > 299) return;
      latencies = withRoom(latencies, count);
      latencies[count++] = responseTime;
      if (write) return;
      readLatencies = withRoom(readLatencies, reads);
      readLatencies[reads++] = responseTime;
    });
  });
  return {
    rps: result.requests.average,
    p99: percentile(latencies.subarray(0, count), 0.99),
    errors: result.errors + result.non2xx,
    reads: { share: count ? reads / count : 0, p99: percentile(readLatencies.subarray(0, reads), 0.99) },
  };
}

/** The cursor of page `pages + 1` of a feed url, reached by following nextCursor from page 1. */
export async function walkCursors(url: string, cookie: string, pages: number): Promise<string> {
  let cursor = '';
  for (let i = 0; i < pages; i++) {
    const res = await fetch(`${url}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      headers: { cookie },
    });
    const body = (await res.json()) as { nextCursor?: string | null };
    if (!res.ok || !body.nextCursor) throw new Error(`cursor walk stopped at page ${i + 1} (${res.status})`);
    cursor = body.nextCursor;
  }
  return cursor;
}

/** V8 flags `npm start` gives the server, which a bench's own process may carry too. */
const SERVER_FLAGS = ['--max-semi-space-size', '--v8-pool-size'];

/** The bench's handle on the child process: one run at a time. */
export class LoadClient {
  // A child process, not a worker thread: autocannon run off the main thread leaves its results raw.
  // fork() passes on tsx's loader (process.execArgv), so the child runs this very file. The clients
  // stand for other machines: the server's own tuning (`npm start`'s glibc variable and V8 flags,
  // which a bench may run with) is not theirs.
  private readonly child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], {
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MALLOC_'))),
    execArgv: process.execArgv.filter((flag) => !SERVER_FLAGS.some((server) => flag.startsWith(server))),
  });

  run(run: LoadRun): Promise<LoadResult> {
    const result = new Promise<LoadResult>((resolve, reject) => {
      this.child.once('message', (message) => resolve(message as LoadResult));
      this.child.once('exit', (code) => reject(new Error(`load client exited (${code})`)));
    });
    this.child.send(run);
    return result.finally(() => this.child.removeAllListeners());
  }

  close(): void {
    this.child.kill();
  }
}

if (process.argv.includes(CHILD_FLAG))
  process.on('message', async (run: LoadRun) => process.send?.(await fire(run)));
