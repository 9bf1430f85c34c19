import { describe, expect, it } from 'vitest';
import { type ItemParams, mulberry32, normalSampler, probabilityCorrect } from '../simulados/index.ts';
import {
  AbilityPosterior,
  estimateAbility,
  itemInformation,
  mostInformative,
  pickAdaptive,
} from './selection.ts';

/** I(θ) = P'(θ)² / (P(1 − P)), with P' by a central difference: the definition, not the closed form. */
function numericalInformation(item: ItemParams, theta: number): number {
  const h = 1e-5;
  const slope = (probabilityCorrect(item, theta + h) - probabilityCorrect(item, theta - h)) / (2 * h);
  const p = probabilityCorrect(item, theta);
  return (slope * slope) / (p * (1 - p));
}

describe('3PL item information', () => {
  it('equals the numerical derivative of the response curve within 1e-6', () => {
    const items: ItemParams[] = [
      { a: 1, b: 0, c: 0.25 },
      { a: 2.4, b: -1.3, c: 0.1 },
      { a: 0.6, b: 2.2, c: 0.3 },
      { a: 1.7, b: 0.4, c: 0 },
    ];
    let compared = 0;
    for (const item of items) {
      for (let theta = -4; theta <= 4; theta += 0.25) {
        expect(Math.abs(itemInformation(item, theta) - numericalInformation(item, theta))).toBeLessThan(1e-6);
        compared++;
      }
    }
    expect(compared).toBe(4 * 33);
  });

  it('is highest a little above b when guessing is possible, and 0 far away', () => {
    const item = { a: 1.5, b: 0.5, c: 0.2 };
    expect(itemInformation(item, 0.6)).toBeGreaterThan(itemInformation(item, 0.3));
    expect(itemInformation(item, 0.6)).toBeGreaterThan(itemInformation(item, 1.5));
    expect(itemInformation(item, 40)).toBe(0);
  });
});

describe('EAP ability', () => {
  it('is the prior with no answers, and moves up with right answers and down with wrong ones', () => {
    const none = estimateAbility([]);
    expect(none.theta).toBeCloseTo(0, 6);
    expect(none.standardError).toBeCloseTo(1, 2);
    const item = { a: 1.2, b: 0, c: 0.2 };
    const right = estimateAbility([{ item, correct: true }]);
    const wrong = estimateAbility([{ item, correct: false }]);
    expect(right.theta).toBeGreaterThan(0);
    expect(wrong.theta).toBeLessThan(0);
    expect(right.standardError).toBeLessThan(none.standardError);
  });
});

describe('the adaptive pick', () => {
  const bank = [-2, -1, 0, 0.5, 1, 2, 3].map((b, id) => ({ id, a: 1.3, b, c: 0.2 }));

  it('picks among the five most informative items at θ, each of them for some draw', () => {
    const best = mostInformative(bank, 0.5, 5).map((item) => item.id);
    expect(best).toHaveLength(5);
    expect(best.slice(0, 2).sort()).toEqual([2, 3]);
    expect(best).not.toContain(6);
    const picked = new Set(
      [0, 0.21, 0.41, 0.61, 0.81, 0.999].map((u) => pickAdaptive(bank, 0.5, () => u)!.id),
    );
    expect([...picked].sort()).toEqual([...best].sort());
  });

  it('gives null with no candidate and the only one with one', () => {
    expect(pickAdaptive([], 0, Math.random)).toBeNull();
    expect(pickAdaptive([bank[0]!], 3, Math.random)).toBe(bank[0]);
  });
});

/**
 * 2,000 simulated students of N(0,1) ability on a 500-item bank of known parameters: each answers
 * as the 3PL says, one item after another, picked adaptively or at random among the unseen ones.
 */
describe('simulated students', () => {
  const STUDENTS = 2000;
  const BANK = 500;
  const TARGET_SE = 0.3;
  const MAX_ITEMS = 120;
  const uniform = mulberry32(40);
  const normal = normalSampler(uniform);
  const bank: ItemParams[] = Array.from({ length: BANK }, () => ({
    a: Math.min(2.5, Math.max(0.6, Math.exp(0.25 + 0.3 * normal()))),
    b: Math.max(-3, Math.min(3, 1.1 * normal())),
    c: 0.1 + 0.15 * uniform(),
  }));
  const abilities = Array.from({ length: STUDENTS }, () => normal());

  function run(theta: number, choose: (unseen: ItemParams[], estimate: number) => ItemParams) {
    const posterior = new AbilityPosterior();
    let unseen = bank.slice();
    let itemsToTarget: number | null = null;
    let after20 = 0;
    while (posterior.responses < MAX_ITEMS && (itemsToTarget === null || posterior.responses < 20)) {
      const item = choose(unseen, posterior.estimate().theta);
      unseen = unseen.filter((other) => other !== item);
      posterior.add(item, uniform() < probabilityCorrect(item, theta));
      const estimate = posterior.estimate();
      if (itemsToTarget === null && estimate.standardError <= TARGET_SE) itemsToTarget = posterior.responses;
      if (posterior.responses === 20) after20 = estimate.theta;
    }
    return { itemsToTarget: itemsToTarget ?? MAX_ITEMS, after20 };
  }

  it('adaptive selection reaches SE ≤ 0.30 in at most 20 items on average, random in 1.5× as many', () => {
    let adaptiveItems = 0;
    let randomItems = 0;
    let squaredError = 0;
    for (const theta of abilities) {
      const adaptive = run(theta, (unseen, estimate) => pickAdaptive(unseen, estimate, uniform)!);
      const random = run(theta, (unseen) => unseen[Math.floor(uniform() * unseen.length)]!);
      adaptiveItems += adaptive.itemsToTarget;
      randomItems += random.itemsToTarget;
      squaredError += (adaptive.after20 - theta) ** 2;
    }
    const adaptiveMean = adaptiveItems / STUDENTS;
    const randomMean = randomItems / STUDENTS;
    const rmse = Math.sqrt(squaredError / STUDENTS);
    console.log(
      `items to SE ≤ ${TARGET_SE}: adaptive ${adaptiveMean.toFixed(2)}, random ${randomMean.toFixed(2)} ` +
        `(${(randomMean / adaptiveMean).toFixed(2)}×); ability RMSE after 20 adaptive items ${rmse.toFixed(3)}`,
    );
    expect(adaptiveMean).toBeLessThanOrEqual(20);
    expect(randomMean).toBeGreaterThanOrEqual(1.5 * adaptiveMean);
    expect(rmse).toBeLessThanOrEqual(0.35);
  }, 60_000);
});
