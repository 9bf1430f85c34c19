import { type Answer, defaultItemParams, type ItemParams, normalQuadrature } from './psychometrics.ts';

/** Fitted parameters are kept within these bounds. */
export const PARAMETER_BOUNDS = {
  a: [0.2, 4],
  b: [-4, 4],
  c: [0.05, 0.35],
} as const satisfies Record<keyof ItemParams, readonly [number, number]>;

/** ln a ~ N(0, 0.5²), maximized in ln a (prior mode a = 1): keeps weakly informed slopes near 1. */
const LOG_A_PRIOR_SD = 0.5;
/**
 * c ~ Beta(5, 17), mean ≈ 0.23, weighing as 20 answers: fitted guessing on four-option items tends
 * to fall a little under 1/4, as distractors draw weak examinees.
 */
const C_PRIOR_ALPHA = 5;
const C_PRIOR_BETA = 17;

/** Nodes of the N(0,1) ability prior during calibration: a step of 0.2 over [−4, 4]. */
const CALIBRATION_QUADRATURE_POINTS = 41;
const CALIBRATION_THETA_LIMIT = 4;

export interface CalibrationOptions {
  maxIterations?: number;
  /** Converged when no parameter moves more than this in one EM cycle. */
  tolerance?: number;
}

export interface Calibration {
  items: ItemParams[];
  iterations: number;
  converged: boolean;
  /** Marginal log-likelihood of the data at the last E-step. */
  logLikelihood: number;
}

/**
 * Marginal maximum likelihood (Bock–Aitkin EM, with the priors on a and c, so MAP) of 3PL items from
 * a response matrix: rows are examinees, columns items, null where the item was not presented. The
 * ability prior N(0,1) fixes the scale. Every column is fitted; an item nobody answered keeps default
 * parameters.
 */
export function calibrate(responses: (Answer | null)[][], options: CalibrationOptions = {}): Calibration {
  const maxIterations = options.maxIterations ?? 500;
  const tolerance = options.tolerance ?? 1e-4;
  const itemCount = responses[0]?.length ?? 0;
  const { nodes, weights } = normalQuadrature(CALIBRATION_QUADRATURE_POINTS, CALIBRATION_THETA_LIMIT);
  const K = nodes.length;

  // Each examinee's answers as (item, answer) pairs, flattened.
  const start = new Int32Array(responses.length + 1);
  const answeredItem: number[] = [];
  const answeredRight: number[] = [];
  const rights = new Float64Array(itemCount);
  const counts = new Float64Array(itemCount);
  responses.forEach((row, i) => {
    if (row.length !== itemCount) throw new RangeError('every row has one entry per item');
    row.forEach((answer, j) => {
      if (answer === null) return;
      answeredItem.push(j);
      answeredRight.push(answer);
      counts[j]! += 1;
      rights[j]! += answer;
    });
    start[i + 1] = answeredItem.length;
  });

  const items = Array.from({ length: itemCount }, (_, j) =>
    defaultItemParams(counts[j]! > 0 ? rights[j]! / counts[j]! : null),
  );
  const logP = new Float64Array(itemCount * K);
  const logQ = new Float64Array(itemCount * K);
  const expectedRight = new Float64Array(itemCount * K);
  const expectedCount = new Float64Array(itemCount * K);
  const logLikelihood = new Float64Array(K);
  const posterior = new Float64Array(K);
  let marginal = 0;

  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    items.forEach((item, j) => {
      for (let k = 0; k < K; k++) {
        const p = item.c + (1 - item.c) / (1 + Math.exp(-item.a * (nodes[k]! - item.b)));
        logP[j * K + k] = Math.log(p);
        logQ[j * K + k] = Math.log(1 - p);
      }
    });

    // E-step: each examinee's posterior over the nodes, summed into expected counts per item and node.
    expectedRight.fill(0);
    expectedCount.fill(0);
    marginal = 0;
    for (let i = 0; i < responses.length; i++) {
      logLikelihood.fill(0);
      for (let n = start[i]!; n < start[i + 1]!; n++) {
        const table = answeredRight[n] === 1 ? logP : logQ;
        const offset = answeredItem[n]! * K;
        for (let k = 0; k < K; k++) logLikelihood[k]! += table[offset + k]!;
      }
      let peak = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < K; k++) peak = Math.max(peak, logLikelihood[k]!);
      let mass = 0;
      for (let k = 0; k < K; k++) {
        posterior[k] = weights[k]! * Math.exp(logLikelihood[k]! - peak);
        mass += posterior[k]!;
      }
      marginal += peak + Math.log(mass);
      for (let k = 0; k < K; k++) posterior[k]! /= mass;
      for (let n = start[i]!; n < start[i + 1]!; n++) {
        const offset = answeredItem[n]! * K;
        for (let k = 0; k < K; k++) expectedCount[offset + k]! += posterior[k]!;
        if (answeredRight[n] === 1) for (let k = 0; k < K; k++) expectedRight[offset + k]! += posterior[k]!;
      }
    }

    // M-step: each item on its own expected counts.
    let largestChange = 0;
    for (let j = 0; j < itemCount; j++) {
      if (counts[j] === 0) continue;
      const itemCounts = expectedCount.subarray(j * K, (j + 1) * K);
      const itemRights = expectedRight.subarray(j * K, (j + 1) * K);
      const fitted = maximizeItem(items[j]!, nodes, itemRights, itemCounts);
      largestChange = Math.max(
        largestChange,
        Math.abs(fitted.a - items[j]!.a),
        Math.abs(fitted.b - items[j]!.b),
        Math.abs(fitted.c - items[j]!.c),
      );
      items[j] = fitted;
    }
    if (largestChange < tolerance)
      return { items, iterations: iteration, converged: true, logLikelihood: marginal };
  }
  return { items, iterations: maxIterations, converged: false, logLikelihood: marginal };
}

