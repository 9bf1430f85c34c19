import type { CompetenciaScores } from '@estudai/contract';
import { describe, expect, it } from 'vitest';
import { discrepant, meanDeviation, quadraticWeightedKappa, reliabilityOf, verdictOf } from './agreement.ts';

/**
 * An independent reference for the quadratic weighted kappa, from its pairwise form rather than
 * the matrices: κ = 1 − mean over pairs of (a − b)² / mean over all (aᵢ, bⱼ) of (aᵢ − bⱼ)².
 */
function referenceKappa(pairs: [number, number][]): number {
  const n = pairs.length;
  const observed = pairs.reduce((sum, [a, b]) => sum + (a - b) ** 2, 0) / n;
  let expected = 0;
  for (const [a] of pairs) for (const [, b] of pairs) expected += (a - b) ** 2;
  expected /= n * n;
  return 1 - observed / expected;
}

const s = (c1: number, c2: number, c3: number, c4: number, c5: number): CompetenciaScores => ({
  c1,
  c2,
  c3,
  c4,
  c5,
});

describe('quadratic weighted kappa', () => {
  it('is 1 for perfect agreement', () => {
    const pairs: [number, number][] = [
      [0, 0],
      [40, 40],
      [120, 120],
      [200, 200],
      [160, 160],
    ];
    expect(quadraticWeightedKappa(pairs)).toBeCloseTo(1, 9);
    expect(Math.abs(quadraticWeightedKappa(pairs)! - referenceKappa(pairs))).toBeLessThan(1e-9);
  });

  it('is below 0 for systematic disagreement', () => {
    const pairs: [number, number][] = [
      [0, 200],
      [40, 160],
      [80, 120],
      [120, 80],
      [160, 40],
      [200, 0],
    ];
    const kappa = quadraticWeightedKappa(pairs)!;
    expect(kappa).toBeLessThan(0);
    expect(Math.abs(kappa - referenceKappa(pairs))).toBeLessThan(1e-9);
  });

  it.each<[string, [number, number][]]>([
    [
      'a grader 40 points generous',
      [
        [40, 0],
        [80, 40],
        [120, 80],
        [160, 120],
        [200, 160],
        [200, 200],
      ],
    ],
    [
      'mixed agreement',
      [
        [120, 120],
        [160, 120],
        [80, 120],
        [200, 160],
        [40, 80],
        [0, 0],
        [120, 200],
        [160, 160],
      ],
    ],
    [
      'two categories only',
      [
        [0, 40],
        [40, 40],
        [40, 0],
        [0, 0],
      ],
    ],
  ])('matches the independent reference within 1e-9: %s', (_name, pairs) => {
    expect(Math.abs(quadraticWeightedKappa(pairs)! - referenceKappa(pairs))).toBeLessThan(1e-9);
  });

  it('is null without pairs, and 1 when both always gave the same single score', () => {
    expect(quadraticWeightedKappa([])).toBeNull();
    expect(
      quadraticWeightedKappa([
        [120, 120],
        [120, 120],
      ]),
    ).toBe(1);
  });
});

describe('mean deviation and reliability', () => {
  it("reads 'você costuma dar 40 pontos a mais'", () => {
    expect(
      meanDeviation([
        [160, 120],
        [80, 40],
        [200, 160],
      ]),
    ).toBe(40);
    expect(meanDeviation([])).toBeNull();
  });

  it('gives a kappa and a deviation per competência', () => {
    const reference = s(120, 160, 80, 120, 40);
    const r = reliabilityOf([
      { scores: reference, reference },
      { scores: s(160, 160, 120, 120, 80), reference: s(160, 160, 80, 120, 80) },
      { scores: s(40, 80, 80, 40, 0), reference: s(40, 80, 40, 40, 0) },
    ]);
    expect(r.qwk?.c1).toBe(1);
    expect(r.meanDeviation).toEqual({ c1: 0, c2: 0, c3: 80 / 3, c4: 0, c5: 0 });
    expect(r.qwk!.c3).toBeLessThan(1);
    expect(reliabilityOf([])).toEqual({ qwk: null, meanDeviation: null, overall: null });
  });
});

