import {
  messages as backend,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from '@electric-sql/pglite';
import { COMPILED_MARK, PREPARED_MARK } from './statement-marks.ts';

// PGlite's `query` sends each statement unnamed: six calls into PostgreSQL (parse, describe, bind,
// describe, execute, sync) and the statement parsed and analysed anew every time; the feed's ranking
// statement alone is 5.6 KB of SQL (issue 41). Here a statement seen again is prepared once by name
// (parsed and analysed once, its plan kept by PostgreSQL's plan cache as for node-postgres' named
// statements, db/prepared.ts) and each later call is one call into PostgreSQL: bind, execute, sync,
// with the parameter types and the row description learnt when it was prepared.
//
// A prepared statement's answer is read straight from PostgreSQL's bytes (`readAnswer`): PGlite's own
// reading copied every value into a buffer of its own, decoded it with a TextDecoder, and merged its
// table of parsers into a new object for every query; in the embedded bench's profile that was a
// quarter of this thread's time, beside half for PostgreSQL itself. An answer holding anything but
// rows and completions (an error, a notice) is read by PGlite's parser, as before.
//
// The app's hot statements (marked by db/prepared.ts) run on a generic plan: PostgreSQL's own choice
// kept planning the feed's ranking for each call's values, 3–6 ms of planning for 0.6 ms of running
// here, where the generic plan ran as fast. The others keep PostgreSQL's choice (`auto`). The mode is
// set and reset around the statement in the same message; on an error the implicit transaction (or
// the open one, when it rolls back) undoes the setting with everything else.

type ProtocolMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;
type Message = ProtocolMessages[number];

interface Prepared {
  name: string;
  /** The parameters' types, as PostgreSQL inferred them (how each value is written). */
  types: number[];
  /** What the statement answers (none for a statement without rows). */
  rowDescription?: Message;
  /** Its columns, as PGlite's results name them. */
  fields: { name: string; dataTypeID: number }[];
  /** Run on a generic plan (a hot statement of the app's). */
  generic: boolean;
}

const GENERIC_ON = 'estudai_generic_plan_on';
const GENERIC_OFF = 'estudai_generic_plan_off';
const isHot = (text: string) => text.startsWith(PREPARED_MARK) || text.startsWith(COMPILED_MARK);

const { serialize } = protocol;
const join = (parts: Uint8Array[]): Uint8Array => {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
};
/** PostgreSQL's codes after which a prepared statement must be prepared again. */
const STALE = new Set(['26000', '0A000']);

/**
 * A statement cache keyed by text, for one PGlite instance. Statements are prepared the second time
 * their text is seen (a text seen once, a list of ids of one length, say, costs nothing), at most
 * `max` at a time: the one used least recently is closed when another comes. Texts seen once are
 * remembered, `max × 4` at most.
 */
export class PgliteStatements {
  readonly #prepared = new Map<string, Prepared>();
  readonly #seen = new Map<string, true>();
  /** Statements to close with the next message (evicted from the cache). */
  #closing: string[] = [];
  #lastName = 0;
  /** Whether the statements that switch the plan mode are prepared. */
  #modesReady = false;

  constructor(
    private readonly db: PGlite,
    private readonly max = 64,
  ) {}

  /** How many statements are prepared now (tests). */
  get size(): number {
    return this.#prepared.size;
  }

  /** PGlite's `query`, through the cache: outside a transaction, or inside `tx`. */
  query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: Transaction,
  ): Promise<Results<T>> {
    // What PGlite's own query runs in: a query waits for an open transaction; a transaction's holds PGlite already.
    const exclusive = <R>(run: () => Promise<R>) =>
      tx
        ? this.db._runExclusiveQuery(run)
        : this.db._runExclusiveTransaction(() => this.db._runExclusiveQuery(run));
    if (options?.blob || !this.#preparing(text)) {
      return tx ? tx.query<T>(text, params, options) : this.original<T>(text, params, options);
    }
    return exclusive(() => this.#run<T>(text, params ?? [], options, tx === undefined));
  }

  /** Whether `text` runs as a prepared statement: it was seen before. */
  #preparing(text: string): boolean {
    const prepared = this.#prepared.get(text);
    if (prepared) {
      // The most recently used last: the first is the one to close when the cache is full.
      this.#prepared.delete(text);
      this.#prepared.set(text, prepared);
      return true;
    }
    if (this.#seen.delete(text)) return true;
    this.#seen.set(text, true);
    if (this.#seen.size > this.max * 4) {
      const [oldest] = this.#seen.keys();
      if (oldest !== undefined) this.#seen.delete(oldest);
    }
    return false;
  }

  /** PGlite's own `query`, before `install` replaced it. */
  original: PGlite['query'] = (text, params, options) => this.db.query(text, params, options);

  async #run<T>(text: string, params: unknown[], options: QueryOptions | undefined, outside: boolean) {
    await this.db._checkReady();
    let retried = false;
    for (;;) {
      const statement = this.#prepared.get(text) ?? (await this.#prepare(text, options));
      try {
        const run = [
          serialize.bind({ statement: statement.name, values: this.#values(statement, params, options) }),
          serialize.execute({}),
        ];
        const mode = (name: string) => [serialize.bind({ statement: name }), serialize.execute({})];
        // The answer's bytes as PostgreSQL writes them (views of PGlite's memory, so copied), unparsed:
        // `execProtocolRaw` would also run PGlite's parser over them.
        const chunks: Uint8Array[] = [];
        await this.db.execProtocolRawStream(
          join(
            statement.generic
              ? [...mode(GENERIC_ON), ...run, ...mode(GENERIC_OFF), serialize.sync()]
              : [...run, serialize.sync()],
          ),
          { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
        );
        const raw = chunks.length === 1 ? (chunks[0] as Uint8Array) : join(chunks);
        // A plain PGlite query syncs its file system after each statement outside a transaction.
        const answer = this.#answer<T>(statement, raw, options);
        if (outside) await this.db.syncToFs();
        return answer;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code && STALE.has(code)) {
          this.#forget(text);
          this.#modesReady = false;
        }
        // Outside a transaction nothing was left aborted: prepared anew, it runs once more.
        if (code && STALE.has(code) && outside && !retried) {
          retried = true;
          continue;
        }
        throw Object.assign(error as Error, { query: text, params, queryOptions: options });
      }
    }
  }

  /**
   * The statement's own answer from PostgreSQL's bytes; through PGlite's parser (counted in
   * `readByPglite`) when they hold more than rows and completions, as an error or a notice does.
   */
  #answer<T>(statement: Prepared, raw: Uint8Array, options: QueryOptions | undefined): Results<T> {
    const columns = statement.fields.map(
      ({ dataTypeID }) =>
        options?.parsers?.[dataTypeID] ?? this.db.parsers[dataTypeID] ?? types.parsers[dataTypeID],
    );
    const completions = readAnswer(raw, columns, statement.fields);
    // Generic: the statement's answer comes between the two SETs' (each a bindComplete and a commandComplete).
    const own = completions?.[statement.generic ? 1 : 0];
    if (own) {
      const rows =
        options?.rowMode === 'array'
          ? own.rows
          : own.rows.map((row) => {
              const object: Record<string, unknown> = {};
              for (let i = 0; i < row.length; i++) object[statement.fields[i]?.name ?? ''] = row[i];
              return object;
            });
      return resultOf<T>(own.tag, rows as T[], statement.fields);
    }
    this.readByPglite++;
    const messages: Message[] = [];
    new protocol.Parser().parse(raw, (message) => {
      messages.push(message);
    });
    // As PGlite's execProtocolStream: the first error is thrown, notices go to `onNotice` (the app
    // listens to no channel, so a notification has no one to go to).
    const error = messages.find((message) => message instanceof backend.DatabaseError);
    if (error) throw error;
    for (const message of messages)
      if (message instanceof backend.NoticeMessage) options?.onNotice?.(message);
    return this.#results<T>(statement, messages, options);
  }

  /** Answers read by PGlite's parser instead of `readAnswer` (tests). */
  readByPglite = 0;

  /** The statement's own answer: its rows after the row description learnt when it was prepared. */
  #results<T>(statement: Prepared, messages: ProtocolMessages, options: QueryOptions | undefined) {
    let own = messages;
    if (statement.generic) {
      // Each of the two SETs answers its own bindComplete and commandComplete around the statement's.
      const completes = messages.flatMap((message, i) => (message.name === 'commandComplete' ? [i] : []));
      own = messages.slice(
        (completes[0] ?? -1) + 1,
        completes[1] === undefined ? undefined : completes[1] + 1,
      );
    }
    const answered = statement.rowDescription ? [statement.rowDescription, ...own] : own;
    return parse.parseResults(answered, this.db.parsers, options)[0] as Results<T>;
  }

  async #prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `estudai_s${++this.#lastName}`;
    const closing = this.#closing.map((old) => serialize.close({ type: 'S', name: old }));
    this.#closing = [];
    const generic = isHot(text);
    if (generic && !this.#modesReady) {
      await this.#protocol(
        join([
          serialize.close({ type: 'S', name: GENERIC_ON }),
          serialize.close({ type: 'S', name: GENERIC_OFF }),
          serialize.parse({ name: GENERIC_ON, text: 'set plan_cache_mode = force_generic_plan' }),
          serialize.parse({ name: GENERIC_OFF, text: 'set plan_cache_mode = auto' }),
          serialize.sync(),
        ]),
        options,
      );
      this.#modesReady = true;
    }
    let messages: ProtocolMessages;
    try {
      messages = await this.#protocol(
        join([
          // Closing a statement that is not there is no error: these never stop the parse.
          ...closing,
          serialize.parse({ name, text, types: options?.paramTypes }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        options,
      );
    } catch (error) {
      throw Object.assign(error as Error, { query: text, queryOptions: options });
    }
    const types =
      (messages.find((message) => message.name === 'parameterDescription') as { dataTypeIDs?: number[] })
        ?.dataTypeIDs ?? [];
    const rowDescription = messages.find((message) => message.name === 'rowDescription');
    const fields = (rowDescription as backend.RowDescriptionMessage | undefined)?.fields ?? [];
    const prepared: Prepared = {
      name,
      types,
      rowDescription,
      fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      generic,
    };
    this.#prepared.set(text, prepared);
    if (this.#prepared.size > this.max) {
      const [oldest] = this.#prepared.keys();
      if (oldest !== undefined) this.#forget(oldest);
    }
    return prepared;
  }

  #forget(text: string) {
    const prepared = this.#prepared.get(text);
    if (!prepared) return;
    this.#prepared.delete(text);
    this.#closing.push(prepared.name);
  }

  /** The values as PGlite's own query writes them, by the types PostgreSQL inferred. */
  #values(statement: Prepared, params: unknown[], options: QueryOptions | undefined): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.types[i] ?? 0;
      const write = options?.serializers?.[type] ?? this.db.serializers[type];
      return write ? write(param) : String(param);
    });
  }

  #protocol(message: Uint8Array, options: QueryOptions | undefined): Promise<ProtocolMessages> {
    return this.db.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
  }

  /**
   * Makes `db.query`, and the `query` of the transactions `db.transaction` opens, go through the
   * cache. Returns the cache.
   */
  static install(db: PGlite, max?: number): PgliteStatements {
    const statements = new PgliteStatements(db, max);
    const query = db.query.bind(db);
    const transaction = db.transaction.bind(db);
    statements.original = query;
    Object.assign(db, {
      query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
        statements.query<T>(text, params, options),
      transaction: <T>(run: (tx: Transaction) => Promise<T>) =>
        transaction((tx) => {
          const cached: Transaction = Object.create(tx);
          cached.query = <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return statements.query<R>(text, params, options, tx);
          };
          return run(cached);
        }),
    });
    return statements;
  }
}

