import { ROOM_PRESENCE_BATCH_MS } from '@estudai/contract';
import { LRUCache } from 'lru-cache';

/** A person present in a room as the room's read gives them (before what a viewer may see of them). */
interface PresentRow {
  userId: string;
}

/** What changed of one person: their new row, gone (null), or 'forget' the room's rows. */
interface Change<Row extends PresentRow> {
  userId: string;
  row: Row | null | 'forget';
}

interface Entry<Row extends PresentRow> {
  /** The changes made while `reading` is in flight, replayed on its rows when it ends. */
  changes: Change<Row>[];
  rows?: Row[];
  /** The app's clock (tests move it) and the process's monotonic clock when `rows` was read. */
  readAt?: number;
  readPerf?: number;
  reading?: Promise<Row[]>;
}

/**
 * Who is present in each room, read at most once per batch interval per process (bench:rooms: a room
 * of 1,000 people with 50 entries a second read its 1,000 rows for every entry, and both cores went to
 * that). This process's own joins and leaves patch the rows at once, including the changes made while
 * a read was in flight, so the person who joins or leaves sees it in the reply; what other processes
 * changed, and the minutes studied, are at most `ttlMs` old, as the presence updates themselves are.
 * Turning 'estudar invisível' on forgets every room's rows holding the person.
 */
export class RoomSnapshots<Row extends PresentRow> {
  private readonly entries = new LRUCache<string, Entry<Row>>({ max: 2_000 });

  constructor(private readonly ttlMs = ROOM_PRESENCE_BATCH_MS) {}

  private entry(roomId: string): Entry<Row> {
    let entry = this.entries.get(roomId);
    if (!entry) {
      entry = { changes: [] };
      this.entries.set(roomId, entry);
    }
    return entry;
  }

  private isFresh(entry: Entry<Row>, now: Date): boolean {
    if (!entry.rows || entry.readAt === undefined || entry.readPerf === undefined) return false;
    const age = now.getTime() - entry.readAt;
    return age >= 0 && age < this.ttlMs && performance.now() - entry.readPerf < this.ttlMs;
  }

  /** The room's present rows: the last read if fresh, the read in flight, or a new read by `load`. */
  async rows(roomId: string, now: Date, load: () => Promise<Row[]>): Promise<Row[]> {
    const entry = this.entry(roomId);
    if (this.isFresh(entry, now)) return entry.rows as Row[];
    if (entry.reading) return entry.reading;
    const reading = load().then(
      (read) => {
        const since = entry.changes;
        entry.reading = undefined;
        entry.changes = [];
        if (since.some((change) => change.row === 'forget')) {
          entry.rows = undefined;
          return read;
        }
        entry.rows = since.reduce((rows, change) => apply(rows, change), read);
        entry.readAt = now.getTime();
        entry.readPerf = performance.now();
        return entry.rows;
      },
      (error: unknown) => {
        entry.reading = undefined;
        entry.changes = [];
        throw error;
      },
    );
    entry.reading = reading;
    return reading;
  }

  private change(roomId: string, userId: string, row: Change<Row>['row']): void {
    const entry = this.entries.get(roomId);
    if (!entry) return;
    const change = { userId, row };
    if (entry.reading) entry.changes.push(change);
    if (row === 'forget') entry.rows = undefined;
    else if (entry.rows) entry.rows = apply(entry.rows, change);
  }

  /** `row` is in the room now (joined, back, or its subject changed). */
  present(roomId: string, row: Row): void {
    this.change(roomId, row.userId, row);
  }

  /** `userId` is no longer in the room. */
  gone(roomId: string, userId: string): void {
    this.change(roomId, userId, null);
  }

  /** The room's rows changed in a way no patch says (a cheer): the next ask reads them again. */
  forget(roomId: string): void {
    this.change(roomId, '', 'forget');
  }

  /** What the rooms show of `userId` changed (invisible): no room keeps rows read before. */
  forgetUser(userId: string): void {
    for (const [roomId, entry] of this.entries.entries()) {
      if (entry.reading || entry.rows?.some((row) => row.userId === userId))
        this.change(roomId, userId, 'forget');
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

/** `rows` with one person's change: replaced where they were, added last (the latest to join), or out. */
function apply<Row extends PresentRow>(rows: Row[], change: Change<Row>): Row[] {
  const { row } = change;
  if (row === 'forget') return rows;
  const at = rows.findIndex((present) => present.userId === change.userId);
  if (row === null) return at < 0 ? rows : rows.filter((present) => present.userId !== change.userId);
  if (at < 0) return [...rows, row];
  const next = rows.slice();
  next[at] = row;
  return next;
}