describe('discrepancy (scores move in steps of 40)', () => {
  it('calls no third at a difference of 80 in a competência, and one at 120', () => {
    expect(discrepant(s(120, 120, 120, 120, 120), s(200, 120, 120, 120, 120))).toBe(false);
    expect(discrepant(s(80, 120, 120, 120, 120), s(200, 120, 120, 120, 120))).toBe(true);
  });

  it('calls no third at a total difference of 80 (or 40 under 100), and one at 120', () => {
    // Totals 600 and 680: 80 apart, each competência within 80.
    expect(discrepant(s(120, 120, 120, 120, 120), s(160, 160, 120, 120, 120))).toBe(false);
    // Totals 600 and 720: 120 apart although no competência differs by more than 40.
    expect(discrepant(s(120, 120, 120, 120, 120), s(160, 160, 160, 120, 120))).toBe(true);
  });
});

describe("the final score (INEP's protocol)", () => {
  it('is the mean of the two totals and of each competência without a discrepancy', () => {
    const verdict = verdictOf([s(120, 120, 120, 120, 120), s(200, 120, 160, 120, 80)]);
    expect(verdict).toEqual({
      kind: 'final',
      score: { c1: 160, c2: 120, c3: 140, c4: 120, c5: 100, total: 640 },
    });
  });

  it('asks for a third when the two disagree', () => {
    expect(verdictOf([s(40, 40, 40, 40, 40), s(200, 200, 200, 200, 200)])).toEqual({ kind: 'third' });
  });

  it('with a third, takes the two closest totals and that pair per competência', () => {
    const first = s(40, 40, 40, 40, 40); // 200
    const second = s(160, 160, 160, 160, 160); // 800
    const third = s(160, 120, 160, 160, 160); // 760: closest to the second
    expect(verdictOf([first, second, third])).toEqual({
      kind: 'final',
      score: { c1: 160, c2: 140, c3: 160, c4: 160, c5: 160, total: 780 },
    });
  });

  it('on a tie between pairs, takes the higher pair', () => {
    const first = s(80, 80, 80, 80, 80); // 400
    const second = s(160, 160, 160, 160, 160); // 800
    const third = s(120, 120, 120, 120, 120); // 600: 200 from each
    // A third exactly between two far-apart totals is 200 from each: discrepant with both, banca.
    expect(verdictOf([first, second, third])).toEqual({ kind: 'banca' });
    // 520 and 680 call a third of 600: 80 from each, a tie, so the higher pair (680, 600) counts.
    const tied = s(120, 120, 120, 120, 120);
    const low = s(80, 80, 120, 120, 120); // 520: 80 from the tied third
    const high = s(160, 160, 120, 120, 120); // 680: 80 from the tied third
    expect(verdictOf([low, high, tied])).toEqual({
      kind: 'final',
      score: { c1: 140, c2: 140, c3: 120, c4: 120, c5: 120, total: 640 },
    });
  });

  it("sends the essay to the 'banca' when the third differs from both by more than the limits, and the banca is final", () => {
    const first = s(40, 40, 40, 40, 40);
    const second = s(200, 200, 200, 200, 200);
    const third = s(120, 120, 120, 120, 120);
    expect(verdictOf([first, second, third])).toEqual({ kind: 'banca' });
    const banca = s(160, 120, 120, 80, 40);
    expect(verdictOf([first, second, third, banca])).toEqual({
      kind: 'final',
      score: { ...banca, total: 520 },
    });
  });

  it('takes a single correction as final (a group with one teacher)', () => {
    expect(verdictOf([s(200, 160, 120, 80, 40)])).toEqual({
      kind: 'final',
      score: { c1: 200, c2: 160, c3: 120, c4: 80, c5: 40, total: 600 },
    });
  });
});
