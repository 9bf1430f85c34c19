// What the benches of one client process and one server share: the elapsed-time log, the load
// average, the percentiles of a list of times, and the child process a load runs in (so the clients
// do not take the server's thread).
import { fork } from 'node:child_process';
import os from 'node:os';

const started = Date.now();

/** A line with the seconds since the bench started. */
export const log = (message: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/** The machine's 1, 5 and 15-minute load averages, as the figures are reported with. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
  count: number;
}

/** The p50, p95 and p99 of `times` (milliseconds), and how many there were. */
export function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: sorted.length };
}

/** Runs `file` again as a child with `flag`, hands it `plan`, and answers the report it sends back. */
export function inChild<Report>(file: string, flag: string, plan: unknown): Promise<Report> {
  const child = fork(file, [flag]);
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Report));
    child.once('exit', (code) => reject(new Error(`load client exited (${code})`)));
    child.send(plan as object);
  });
}

/**
 * A bench file's entry point: forked by `inChild` with `flag`, it is the load client — it runs
 * `load` on the plan it is sent, answers the report and exits; otherwise it runs the bench (`main`).
 */
export async function loadChildOrMain<Plan>(
  flag: string,
  load: (plan: Plan) => Promise<unknown>,
  main: () => Promise<void>,
): Promise<void> {
  if (!process.argv.includes(flag)) return main();
  process.once('message', async (plan) => {
    process.send?.((await load(plan as Plan)) as object);
    process.exit(0);
  });
}
