import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../db/client.ts';
import { domainEventOutbox } from '../db/schema/index.ts';
import type { DomainEventName, DomainEvents } from './domain-events.ts';

/** Work a subscriber leaves for after its transaction commits (a live delivery): never throws. */
export type AfterCommit = () => void;

/** Runs inside the emitter's transaction: its writes commit (or roll back) with the change. */
type InTransaction<K extends DomainEventName> = (tx: Tx, payload: DomainEvents[K]) => Promise<void>;

/**
 * Runs after the change committed, in a transaction of its own that also takes its outbox row: it
 * happens once, or fails and is tried again later (every write of it rolled back meanwhile).
 */
type Durable<K extends DomainEventName> = (
  tx: Tx,
  payload: DomainEvents[K],
  event: { id: string; createdAt: Date },
) => Promise<AfterCommit | undefined>;

/** The event's relation as a statement subscriber reads it: its name, and its payload's columns. */
export interface StatementEvent<K extends DomainEventName> {
  /** The relation (one row when the event happened, none otherwise), for a `from`. */
  from: SQL;
  columns: { [P in keyof DomainEvents[K]]: SQL };
}

/**
 * A subscriber written into the emitter's own statement (decision 067): `write` is a data-modifying
 * statement over the event's relation, returning `id`; `after` takes the ids it returned once the
 * statement has committed (a live delivery), and never throws.
 */
export interface InStatement<K extends DomainEventName> {
  write: (event: StatementEvent<K>) => SQL;
  after: (ids: string[]) => void;
}

/** What an emitter writes into its one statement for an event (`DomainEventBus.inStatement`). */
export interface StatementEmit {
  /** CTEs for the statement's `with` list, after those its `from` reads. */
  ctes: SQL[];
  /** A column of the statement's final select, to hand to `DomainEventBus.statementDone`. */
  done: SQL;
}

interface TransactionState {
  outboxIds: string[];
  afterCommit: AfterCommit[];
}

/** A failed try waits this long, doubled at each try, up to an hour. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60 * 60 * 1000;
/** Rows a pass of `sweep` takes at most. */
const SWEEP_BATCH = 100;

/**
 * Domain events between features (issue 35): the feature that changed its data emits an event in
 * its transaction; the features that follow from it subscribe. No feature calls another to tell it
 * something happened. Durable subscribers go through the outbox (`domain_event_outbox`), written
 * in the emitter's transaction: a crash after the commit leaves the rows for `sweep` (a periodic
 * job on every process), and a rolled-back change leaves none.
 */
