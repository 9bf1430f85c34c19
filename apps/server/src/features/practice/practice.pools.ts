import { LRUCache } from 'lru-cache';

/** A candidate a pool holds: `key` names its question. */
export interface PoolCandidate {
  key: string;
}

/** What a read of the bank gave: the candidates nearest θ, and whether it stopped at its limit. */
export interface PoolRead<T extends PoolCandidate> {
  rows: T[];
  /** The read stopped at its limit: more candidates lie beyond its farthest row. */
  limited: boolean;
  /** The read needed the uncalibrated questions to fill in: the next read likely will too. */
  filledIn: boolean;
}

/**
 * Reads the candidates at θ; `filledIn` is what the key's last read needed (false before any), and
 * `background` whether an ask waits for it (false) or the pool serves meanwhile (true).
 */
export type PoolLoad<T extends PoolCandidate> = (
  theta: number,
  filledIn: boolean,
  background: boolean,
) => Promise<PoolRead<T>>;

interface Pool<T extends PoolCandidate> {
  /** The rows read, less those taken since. */
  rows: T[];
  /** How many rows the read gave. */
  read: number;
  limited: boolean;
  filledIn: boolean;
  theta: number;
  /** The app's clock (tests move it) and the process's monotonic clock at the read. */
  readAt: number;
  readPerf: number;
  /** A read in the background, and the keys taken while it runs (left out of its rows). */
  refreshing?: Promise<void>;
  takenDuringRefresh?: Set<string>;
}

export interface PoolOptions {
  /** A pool older than this is read anew before use: new questions and changed visibility come in. */
  ttlMs: number;
  /** θ moved more than this since the read: read anew before use. */
  driftSync: number;
  /** θ moved more than this: read anew in the background, serving the pool meanwhile. */
  driftRefresh: number;
  /** The pools kept, counted in candidates (least recently used out first). */
  maxCandidates: number;
}

const DEFAULTS: PoolOptions = {
  ttlMs: 10 * 60_000,
  driftSync: 0.5,
  driftRefresh: 0.2,
  maxCandidates: 50_000,
};

/**
 * A viewer's practice candidates per subject and topic, read from the bank once and served from
 * memory while they stand for a new read (bench:study: the walks read past every question the viewer
 * answered or was served near their ability, some 700 rows for a student who practises a lot, on
 * every request). Taking a candidate leaves it out of the pool, so the pool less what was taken is
 * what a new read would give, nearest first, as long as nothing else changed: the caller checks the
 * picked question against the database as it serves it (answered elsewhere, served by another
 * process, hidden, anulada) and takes it out if it no longer qualifies. A pool is read anew, before
 * use, when it is older than `ttlMs`, when θ has moved more than `driftSync`, or when the caller finds
 * what is left unusable (empty, say); in the background, serving what is left meanwhile, when three
 * quarters of a limited read have been taken or θ has moved more than `driftRefresh`.
 */
export class PracticePools<T extends PoolCandidate> {
  private readonly options: PoolOptions;
  private readonly pools: LRUCache<string, Pool<T>>;

  constructor(options: Partial<PoolOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.pools = new LRUCache<string, Pool<T>>({
      maxSize: this.options.maxCandidates,
      sizeCalculation: (pool) => Math.max(1, pool.read),
    });
  }

  private stands(pool: Pool<T>, now: Date, theta: number, usable: (rows: T[]) => boolean): boolean {
    const age = now.getTime() - pool.readAt;
    return (
      age >= 0 &&
      age < this.options.ttlMs &&
      performance.now() - pool.readPerf < this.options.ttlMs &&
      Math.abs(theta - pool.theta) <= this.options.driftSync &&
      usable(pool.rows)
    );
  }

  /** A pool of what `read` gave at θ, less the keys in `taken`. */
  private poolOf(read: PoolRead<T>, theta: number, now: Date, taken?: Set<string>): Pool<T> {
    return {
      rows: taken ? read.rows.filter((row) => !taken.has(row.key)) : read.rows,
      read: read.rows.length,
      limited: read.limited,
      filledIn: read.filledIn,
      theta,
      readAt: now.getTime(),
      readPerf: performance.now(),
    };
  }

  private async read(key: string, now: Date, theta: number, load: PoolLoad<T>, last?: Pool<T>) {
    const pool = this.poolOf(await load(theta, last?.filledIn ?? false, false), theta, now);
    this.pools.set(key, pool);
    return pool;
  }

  private refresh(key: string, pool: Pool<T>, now: Date, theta: number, load: PoolLoad<T>) {
    const taken = new Set<string>();
    pool.takenDuringRefresh = taken;
    pool.refreshing = load(theta, pool.filledIn, true).then(
      (read) => {
        if (this.pools.get(key) === pool) this.pools.set(key, this.poolOf(read, theta, now, taken));
      },
      () => {
        // The pool keeps serving; the next ask that finds it low tries again.
        pool.refreshing = undefined;
        pool.takenDuringRefresh = undefined;
      },
    );
  }

  /**
   * The candidates for `key` at θ, and whether they were read for this ask (`fresh`): the pool when it
   * stands, else a new read by `load`. `usable` says whether what is left still stands for a new read.
   */
  async candidates(
    key: string,
    now: Date,
    theta: number,
    load: PoolLoad<T>,
    usable: (rows: T[]) => boolean,
  ): Promise<{ rows: T[]; fresh: boolean }> {
    let pool = this.pools.get(key);
    if (pool?.refreshing && !this.stands(pool, now, theta, usable)) {
      await pool.refreshing;
      pool = this.pools.get(key);
    }
    if (!pool || !this.stands(pool, now, theta, usable)) {
      pool = await this.read(key, now, theta, load, pool);
      return { rows: pool.rows, fresh: true };
    }
    const low = pool.limited && pool.rows.length * 4 <= pool.read;
    if (!pool.refreshing && (low || Math.abs(theta - pool.theta) > this.options.driftRefresh)) {
      this.refresh(key, pool, now, theta, load);
    }
    return { rows: pool.rows, fresh: false };
  }

  /** The candidate `candidateKey` was served (or no longer qualifies): out of the pool for `key`. */
  take(key: string, candidateKey: string): void {
    const pool = this.pools.get(key);
    if (!pool) return;
    pool.rows = pool.rows.filter((row) => row.key !== candidateKey);
    pool.takenDuringRefresh?.add(candidateKey);
  }

  /** The pool for `key` is read anew at the next ask. */
  forget(key: string): void {
    this.pools.delete(key);
  }

  /** Reads in flight in the background, awaited (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.refreshing));
  }

  clear(): void {
    this.pools.clear();
  }
}