/** Expected complete-data log-posterior of one item, given expected rights r and counts n per node. */
function itemObjective(item: ItemParams, nodes: Float64Array, r: Float64Array, n: Float64Array): number {
  let value = 0;
  for (let k = 0; k < nodes.length; k++) {
    const p = item.c + (1 - item.c) / (1 + Math.exp(-item.a * (nodes[k]! - item.b)));
    value += r[k]! * Math.log(p) + (n[k]! - r[k]!) * Math.log(1 - p);
  }
  const logA = Math.log(item.a);
  return (
    value -
    (logA * logA) / (2 * LOG_A_PRIOR_SD ** 2) +
    (C_PRIOR_ALPHA - 1) * Math.log(item.c) +
    (C_PRIOR_BETA - 1) * Math.log(1 - item.c)
  );
}

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

/** A few Fisher-scoring steps, each clamped to the bounds and halved until the objective rises. */
function maximizeItem(item: ItemParams, nodes: Float64Array, r: Float64Array, n: Float64Array): ItemParams {
  let current = item;
  let currentValue = itemObjective(current, nodes, r, n);
  for (let step = 0; step < 5; step++) {
    const { a, b, c } = current;
    const gradient = [0, 0, 0];
    const information = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (let k = 0; k < nodes.length; k++) {
      const s = 1 / (1 + Math.exp(-a * (nodes[k]! - b)));
      const p = c + (1 - c) * s;
      const slope = (1 - c) * s * (1 - s);
      const dP = [slope * (nodes[k]! - b), -slope * a, 1 - s];
      const residual = (r[k]! - n[k]! * p) / (p * (1 - p));
      const weight = n[k]! / (p * (1 - p));
      for (let u = 0; u < 3; u++) {
        gradient[u]! += residual * dP[u]!;
        for (let v = 0; v < 3; v++) information[3 * u + v]! += weight * dP[u]! * dP[v]!;
      }
    }
    const logA = Math.log(a);
    gradient[0]! += -logA / (LOG_A_PRIOR_SD ** 2 * a);
    information[0]! += 1 / (LOG_A_PRIOR_SD ** 2 * a * a);
    gradient[2]! += (C_PRIOR_ALPHA - 1) / c - (C_PRIOR_BETA - 1) / (1 - c);
    information[8]! += (C_PRIOR_ALPHA - 1) / (c * c) + (C_PRIOR_BETA - 1) / (1 - c) ** 2;
    const direction = solve3(information, gradient);
    if (!direction) break;

    let length = 1;
    let accepted = false;
    while (length > 1e-4) {
      const candidate = {
        a: clamp(a + length * direction[0]!, PARAMETER_BOUNDS.a),
        b: clamp(b + length * direction[1]!, PARAMETER_BOUNDS.b),
        c: clamp(c + length * direction[2]!, PARAMETER_BOUNDS.c),
      };
      const value = itemObjective(candidate, nodes, r, n);
      if (value >= currentValue) {
        const moved = Math.max(
          Math.abs(candidate.a - a),
          Math.abs(candidate.b - b),
          Math.abs(candidate.c - c),
        );
        current = candidate;
        currentValue = value;
        accepted = moved > 1e-7;
        break;
      }
      length /= 2;
    }
    if (!accepted) break;
  }
  return current;
}

/** Determinant of a row-major 3×3 matrix. */
function det3(m: number[]): number {
  const at = (row: number, column: number) => m[3 * row + column]!;
  return (
    at(0, 0) * (at(1, 1) * at(2, 2) - at(1, 2) * at(2, 1)) -
    at(0, 1) * (at(1, 0) * at(2, 2) - at(1, 2) * at(2, 0)) +
    at(0, 2) * (at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0))
  );
}

/** Solves m·x = y for a row-major 3×3 m by Cramer's rule; null when m is singular. */
function solve3(m: number[], y: number[]): number[] | null {
  const det = det3(m);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [0, 1, 2].map(
    (column) =>
      det3(m.map((value, index) => (index % 3 === column ? y[Math.floor(index / 3)]! : value))) / det,
  );
}
