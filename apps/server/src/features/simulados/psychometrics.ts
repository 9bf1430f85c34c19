/** An item's 3PL parameters: discrimination a, difficulty b, guessing (lower asymptote) c. */
export interface ItemParams {
  a: number;
  b: number;
  c: number;
}

/** An item as scored: its parameters, and whether they were calibrated or are defaults. */
export interface ScoredItem extends ItemParams {
  calibrated: boolean;
}

/**
 * A scored answer: 1 right, 0 wrong. A blank in a timed exam counts as wrong (as ENEM does), so the
 * caller maps blanks to 0; there is no "skipped" in scoring.
 */
export type Answer = 0 | 1;

const DEFAULT_DISCRIMINATION = 1;
/** Guessing rate of an item of `optionCount` alternatives answered at random: 1/k (0.25 for four). */
const defaultGuessing = (optionCount: number) => 1 / optionCount;
/** The alternatives of a question nobody said otherwise of: the four of the first questions. */
const DEFAULT_OPTION_COUNT = 4;
/** An item is calibrated only once it has this many answers from distinct users (the caller's rule). */
export const MIN_RESPONSES_FOR_CALIBRATION = 200;

/**
 * EAP nodes, a step of 0.1 over [−6, 6] (81 of them within [−4, 4]). Cutting the prior at ±4 would
 * move θ by up to 0.01 for an all-right or all-wrong pattern; at ±6 the cut costs under 1e-6.
 */
const THETA_LIMIT = 6;
export const QUADRATURE_POINTS = 121;

/** The ENEM-style report: 500 + 100·θ, on the scale of the population the items were calibrated on. */
const SCORE_MEAN = 500;
const SCORE_SD = 100;

/** The 3PL probability of a right answer. Logistic metric, D = 1 (no 1.7 factor): a is on that metric. */
export function probabilityCorrect(item: ItemParams, theta: number): number {
  return item.c + (1 - item.c) / (1 + Math.exp(-item.a * (theta - item.b)));
}

export interface Quadrature {
  nodes: Float64Array;
  /** N(0,1) density at each node, normalized to sum 1: a discrete prior over the nodes. */
  weights: Float64Array;
}

/** Equally spaced nodes over [−limit, limit] carrying a standard normal prior. */
export function normalQuadrature(
  points: number = QUADRATURE_POINTS,
  limit: number = THETA_LIMIT,
): Quadrature {
  const nodes = new Float64Array(points);
  const weights = new Float64Array(points);
  const step = (2 * limit) / (points - 1);
  let total = 0;
  for (let k = 0; k < points; k++) {
    const theta = -limit + k * step;
    nodes[k] = theta;
    weights[k] = Math.exp(-0.5 * theta * theta);
    total += weights[k]!;
  }
  for (let k = 0; k < points; k++) weights[k]! /= total;
  return { nodes, weights };
}

const grid = normalQuadrature();

/**
 * Expected a posteriori ability under a N(0,1) prior, on the quadrature grid: θ is the posterior
 * mean and se its standard deviation. With no items it is the prior's (0, ≈1).
 */
export function estimateAbility(items: ItemParams[], responses: Answer[]): { theta: number; se: number } {
  if (items.length !== responses.length) throw new RangeError('one response per item');
  const { nodes, weights } = grid;
  const logLikelihood = new Float64Array(nodes.length);
  items.forEach((item, j) => {
    for (let k = 0; k < nodes.length; k++) {
      const p = probabilityCorrect(item, nodes[k]!);
      logLikelihood[k]! += Math.log(responses[j] === 1 ? p : 1 - p);
    }
  });
  const peak = Math.max(...logLikelihood);
  let mass = 0;
  let first = 0;
  let second = 0;
  for (let k = 0; k < nodes.length; k++) {
    const posterior = weights[k]! * Math.exp(logLikelihood[k]! - peak);
    mass += posterior;
    first += posterior * nodes[k]!;
    second += posterior * nodes[k]! * nodes[k]!;
  }
  const theta = first / mass;
  return { theta, se: Math.sqrt(Math.max(0, second / mass - theta * theta)) };
}

export interface EnemEstimate {
  /** round(500 + 100·θ). */
  score: number;
  /** 100·SE, rounded to one decimal. */
  standardError: number;
  /** Some item was scored with default, uncalibrated parameters. */
  provisional: boolean;
}

export function enemEstimate(items: ScoredItem[], responses: Answer[]): EnemEstimate {
  const { theta, se } = estimateAbility(items, responses);
  return {
    score: Math.round(SCORE_MEAN + SCORE_SD * theta),
    standardError: Math.round(10 * SCORE_SD * se) / 10,
    provisional: items.some((item) => !item.calibrated),
  };
}

/** Share of the N(0,1) population expected to answer an item right. */
export function populationShareCorrect(item: ItemParams): number {
  let share = 0;
  for (let k = 0; k < grid.nodes.length; k++)
    share += grid.weights[k]! * probabilityCorrect(item, grid.nodes[k]!);
  return share;
}

const DEFAULT_B_LIMIT = 3;

/**
 * Parameters of an uncalibrated item: a = 1, c = 1/k for its k alternatives (0.5 for Certo/Errado,
 * 0.2 for A–E), and b such that the N(0,1) population's expected share correct equals the observed
 * one (clamped to [0.01, 0.99]); b stays within ±3, so a share at or below chance gives b = 3. With
 * no answers yet, b = 0.
 */
export function defaultItemParams(
  shareCorrect: number | null,
  optionCount: number = DEFAULT_OPTION_COUNT,
): ItemParams {
  const item = { a: DEFAULT_DISCRIMINATION, b: 0, c: defaultGuessing(optionCount) };
  if (shareCorrect === null || Number.isNaN(shareCorrect)) return item;
  const target = Math.min(0.99, Math.max(0.01, shareCorrect));
  const shareAt = (b: number) => populationShareCorrect({ ...item, b });
  if (shareAt(DEFAULT_B_LIMIT) >= target) return { ...item, b: DEFAULT_B_LIMIT };
  if (shareAt(-DEFAULT_B_LIMIT) <= target) return { ...item, b: -DEFAULT_B_LIMIT };
  // The share falls as b grows: bisection between the bounds.
  let low = -DEFAULT_B_LIMIT;
  let high = DEFAULT_B_LIMIT;
  while (high - low > 1e-9) {
    const middle = (low + high) / 2;
    if (shareAt(middle) > target) low = middle;
    else high = middle;
  }
  return { ...item, b: (low + high) / 2 };
}