export class DomainEventBus {
  private readonly inTransaction = new Map<DomainEventName, InTransaction<DomainEventName>[]>();
  private readonly durable = new Map<DomainEventName, Map<string, Durable<DomainEventName>>>();
  private readonly inStatements = new Map<DomainEventName, InStatement<DomainEventName>[]>();
  /** Events whose statement was built: a statement subscriber added now would be missing from it. */
  private readonly built = new Set<DomainEventName>();
  private readonly open = new WeakMap<object, TransactionState>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date,
  ) {}

  /** A subscriber inside the emitter's transaction (what must be true the moment the change is). */
  on<K extends DomainEventName>(name: K, handler: InTransaction<K>): void {
    const list = this.inTransaction.get(name) ?? [];
    list.push(handler as InTransaction<DomainEventName>);
    this.inTransaction.set(name, list);
  }

  /**
   * A subscriber written into the emitter's statement (decision 067): the change and what follows
   * from it in one round trip, for the app's most frequent writes. Register before the first emit
   * (the emitter builds its statement once); an event has subscribers of this kind only.
   */
  onStatement<K extends DomainEventName>(name: K, subscriber: InStatement<K>): void {
    if (this.built.has(name)) throw new Error(`${name}: its statement is built; subscribe before`);
    const list = this.inStatements.get(name) ?? [];
    list.push(subscriber as unknown as InStatement<DomainEventName>);
    this.inStatements.set(name, list);
  }

  /**
   * The event `name` inside the emitter's one statement, which commits on its own (no
   * `transaction`): its relation is `payload` (SQL of each of the payload's values) over `from`, a row
   * per time it happened (none when it did not); each statement subscriber's write follows as a CTE,
   * and `done` gathers the ids they return. Build it once, with the statement.
   */
  inStatement<K extends DomainEventName>(
    name: K,
    payload: { [P in keyof DomainEvents[K]]: SQL },
    from: SQL,
  ): StatementEmit {
    if (this.inTransaction.has(name) || this.durable.has(name))
      throw new Error(`${name} has subscribers outside the statement: emit it in a transaction`);
    this.built.add(name);
    const relation = `event_${name.replace(/\W/g, '_')}`;
    const keys = Object.keys(payload) as (keyof DomainEvents[K] & string)[];
    const columns = Object.fromEntries(
      keys.map((key) => [key, sql`${sql.identifier(relation)}.${sql.identifier(key)}`]),
    ) as StatementEvent<K>['columns'];
    const event: StatementEvent<K> = { from: sql`${sql.identifier(relation)}`, columns };
    const ctes = [
      sql`${sql.identifier(relation)} as (select ${sql.join(
        keys.map((key) => sql`${payload[key]} as ${sql.identifier(key)}`),
        sql`, `,
      )} from ${from})`,
    ];
    const written: SQL[] = [];
    for (const [index, subscriber] of (this.inStatements.get(name) ?? []).entries()) {
      const cte = sql.identifier(`${relation}_${index}`);
      ctes.push(sql`${cte} as (${(subscriber as unknown as InStatement<K>).write(event)})`);
      written.push(sql`(select coalesce(json_agg(id), '[]'::json) from ${cte})`);
    }
    const done = written.length > 0 ? sql`json_build_array(${sql.join(written, sql`, `)})` : sql`'[]'::json`;
    return { ctes, done };
  }

  /** After the statement of `inStatement` committed: each subscriber's `after`, with its ids. */
  statementDone<K extends DomainEventName>(name: K, done: unknown): void {
    const ids = Array.isArray(done) ? done : [];
    for (const [index, subscriber] of (this.inStatements.get(name) ?? []).entries()) {
      const written = ids[index];
      if (Array.isArray(written) && written.length > 0)
        this.runAfterCommit(() => subscriber.after(written.map(String)));
    }
  }

  /** A durable subscriber, by a name unique for the event (it names its outbox rows). */
  subscribe<K extends DomainEventName>(name: K, subscriber: string, handler: Durable<K>): void {
    const byName = this.durable.get(name) ?? new Map<string, Durable<DomainEventName>>();
    if (byName.has(subscriber)) throw new Error(`${subscriber} already subscribes to ${name}`);
    byName.set(subscriber, handler as unknown as Durable<DomainEventName>);
    this.durable.set(name, byName);
  }

  /**
   * A transaction that may emit events: after it commits, its after-commit work runs and its
   * durable subscribers run at once (awaited, so the reply already reflects them; one that fails is
   * left to `sweep`).
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const state: TransactionState = { outboxIds: [], afterCommit: [] };
    const result = await this.database.db.transaction(async (tx) => {
      this.open.set(tx, state);
      return work(tx);
    });
    for (const after of state.afterCommit) this.runAfterCommit(after);
    for (const id of state.outboxIds) await this.run(id);
    return result;
  }

  /** Tells the subscribers, inside `tx` (from `transaction`): in-transaction ones run now. */
  async emit<K extends DomainEventName>(tx: Tx, name: K, payload: DomainEvents[K]): Promise<void> {
    const state = this.stateOf(tx, name);
    if (this.inStatements.has(name)) throw new Error(`${name}: its subscribers are in its statement`);
    for (const handler of this.inTransaction.get(name) ?? []) await handler(tx, payload);
    const subscribers = [...(this.durable.get(name)?.keys() ?? [])];
    if (subscribers.length === 0) return;
    const eventId = randomUUID();
    const rows = await tx
      .insert(domainEventOutbox)
      .values(
        subscribers.map((subscriber) => ({ eventId, name, subscriber, payload, createdAt: this.clock() })),
      )
      .returning({ id: domainEventOutbox.id });
    state.outboxIds.push(...rows.map((row) => row.id));
  }

  /** Work for after `tx` commits (nothing if it rolls back): a live delivery, a cache note. */
  afterCommit(tx: Tx, work: AfterCommit): void {
    this.stateOf(tx, 'afterCommit').afterCommit.push(work);
  }

  /**
   * Runs the durable subscribers whose rows are due (left by a crash, or waiting for a retry):
   * the periodic job, and tests. Answers how many ran to the end.
   */
  async sweep(): Promise<number> {
    const due = await this.database.db
      .select({ id: domainEventOutbox.id })
      .from(domainEventOutbox)
      .where(lte(domainEventOutbox.runAfter, this.clock()))
      .orderBy(asc(domainEventOutbox.createdAt))
      .limit(SWEEP_BATCH);
    let ran = 0;
    for (const { id } of due) if (await this.run(id)) ran++;
    return ran;
  }

  private stateOf(tx: Tx, what: string): TransactionState {
    const state = this.open.get(tx);
    if (!state) throw new Error(`${what}: not inside events.transaction()`);
    return state;
  }

  private runAfterCommit(work: AfterCommit): void {
    try {
      work();
    } catch (error) {
      this.log.error({ err: error }, 'after-commit work failed');
    }
  }

  /** One outbox row: taken and handled in one transaction. False when it failed or was gone. */
  private async run(id: string): Promise<boolean> {
    let after: AfterCommit | undefined;
    try {
      const ran = await this.database.db.transaction(async (tx) => {
        // The delete locks the row: a second process running it waits, then finds it gone.
        const [row] = await tx.delete(domainEventOutbox).where(eq(domainEventOutbox.id, id)).returning();
        if (!row) return false;
        const handler = this.durable.get(row.name as DomainEventName)?.get(row.subscriber);
        if (!handler) throw new Error(`no subscriber ${row.subscriber} for ${row.name}`);
        after = await handler(tx, row.payload as DomainEvents[DomainEventName], {
          id: row.eventId,
          createdAt: row.createdAt,
        });
        return true;
      });
      if (ran && after) this.runAfterCommit(after);
      return ran;
    } catch (error) {
      await this.postpone(id, error);
      return false;
    }
  }

  private async postpone(id: string, error: unknown): Promise<void> {
    this.log.warn({ err: error, outboxId: id }, 'event subscriber failed: tried again later');
    // The database's own reason, not Drizzle's 'Failed query' (which carries the row's values).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const message = cause instanceof Error ? cause.message : String(cause);
    try {
      const [row] = await this.database.db
        .select({ attempts: domainEventOutbox.attempts })
        .from(domainEventOutbox)
        .where(eq(domainEventOutbox.id, id));
      if (!row) return;
      const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** row.attempts);
      await this.database.db
        .update(domainEventOutbox)
        .set({
          attempts: sql`${domainEventOutbox.attempts} + 1`,
          lastError: message.slice(0, 500),
          runAfter: new Date(this.clock().getTime() + wait),
        })
        .where(and(eq(domainEventOutbox.id, id), eq(domainEventOutbox.attempts, row.attempts)));
    } catch (postponeError) {
      // The database itself is away: the row stays due, and the next sweep tries it again.
      this.log.error({ err: postponeError, outboxId: id }, 'event subscriber not postponed');
    }
  }
}
