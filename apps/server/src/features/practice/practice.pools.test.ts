import { describe, expect, it } from 'vitest';
import { type PoolRead, PracticePools } from './practice.pools.ts';
import { inTurn } from './practice.queries.ts';

// A viewer's practice candidates read once and served from memory while they stand for a new read
// (bench:study: every `next` walked past the ~700 questions a heavy student had answered or been served).

interface Row {
  key: string;
}

const rowsOf = (...keys: string[]): Row[] => keys.map((key) => ({ key }));
const T0 = new Date('2026-03-10T15:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const anyLeft = (rows: Row[]) => rows.length > 0;

/** A load that counts its calls (and the θ of each) and gives what `read` returns at the time. */
function counted(read: (theta: number) => PoolRead<Row>) {
  const thetas: number[] = [];
  return {
    thetas,
    load: async (theta: number) => {
      thetas.push(theta);
      return read(theta);
    },
  };
}

describe('PracticePools', () => {
  it('reads once and serves what is left after each take, as a new read would give it', async () => {
    const pools = new PracticePools<Row>();
    const { thetas, load } = counted(() => ({
      rows: rowsOf('a', 'b', 'c'),
      limited: false,
      filledIn: false,
    }));
    const first = await pools.candidates('ana|matematica|', T0, 0, load, anyLeft);
    expect(first).toEqual({ rows: rowsOf('a', 'b', 'c'), fresh: true });
    pools.take('ana|matematica|', 'b');
    const second = await pools.candidates('ana|matematica|', later(1_000), 0.1, load, anyLeft);
    expect(second).toEqual({ rows: rowsOf('a', 'c'), fresh: false });
    expect(thetas).toEqual([0]);
    // Each subject and topic has a pool of its own.
    await pools.candidates('ana|fisica|', T0, 0, load, anyLeft);
    expect(thetas).toEqual([0, 0]);
  });

  it('reads anew before use when the pool is old, θ moved far, or what is left is unusable', async () => {
    const pools = new PracticePools<Row>({ ttlMs: 60_000, driftSync: 0.5 });
    const { thetas, load } = counted(() => ({ rows: rowsOf('a', 'b'), limited: false, filledIn: false }));
    await pools.candidates('k', T0, 0, load, anyLeft);
    // Older than the ttl by the app's clock (tests move it), or the clock went back.
    expect((await pools.candidates('k', later(60_000), 0, load, anyLeft)).fresh).toBe(true);
    expect((await pools.candidates('k', T0, 0, load, anyLeft)).fresh).toBe(true);
    // θ moved more than driftSync.
    expect((await pools.candidates('k', T0, 0.6, load, anyLeft)).fresh).toBe(true);
    // Everything taken: empty is not usable, so a new read says whether anything came in.
    pools.take('k', 'a');
    pools.take('k', 'b');
    expect(await pools.candidates('k', T0, 0.6, load, anyLeft)).toEqual({
      rows: rowsOf('a', 'b'),
      fresh: true,
    });
    // Forgotten.
    pools.forget('k');
    expect((await pools.candidates('k', T0, 0.6, load, anyLeft)).fresh).toBe(true);
    expect(thetas).toEqual([0, 0, 0, 0.6, 0.6, 0.6]);
  });

  it('reads again in the background once three quarters of a limited read are taken, leaving out what is taken meanwhile', async () => {
    const pools = new PracticePools<Row>();
    let next: PoolRead<Row> = {
      rows: rowsOf('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
      limited: true,
      filledIn: false,
    };
    let release: () => void = () => {};
    const thetas: number[] = [];
    const load = (theta: number) => {
      thetas.push(theta);
      const read = next;
      if (thetas.length === 1) return Promise.resolve(read);
      return new Promise<PoolRead<Row>>((resolve) => {
        release = () => resolve(read);
      });
    };
    await pools.candidates('k', T0, 0, load, anyLeft);
    for (const key of ['a', 'b', 'c', 'd', 'e']) pools.take('k', key);
    expect((await pools.candidates('k', T0, 0, load, anyLeft)).fresh).toBe(false);
    expect(thetas).toHaveLength(1);
    pools.take('k', 'f');
    // Three quarters taken: served from what is left while a read runs in the background, one at a time.
    next = { rows: rowsOf('g', 'h', 'i', 'j'), limited: true, filledIn: false };
    expect(await pools.candidates('k', T0, 0, load, anyLeft)).toEqual({
      rows: rowsOf('g', 'h'),
      fresh: false,
    });
    expect(await pools.candidates('k', T0, 0, load, anyLeft)).toEqual({
      rows: rowsOf('g', 'h'),
      fresh: false,
    });
    expect(thetas).toHaveLength(2);
    // Served while the read was in flight: left out of what it read.
    pools.take('k', 'g');
    release();
    await pools.settled();
    expect(await pools.candidates('k', T0, 0, load, anyLeft)).toEqual({
      rows: rowsOf('h', 'i', 'j'),
      fresh: false,
    });
  });

  it('reads again in the background when θ moved a little, and not when the read was not limited', async () => {
    const pools = new PracticePools<Row>({ driftRefresh: 0.2, driftSync: 0.5 });
    const { thetas, load } = counted((theta) => ({
      rows: rowsOf(`at ${theta}`, 'x', 'y'),
      limited: false,
      filledIn: false,
    }));
    await pools.candidates('k', T0, 0, load, anyLeft);
    pools.take('k', 'x');
    pools.take('k', 'y');
    // Two of three taken, but the read held every candidate there was: nothing to read in the background.
    expect(await pools.candidates('k', T0, 0.1, load, anyLeft)).toEqual({
      rows: rowsOf('at 0'),
      fresh: false,
    });
    expect(thetas).toEqual([0]);
    expect(await pools.candidates('k', T0, 0.3, load, anyLeft)).toEqual({
      rows: rowsOf('at 0'),
      fresh: false,
    });
    await pools.settled();
    expect(thetas).toEqual([0, 0.3]);
    expect(await pools.candidates('k', T0, 0.3, load, anyLeft)).toEqual({
      rows: rowsOf('at 0.3', 'x', 'y'),
      fresh: false,
    });
  });

  it('waits for the read in flight when what is left cannot serve, and keeps serving when a read fails', async () => {
    const pools = new PracticePools<Row>();
    let fail = false;
    const { thetas, load } = counted(() => {
      if (fail) throw new Error('banco fora do ar');
      return { rows: rowsOf('a', 'b', 'c', 'd'), limited: true, filledIn: false };
    });
    await pools.candidates('k', T0, 0, load, anyLeft);
    for (const key of ['a', 'b', 'c']) pools.take('k', key);
    fail = true;
    // Three quarters taken: the background read fails; what is left still serves.
    expect(await pools.candidates('k', T0, 0, load, anyLeft)).toEqual({ rows: rowsOf('d'), fresh: false });
    await pools.settled();
    expect(await pools.candidates('k', T0, 0, load, anyLeft)).toEqual({ rows: rowsOf('d'), fresh: false });
    expect(thetas).toHaveLength(3);
    // Nothing left and the database failing: the ask fails, nothing is kept.
    pools.take('k', 'd');
    await pools.settled();
    await expect(pools.candidates('k', T0, 0, load, anyLeft)).rejects.toThrow('banco fora do ar');
    fail = false;
    expect(await pools.candidates('k', T0, 0, load, anyLeft)).toEqual({
      rows: rowsOf('a', 'b', 'c', 'd'),
      fresh: true,
    });
  });

  it('tells each read whether the last read of its key needed the fill-in, and whether an ask waits for it', async () => {
    const pools = new PracticePools<Row>();
    const asked: [boolean, boolean][] = [];
    let filledIn = true;
    const load = async (_theta: number, lastFilledIn: boolean, background: boolean) => {
      asked.push([lastFilledIn, background]);
      return { rows: rowsOf('a', 'b', 'c', 'd'), limited: true, filledIn };
    };
    await pools.candidates('k', T0, 0, load, anyLeft);
    for (const key of ['a', 'b', 'c', 'd']) pools.take('k', key);
    filledIn = false;
    await pools.candidates('k', T0, 0, load, anyLeft);
    for (const key of ['a', 'b', 'c']) pools.take('k', key);
    await pools.candidates('k', T0, 0, load, anyLeft);
    await pools.settled();
    expect(asked).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
  });

  it('runs reads in the background one after another, and the others side by side', async () => {
    const log: string[] = [];
    const read = (name: string) => async () => {
      log.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`${name} ends`);
      return name;
    };
    expect(await inTurn(true, [read('up'), read('down')])).toEqual(['up', 'down']);
    expect(log).toEqual(['up starts', 'up ends', 'down starts', 'down ends']);
    log.length = 0;
    expect(await inTurn(false, [read('up'), read('down')])).toEqual(['up', 'down']);
    expect(log).toEqual(['up starts', 'down starts', 'up ends', 'down ends']);
  });

  it('keeps pools up to a number of candidates, the least recently used out first', async () => {
    const pools = new PracticePools<Row>({ maxCandidates: 4 });
    const { thetas, load } = counted(() => ({ rows: rowsOf('a', 'b'), limited: false, filledIn: false }));
    await pools.candidates('one', T0, 0, load, anyLeft);
    await pools.candidates('two', T0, 0, load, anyLeft);
    await pools.candidates('one', T0, 0, load, anyLeft);
    await pools.candidates('three', T0, 0, load, anyLeft);
    expect(thetas).toHaveLength(3);
    expect((await pools.candidates('one', T0, 0, load, anyLeft)).fresh).toBe(false);
    expect((await pools.candidates('two', T0, 0, load, anyLeft)).fresh).toBe(true);
  });
});
