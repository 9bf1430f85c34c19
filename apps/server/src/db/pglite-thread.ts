// The embedded database's own thread (docs/decisions/032 and 037): PGlite runs each query the server's
// thread sends it and posts back the rows it parsed, so the server's thread neither computes queries
// nor reads the PostgreSQL protocol. Started by openPgliteThread() in client.ts, whose
// PgliteThreadClient (pglite-thread-client.ts) is the other end; never imported by the server's thread.
import fs from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { type ParserOptions, PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions.ts';
import { PgliteStatements } from './pglite-statements.ts';

export interface PgliteThreadData {
  dataDir?: string;
  /** False: every statement unnamed, as PGlite's own `query` runs it (benches compare the two). */
  preparedStatements?: boolean;
}

/** What the server's thread asks: `tx` names an open transaction the statement belongs to. */
export type PgliteRequest =
  | { id: number; op: 'query'; text: string; params?: unknown[]; options?: PortableQueryOptions; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** `QueryOptions` as they cross threads: parsers are functions, so only the types kept as text. */
export interface PortableQueryOptions {
  rowMode?: 'array' | 'object';
  /** Types answered as PostgreSQL's text instead of parsed (Drizzle keeps dates and intervals so). */
  textTypes?: number[];
}

/** An error as it crosses threads: its message and its plain fields (code, detail, constraint…). */
export type PortableError = Record<string, string | number | boolean | null> & { message: string };

export type PgliteThreadMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { id: number; result: unknown }
  | { id: number; error: PortableError };

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread');
const { dataDir, preparedStatements = true } = workerData as PgliteThreadData;
const post = (message: PgliteThreadMessage) => port.postMessage(message);

/**
 * On Linux a thread has its own niceness: this one yields the cores to the thread answering requests,
 * so a long query slows other queries, not `/api/health` (docs/decisions/032). Elsewhere it stays as is.
 */
const NICENESS = 5;
function yieldToTheServer() {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (threadId > 0) os.setPriority(threadId, NICENESS);
  } catch {
    // No /proc (macOS, Windows): the thread keeps the process's priority.
  }
}

function portableError(error: unknown): PortableError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: PortableError = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as string | number | boolean | null;
  return fields;
}

const keepAsText = (value: string) => value;
const parsersByTypes = new Map<string, ParserOptions>();
function queryOptions(options: PortableQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  const key = options.textTypes?.join(',') ?? '';
  let parsers = parsersByTypes.get(key);
  if (!parsers) {
    parsers = Object.fromEntries((options.textTypes ?? []).map((type) => [type, keepAsText]));
    parsersByTypes.set(key, parsers);
  }
  return { rowMode: options.rowMode, parsers };
}

/**
 * What the served database keeps in memory (decisions 043 and 059). PostgreSQL's default 128 MB of
 * shared buffers lived in the WebAssembly memory, which never shrinks, and an index build could take
 * 64 MB more: 8 MB of pages hold the demo's hot rows, and what misses them is read from the files
 * (the OS keeps them cached); 16 MB cost `npm run bench:memory` 8–9 MiB more after its feed load.
 */
const SETTINGS = ['shared_buffers=8MB', 'maintenance_work_mem=16MB'];

/**
 * One full garbage collection once the database is open. Opening leaves garbage this thread's heap
 * would keep while the database is idle (no allocation, so no collection): above all the 9 MB of
 * pglite.wasm's bytes, read to compile the module. V8 hands out `gc` only to a context made while
 * `--expose-gc` is set, so the flag is set for that moment only (`npm run bench:memory`).
 */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  gc();
}

/** Open transactions by number: each holds PGlite (its other queries wait) until the server ends it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean, by: number) => void }>();
let lastTransaction = 0;

/** Answers `id` with the transaction's number once BEGIN ran; the 'end' request is answered after COMMIT or ROLLBACK. */
function begin(db: PGlite, id: number) {
  const number = ++lastTransaction;
  let endedBy: number | undefined;
  db.transaction(async (tx) => {
    const commit = await new Promise<boolean>((end) => {
      transactions.set(number, {
        tx,
        end: (commit, by) => {
          endedBy = by;
          end(commit);
        },
      });
      post({ id, result: number });
    });
    transactions.delete(number);
    if (!commit) await tx.rollback();
  }).then(
    () => post({ id: endedBy ?? id, result: null }),
    (error) => {
      transactions.delete(number);
      post({ id: endedBy ?? id, error: portableError(error) });
    },
  );
}

async function answer(db: PGlite, request: Exclude<PgliteRequest, { op: 'begin' | 'end' | 'close' }>) {
  const client = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
  if (!client) throw new Error('Transaction is closed');
  if (request.op === 'exec') return client.exec(request.text);
  const result = await client.query(request.text, request.params, queryOptions(request.options));
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

try {
  yieldToTheServer();
  const db = await PGlite.create({
    dataDir,
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, ...SETTINGS.flatMap((setting) => ['-c', setting])],
  });
  // Statements seen again run prepared by name: parsed once in this thread (issue 41).
  if (preparedStatements) PgliteStatements.install(db);
  port.on('message', (request: PgliteRequest) => {
    switch (request.op) {
      case 'begin':
        return begin(db, request.id);
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) return post({ id: request.id, error: { message: 'Transaction is closed' } });
        return open.end(request.commit, request.id);
      }
      case 'close':
        return void db.close().then(
          () => {
            post({ id: request.id, result: null });
            port.close();
          },
          (error) => post({ id: request.id, error: portableError(error) }),
        );
      default:
        return void answer(db, request).then(
          (result) => post({ id: request.id, result }),
          (error) => post({ id: request.id, error: portableError(error) }),
        );
    }
  });
  collectGarbage();
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
