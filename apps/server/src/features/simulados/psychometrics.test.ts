import { describe, expect, it } from 'vitest';
import {
  type Answer,
  defaultItemParams,
  enemEstimate,
  estimateAbility,
  type ItemParams,
  populationShareCorrect,
  probabilityCorrect,
  QUADRATURE_POINTS,
} from './psychometrics.ts';

const items: ItemParams[] = [
  { a: 0.8, b: -2.2, c: 0.2 },
  { a: 1.4, b: -1.6, c: 0.25 },
  { a: 1.0, b: -1.1, c: 0.15 },
  { a: 2.0, b: -0.6, c: 0.22 },
  { a: 0.6, b: -0.2, c: 0.3 },
  { a: 1.7, b: 0.1, c: 0.18 },
  { a: 1.2, b: 0.5, c: 0.25 },
  { a: 2.2, b: 0.9, c: 0.2 },
  { a: 0.9, b: 1.3, c: 0.12 },
  { a: 1.5, b: 1.8, c: 0.24 },
  { a: 1.1, b: 2.3, c: 0.2 },
  { a: 1.9, b: 2.6, c: 0.1 },
];

/** Posterior mean and SD of θ by composite Simpson over [−8, 8], independent of the module's grid. */
function referenceEap(responses: Answer[]): { theta: number; se: number } {
  const intervals = 16_000;
  const step = 16 / intervals;
  let m0 = 0;
  let m1 = 0;
  let m2 = 0;
  for (let s = 0; s <= intervals; s++) {
    const theta = -8 + s * step;
    const simpson = s === 0 || s === intervals ? 1 : s % 2 === 1 ? 4 : 2;
    let density = Math.exp(-0.5 * theta * theta) / Math.sqrt(2 * Math.PI);
    items.forEach((item, j) => {
      const p = item.c + (1 - item.c) / (1 + Math.exp(-item.a * (theta - item.b)));
      density *= responses[j] === 1 ? p : 1 - p;
    });
    m0 += simpson * density;
    m1 += simpson * density * theta;
    m2 += simpson * density * theta * theta;
  }
  const theta = m1 / m0;
  return { theta, se: Math.sqrt(m2 / m0 - theta * theta) };
}

describe('probabilityCorrect', () => {
  const item = { a: 1.3, b: 0.4, c: 0.2 };

  it('runs from the guessing rate c for very low ability to 1 for very high', () => {
    expect(probabilityCorrect(item, -40)).toBeCloseTo(0.2, 12);
    expect(probabilityCorrect(item, 40)).toBeCloseTo(1, 12);
  });

  it('is halfway between c and 1 at θ = b, and rises with θ', () => {
    expect(probabilityCorrect(item, 0.4)).toBeCloseTo(0.6, 12);
    expect(probabilityCorrect(item, 0.5)).toBeGreaterThan(probabilityCorrect(item, 0.3));
  });
});

describe('estimateAbility (EAP)', () => {
  const patterns: Record<string, Answer[]> = {
    'all right': items.map(() => 1),
    'all wrong': items.map(() => 0),
    mixed: [1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0],
    'hard rights, easy wrongs': [0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 1, 1],
  };

  it.each(Object.entries(patterns))('matches direct integration within 1e-3: %s', (_, responses) => {
    const estimate = estimateAbility(items, responses);
    const reference = referenceEap(responses);
    expect(Math.abs(estimate.theta - reference.theta)).toBeLessThan(1e-3);
    expect(Math.abs(estimate.se - reference.se)).toBeLessThan(1e-3);
  });

  it('uses at least 40 quadrature points', () => {
    expect(QUADRATURE_POINTS).toBeGreaterThanOrEqual(40);
  });

  it('orders patterns sensibly: all wrong < mixed < all right', () => {
    const theta = (pattern: string) => estimateAbility(items, patterns[pattern]!).theta;
    expect(theta('all wrong')).toBeLessThan(theta('mixed'));
    expect(theta('mixed')).toBeLessThan(theta('all right'));
  });

  it('is the prior (θ 0, SD about 1) with no items, and wants one response per item', () => {
    const prior = estimateAbility([], []);
    expect(prior.theta).toBeCloseTo(0, 12);
    expect(prior.se).toBeCloseTo(1, 3);
    expect(() => estimateAbility(items, [1])).toThrow(RangeError);
  });
});

describe('enemEstimate', () => {
  const responses: Answer[] = [1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0];

  it('reports round(500 + 100θ) and 100·SE to one decimal', () => {
    const calibrated = items.map((item) => ({ ...item, calibrated: true }));
    const { theta, se } = referenceEap(responses);
    // θ ≈ −0.310 and SE ≈ 0.584, away from any rounding edge.
    expect(enemEstimate(calibrated, responses)).toEqual({
      score: Math.round(500 + 100 * theta),
      standardError: Math.round(1000 * se) / 10,
      provisional: false,
    });
    expect(enemEstimate(calibrated, responses).score).toBe(469);
  });

  it('is provisional when any item has default parameters', () => {
    const scored = items.map((item, j) =>
      j === 3 ? { ...defaultItemParams(0.6), calibrated: false } : { ...item, calibrated: true },
    );
    expect(enemEstimate(scored, responses).provisional).toBe(true);
  });
});

describe('defaultItemParams', () => {
  it('is a = 1, c = 0.25, b = 0 with no answers yet', () => {
    expect(defaultItemParams(null)).toEqual({ a: 1, b: 0, c: 0.25 });
  });

  it('guesses 1/k of k alternatives: 0.5 for Certo/Errado, 0.2 for A–E', () => {
    expect(defaultItemParams(null, 2).c).toBe(0.5);
    expect(defaultItemParams(null, 5).c).toBe(0.2);
    expect(defaultItemParams(0.7, 2).c).toBe(0.5);
    // A share at chance of two options is b = 3; of five, the same share is well above chance.
    expect(defaultItemParams(0.5, 2).b).toBe(3);
    expect(populationShareCorrect(defaultItemParams(0.5, 5))).toBeCloseTo(0.5, 6);
  });

  it('places b so the N(0,1) population is expected to get the observed share right', () => {
    for (const share of [0.35, 0.5, 0.62, 0.8]) {
      expect(populationShareCorrect(defaultItemParams(share))).toBeCloseTo(share, 6);
    }
  });

  it('gives an easier item (higher share correct) a lower b, within ±3', () => {
    const shares = Array.from({ length: 101 }, (_, s) => s / 100);
    const bs = shares.map((share) => defaultItemParams(share).b);
    for (let s = 1; s < bs.length; s++) expect(bs[s]!).toBeLessThanOrEqual(bs[s - 1]!);
    expect(defaultItemParams(0.4).b).toBeGreaterThan(defaultItemParams(0.6).b);
    expect(defaultItemParams(0).b).toBe(3);
    expect(defaultItemParams(0.25).b).toBe(3);
    expect(defaultItemParams(1).b).toBe(-3);
  });
});
