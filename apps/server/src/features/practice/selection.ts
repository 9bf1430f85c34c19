// Adaptive practice (issue 40), as pure functions over the simulados' 3PL item model: an item's
// Fisher information at an ability, the EAP ability with its standard error over a fixed quadrature,
// and the pick of the next item (the most informative unseen one, at random among the best few so
// that everyone at the same ability does not get the same question).
import {
  type ItemParams,
  normalQuadrature,
  probabilityCorrect,
  type Quadrature,
} from '../simulados/index.ts';

/** How many of the most informative items the pick chooses among at random. */
export const PICK_AMONG_BEST = 5;

/**
 * The 3PL item information at θ (logistic metric, D = 1, as the simulados' calibration):
 * I(θ) = P'(θ)² / (P(1 − P)) = a² · (1 − P)/P · ((P − c)/(1 − c))².
 */
export function itemInformation(item: ItemParams, theta: number): number {
  const p = probabilityCorrect(item, theta);
  if (p <= 0 || p >= 1) return 0;
  const share = (p - item.c) / (1 - item.c);
  return item.a * item.a * ((1 - p) / p) * share * share;
}

export interface AbilityEstimate {
  theta: number;
  standardError: number;
}

/** A response to a calibrated item: its parameters and whether it was right. */
export interface ItemResponse {
  item: ItemParams;
  correct: boolean;
}

const grid = normalQuadrature();

/**
 * The running posterior of one person's ability over the quadrature's nodes (a N(0,1) prior times
 * the likelihood of the responses so far, in logs): one response costs one pass over the nodes.
 */
export class AbilityPosterior {
  private readonly logLikelihood: Float64Array;
  responses = 0;

  constructor(private readonly quadrature: Quadrature = grid) {
    this.logLikelihood = new Float64Array(quadrature.nodes.length);
  }

  add(item: ItemParams, correct: boolean): this {
    const { nodes } = this.quadrature;
    for (let k = 0; k < nodes.length; k++) {
      const p = probabilityCorrect(item, nodes[k]!);
      this.logLikelihood[k]! += Math.log(correct ? p : 1 - p);
    }
    this.responses += 1;
    return this;
  }

  /** EAP: θ is the posterior mean, its standard error the posterior standard deviation. */
  estimate(): AbilityEstimate {
    const { nodes, weights } = this.quadrature;
    let peak = Number.NEGATIVE_INFINITY;
    for (const value of this.logLikelihood) if (value > peak) peak = value;
    let mass = 0;
    let first = 0;
    let second = 0;
    for (let k = 0; k < nodes.length; k++) {
      const posterior = weights[k]! * Math.exp(this.logLikelihood[k]! - peak);
      mass += posterior;
      first += posterior * nodes[k]!;
      second += posterior * nodes[k]! * nodes[k]!;
    }
    const theta = first / mass;
    return { theta, standardError: Math.sqrt(Math.max(0, second / mass - theta * theta)) };
  }
}

/** EAP ability and standard error from a list of responses (the prior's (0, ≈1) with none). */
export function estimateAbility(responses: ItemResponse[]): AbilityEstimate {
  const posterior = new AbilityPosterior();
  for (const response of responses) posterior.add(response.item, response.correct);
  return posterior.estimate();
}

/**
 * The adaptive pick among `candidates` (the unseen items): the `among` most informative at θ, one
 * of them at random (`random` gives uniforms in [0, 1)). Null when there is no candidate.
 */
export function pickAdaptive<T extends ItemParams>(
  candidates: readonly T[],
  theta: number,
  random: () => number,
  among: number = PICK_AMONG_BEST,
): T | null {
  const best = mostInformative(candidates, theta, among);
  if (best.length === 0) return null;
  return best[Math.min(best.length - 1, Math.floor(random() * best.length))]!;
}

/** The `count` most informative of `candidates` at θ, most informative first. */
export function mostInformative<T extends ItemParams>(
  candidates: readonly T[],
  theta: number,
  count: number,
): T[] {
  const best: { item: T; information: number }[] = [];
  for (const item of candidates) {
    const information = itemInformation(item, theta);
    if (best.length === count && information <= best[best.length - 1]!.information) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.information < information) at--;
    best.splice(at, 0, { item, information });
    if (best.length > count) best.pop();
  }
  return best.map((entry) => entry.item);
}
