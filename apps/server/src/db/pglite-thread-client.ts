import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { startWorker } from '../lib/worker-thread.ts';
import type {
  PgliteRequest,
  PgliteThreadData,
  PgliteThreadMessage,
  PortableError,
  PortableQueryOptions,
} from './pglite-thread.ts';

/** A request before it is numbered (each member of the union without its `id`). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<PgliteRequest>;

/** The part of a PGlite transaction Drizzle's driver (and the app) uses. */
type ThreadTransaction = Pick<Transaction, 'query' | 'exec'>;

/**
 * PGlite in a thread of its own (pglite-thread.ts), with the part of PGlite's own interface that
 * Drizzle's PGlite driver and client.ts use: `query`, `exec`, `transaction`, `close`
 * (docs/decisions/037). Each call is one message to the thread and one message back with the rows
 * PGlite parsed there: this thread never speaks the PostgreSQL protocol. A transaction holds PGlite
 * until it ends, as it does in this thread, so other queries wait for it.
 */
export class PgliteThreadClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  #lastId = 0;
  /** Why no request can be answered any more (the thread ended). */
  #closed: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: PgliteThreadMessage) => {
      if (!('id' in message)) return;
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if ('error' in message) pending?.reject(threadError(message.error));
      else pending?.resolve(message.result as never);
    });
    worker.on('error', (error) => this.#end(error));
    worker.on('exit', () => this.#end());
  }

  /** Starts the thread and resolves once PGlite is open in it. */
  static async start(data: PgliteThreadData): Promise<PgliteThreadClient> {
    const worker = startWorker(new URL('./pglite-thread.ts', import.meta.url), { workerData: data });
    const [first] = (await Promise.race([
      once(worker, 'message'),
      once(worker, 'error').then(([error]) => [{ type: 'failed', message: String(error) }]),
    ])) as [PgliteThreadMessage];
    if (!('type' in first) || first.type !== 'ready') {
      await worker.terminate();
      const why = 'type' in first && first.type === 'failed' ? first.message : JSON.stringify(first);
      throw new Error(`the embedded database did not start: ${why}`);
    }
    return new PgliteThreadClient(worker);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions) {
    return this.#query<T>(text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#request({ op: 'exec', text });
  }

  async transaction<T>(run: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.#request<number>({ op: 'begin' });
    const transaction: ThreadTransaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.#query<R>(text, params, options, tx),
      exec: (text: string) => this.#request({ op: 'exec', text, tx }),
    };
    let result: T;
    try {
      result = await run(transaction);
    } catch (error) {
      // The thread rolls back; if it has ended meanwhile, what failed first is what the caller needs.
      await this.#request({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#request({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.#closed) {
      await this.#request({ op: 'close' }).catch(() => undefined);
      this.#end();
    }
    await this.#worker.terminate();
  }

  /** As the driver expects PGlite itself (Drizzle's PGlite driver, client.ts); only these calls are made. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }

  async #query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }> {
    return this.#request({ op: 'query', text, params, options: portable(options), tx });
  }

  #request<T>(request: Request): Promise<T> {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = ++this.#lastId;
    return new Promise<T>((resolve, reject) => {
      // A value that cannot cross threads (a function) throws here: the call fails, nothing waits.
      this.#worker.postMessage({ ...request, id });
      this.#pending.set(id, { resolve: resolve as (result: never) => void, reject });
    });
  }

  /** The thread is gone: every waiting call fails as a closed database does (answered 503). */
  #end(cause?: Error) {
    this.#closed ??= new Error('PGlite is closed', { cause });
    for (const pending of this.#pending.values()) pending.reject(this.#closed);
    this.#pending.clear();
  }
}

/** Parsers are functions, which cannot cross threads: those Drizzle passes keep types as text. */
function portable(options: QueryOptions | undefined): PortableQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  const unsupported = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
  if (unsupported.length > 0)
    throw new Error(`the embedded database's thread does not take ${unsupported.join(', ')}`);
  return { rowMode, textTypes: parsers && Object.keys(parsers).map(Number) };
}

/** The thread's error as an Error of this thread, with PostgreSQL's fields (code, constraint…). */
function threadError(fields: PortableError): Error {
  return Object.assign(new Error(fields.message), fields);
}
