import { describe, expect, it } from 'vitest';
import { LIVE_PARTS, liveRoomsOf } from './rooms.live.ts';
import { RoomSnapshots } from './rooms.snapshot.ts';

// A room's present people read at most once per batch interval per process, patched by this
// process's own joins and leaves (bench:rooms: a room of 1,000 with 50 entries a second).

interface Row {
  userId: string;
  note?: string;
}

/** A load that counts its calls and gives what `rows` holds at the time it is called. */
function counted(rows: () => Row[]) {
  const calls = { n: 0 };
  return {
    calls,
    load: async () => {
      calls.n += 1;
      return rows();
    },
  };
}

/** A load that gives its rows only when `release` is called (a read in flight). */
function held(rows: Row[]) {
  let release: () => void = () => {};
  const load = () =>
    new Promise<Row[]>((resolve) => {
      release = () => resolve(rows);
    });
  return { load, release: () => release() };
}

const at = (iso: string) => new Date(iso);
const T0 = at('2026-03-10T15:00:00.000Z');

describe('RoomSnapshots', () => {
  it('reads a room once within the interval and again after it (by the app clock or the real one)', async () => {
    const snapshots = new RoomSnapshots<Row>(1_000);
    const { calls, load } = counted(() => [{ userId: 'a' }]);
    await snapshots.rows('room', T0, load);
    await snapshots.rows('room', at('2026-03-10T15:00:00.900Z'), load);
    expect(calls.n).toBe(1);
    // The app's clock moved past the interval (tests move it): read again.
    await snapshots.rows('room', at('2026-03-10T15:00:01.000Z'), load);
    expect(calls.n).toBe(2);
    // The app's clock went back (another test's clock): read again.
    await snapshots.rows('room', at('2026-03-10T14:00:00.000Z'), load);
    expect(calls.n).toBe(3);
    // Real time passed with the app's clock standing still.
    const short = new RoomSnapshots<Row>(20);
    const other = counted(() => []);
    await short.rows('room', T0, other.load);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await short.rows('room', T0, other.load);
    expect(other.calls.n).toBe(2);
  });

  it('asks the database once for many asks at the same time', async () => {
    const snapshots = new RoomSnapshots<Row>(1_000);
    const { calls, load } = counted(() => [{ userId: 'a' }]);
    const all = await Promise.all([1, 2, 3].map(() => snapshots.rows('room', T0, load)));
    expect(calls.n).toBe(1);
    expect(all).toEqual([[{ userId: 'a' }], [{ userId: 'a' }], [{ userId: 'a' }]]);
  });

  it("takes this process's joins and leaves at once: replaced in place, added last, or out", async () => {
    const snapshots = new RoomSnapshots<Row>(1_000);
    const { calls, load } = counted(() => [{ userId: 'a' }, { userId: 'b' }]);
    await snapshots.rows('room', T0, load);
    snapshots.present('room', { userId: 'c' });
    snapshots.present('room', { userId: 'a', note: 'matemática' });
    snapshots.gone('room', 'b');
    expect(await snapshots.rows('room', T0, load)).toEqual([
      { userId: 'a', note: 'matemática' },
      { userId: 'c' },
    ]);
    expect(calls.n).toBe(1);
    // Another room's rows are not touched.
    expect(await snapshots.rows('other', T0, counted(() => []).load)).toEqual([]);
  });

  it('replays on a read the joins and leaves made while it was in flight', async () => {
    const snapshots = new RoomSnapshots<Row>(1_000);
    // A room never read before is created on first ask; changes before that are in the database.
    snapshots.present('room', { userId: 'x' });
    const { load, release } = held([{ userId: 'a' }, { userId: 'b' }]);
    const reading = snapshots.rows('room', T0, load);
    // The read started before these reached the database: they must not be lost when it ends.
    snapshots.present('room', { userId: 'c' });
    snapshots.gone('room', 'a');
    release();
    expect(await reading).toEqual([{ userId: 'b' }, { userId: 'c' }]);
    // And what was kept is the patched rows, not the read's.
    expect(await snapshots.rows('room', T0, counted(() => []).load)).toEqual([
      { userId: 'b' },
      { userId: 'c' },
    ]);
  });

  it("forgets rows holding someone who turned 'estudar invisível' on, even a read in flight", async () => {
    const snapshots = new RoomSnapshots<Row>(1_000);
    const first = counted(() => [{ userId: 'a' }, { userId: 'shy' }]);
    await snapshots.rows('room', T0, first.load);
    await snapshots.rows('elsewhere', T0, counted(() => [{ userId: 'a' }]).load);
    snapshots.forgetUser('shy');
    await snapshots.rows('room', T0, first.load);
    expect(first.calls.n).toBe(2);
    // A room without them keeps its rows.
    const elsewhere = counted(() => []);
    expect(await snapshots.rows('elsewhere', T0, elsewhere.load)).toEqual([{ userId: 'a' }]);
    expect(elsewhere.calls.n).toBe(0);

    // In flight: the read answers its caller but is not kept.
    const later = new RoomSnapshots<Row>(1_000);
    const { load, release } = held([{ userId: 'shy' }]);
    const reading = later.rows('room', T0, load);
    later.forgetUser('shy');
    release();
    await reading;
    const again = counted(() => []);
    await later.rows('room', T0, again.load);
    expect(again.calls.n).toBe(1);
  });

  it('forgets a room (a new cheer) and reads it again; a failed read is not kept', async () => {
    const snapshots = new RoomSnapshots<Row>(1_000);
    const { calls, load } = counted(() => [{ userId: 'a' }]);
    await snapshots.rows('room', T0, load);
    snapshots.forget('room');
    await snapshots.rows('room', T0, load);
    expect(calls.n).toBe(2);

    await expect(
      snapshots.rows('broken', T0, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await snapshots.rows('broken', T0, load)).toEqual([{ userId: 'a' }]);
  });
});

describe('liveRoomsOf', () => {
  it('puts a socket in the study room and in one of its parts, the same one each time', () => {
    const parts = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const [room, part] = liveRoomsOf('r1', `socket-${i}`);
      expect(room).toBe('studyroom:r1');
      expect(liveRoomsOf('r1', `socket-${i}`)[1]).toBe(part);
      parts.add(part);
    }
    // 200 sockets spread over every part.
    expect(parts.size).toBe(LIVE_PARTS);
  });
});
