import { describe, expect, it } from 'vitest';
import { type Calibration, calibrate, PARAMETER_BOUNDS } from './calibration.ts';
import { type Answer, defaultItemParams, type ItemParams, probabilityCorrect } from './psychometrics.ts';
import { mulberry32, normalSampler } from './random.ts';

const SEED = 20;
const EXAMINEES = 3000;
const ITEM_COUNT = 40;

/** Known items and simulated answers from θ ~ N(0,1); `shown` items per examinee, the rest null. */
function simulate(
  shown: number,
  truth?: ItemParams[],
): { truth: ItemParams[]; responses: (Answer | null)[][] } {
  const uniform = mulberry32(SEED);
  const normal = normalSampler(uniform);
  const items =
    truth ??
    Array.from({ length: ITEM_COUNT }, () => ({
      a: 0.7 + 1.3 * uniform(),
      b: -2 + 4 * uniform(),
      c: 0.2 + 0.05 * uniform(),
    }));
  const responses = Array.from({ length: EXAMINEES }, () => {
    const theta = normal();
    const row: (Answer | null)[] = items.map((item) => (uniform() < probabilityCorrect(item, theta) ? 1 : 0));
    const order = row.map((_, j) => j);
    for (let j = order.length - 1; j > 0; j--) {
      const swap = Math.floor(uniform() * (j + 1));
      [order[j], order[swap]] = [order[swap]!, order[j]!];
    }
    for (const j of order.slice(shown)) row[j] = null;
    return row;
  });
  return { truth: items, responses };
}

const rmse = (truth: ItemParams[], fit: Calibration, key: keyof ItemParams) =>
  Math.sqrt(truth.reduce((sum, item, j) => sum + (fit.items[j]![key] - item[key]) ** 2, 0) / truth.length);

const withinBounds = (item: ItemParams) =>
  (Object.keys(PARAMETER_BOUNDS) as (keyof ItemParams)[]).every(
    (key) => item[key] >= PARAMETER_BOUNDS[key][0] && item[key] <= PARAMETER_BOUNDS[key][1],
  );

describe('calibrate (MML/EM)', () => {
  it('recovers known items from 3,000 examinees answering all 40: RMSE of b ≤ 0.15, of a ≤ 0.2', () => {
    const { truth, responses } = simulate(ITEM_COUNT);
    const fit = calibrate(responses);
    expect(fit.converged).toBe(true);
    expect(rmse(truth, fit, 'b')).toBeLessThanOrEqual(0.15);
    expect(rmse(truth, fit, 'a')).toBeLessThanOrEqual(0.2);
    expect(fit.items.every(withinBounds)).toBe(true);
  });

  // A sanity check with looser bounds: each item has about 2,250 answers, and at that size the
  // sampling error alone reaches the full-matrix bounds for some seeds.
  it('recovers them when each examinee sees only 30 of the 40 (sparse): RMSE of b ≤ 0.2, of a ≤ 0.25', () => {
    const { truth, responses } = simulate(30);
    const fit = calibrate(responses);
    expect(fit.converged).toBe(true);
    expect(rmse(truth, fit, 'b')).toBeLessThanOrEqual(0.2);
    expect(rmse(truth, fit, 'a')).toBeLessThanOrEqual(0.25);
  });

  it('keeps c within [0.05, 0.35]: items without guessing stop at 0.05, ones with much guessing stay under', () => {
    const truth = [
      { a: 1.5, b: 0.5, c: 0 },
      { a: 1.5, b: 1, c: 0 },
      { a: 1.5, b: 0.5, c: 0.6 },
      { a: 1.5, b: 2, c: 0.6 },
      ...Array.from({ length: 6 }, (_, j) => ({ a: 1.2, b: -1.5 + 0.6 * j, c: 0.2 })),
    ];
    const fit = calibrate(simulate(truth.length, truth).responses);
    expect(fit.items.every(withinBounds)).toBe(true);
    expect(fit.items[0]!.c).toBe(PARAMETER_BOUNDS.c[0]);
    expect(fit.items[1]!.c).toBe(PARAMETER_BOUNDS.c[0]);
    expect(fit.items[2]!.c).toBeGreaterThan(0.25);
    expect(fit.items[3]!.c).toBeGreaterThan(0.25);
  });

  it('leaves an item nobody answered at its defaults, and wants one entry per item in every row', () => {
    const { responses } = simulate(4, [
      { a: 1, b: -1, c: 0.2 },
      { a: 1, b: 0, c: 0.2 },
      { a: 1, b: 1, c: 0.2 },
      { a: 1, b: 0.5, c: 0.2 },
    ]);
    const withUnanswered = responses.slice(0, 300).map((row) => [...row, null]);
    expect(calibrate(withUnanswered).items[4]).toEqual(defaultItemParams(null));
    expect(() => calibrate([[1, 0], [1]])).toThrow(RangeError);
  });
});