type Parser = ((value: string, type: number) => unknown) | undefined;
/** One completed command of an answer: its rows (values parsed) and its tag ('SELECT 3', 'INSERT 0 1'). */
interface Completion {
  rows: unknown[][];
  tag: string;
}

const BIND_COMPLETE = 0x32;
const COMMAND_COMPLETE = 0x43;
const DATA_ROW = 0x44;
const READY_FOR_QUERY = 0x5a;

/**
 * The rows and completions of PostgreSQL's answer to bind, execute and sync, each value parsed by
 * its column's parser as PGlite's `parseResults` would; undefined when the answer holds any other
 * message (an error, a notice), which PGlite's own parser then reads.
 */
function readAnswer(
  raw: Uint8Array,
  columns: Parser[],
  fields: { dataTypeID: number }[],
): Completion[] | undefined {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const completions: Completion[] = [];
  let rows: unknown[][] = [];
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at];
    const end = at + 1 + bytes.readInt32BE(at + 1);
    let field = at + 5;
    if (code === DATA_ROW) {
      const count = bytes.readInt16BE(field);
      field += 2;
      const row: unknown[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const size = bytes.readInt32BE(field);
        field += 4;
        if (size < 0) {
          row[i] = null;
          continue;
        }
        const value = bytes.toString('utf8', field, field + size);
        field += size;
        const parser = columns[i];
        row[i] = parser ? parser(value, fields[i]?.dataTypeID ?? 0) : value;
      }
      rows.push(row);
    } else if (code === COMMAND_COMPLETE) {
      completions.push({ rows, tag: bytes.toString('utf8', field, end - 1) });
      rows = [];
    } else if (code !== BIND_COMPLETE && code !== READY_FOR_QUERY) return undefined;
    at = end;
  }
  return completions;
}

/** PGlite's result for a completed command (its `parseResults`): the count a write affected, the rows. */
function resultOf<T>(tag: string, rows: T[], fields: Prepared['fields']): Results<T> {
  const words = tag.split(' ');
  const command = words[0] ?? '';
  const count = Number.parseInt(words[words.length - 1] ?? '', 10);
  const writes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
  return {
    rows,
    fields: fields.map((field) => ({ ...field })),
    command,
    affectedRows: writes ? count : 0,
    ...(Number.isNaN(count) ? {} : { rowCount: count }),
  } as Results<T>;
}
