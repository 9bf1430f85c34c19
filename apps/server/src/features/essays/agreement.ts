import {
  type CompetenciaScores,
  ESSAY_COMPETENCIA_DISCREPANCY,
  ESSAY_COMPETENCIAS,
  ESSAY_SCORE_STEPS,
  ESSAY_TOTAL_DISCREPANCY,
  scoresTotal,
} from '@estudai/contract';

// Agreement between graders (issue 38), pure functions: the quadratic weighted kappa of a grader
// against reference scores, their mean deviation, and INEP's rules for a discrepancy, the final
// score and the 'banca'.

const CATEGORIES = ESSAY_SCORE_STEPS.length;

/** The category of a competência score (0, 40, …, 200 → 0…5). */
const category = (score: number) => Math.round(score / 40);

/**
 * Cohen's quadratic weighted kappa between two graders over the same essays (`pairs` of scores in
 * {0, 40, …, 200}): 1 − Σ w·O / Σ w·E, w = (i − j)² / (k − 1)², O the observed matrix and E the
 * outer product of the marginals over n. Perfect agreement is 1; worse than chance is below 0.
 * With no spread at all (both gave one and the same score every time) it is 1; with no pairs, null.
 */
export function quadraticWeightedKappa(pairs: readonly (readonly [number, number])[]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const observed = Array.from({ length: CATEGORIES }, () => new Array<number>(CATEGORIES).fill(0));
  const rowTotals = new Array<number>(CATEGORIES).fill(0);
  const columnTotals = new Array<number>(CATEGORIES).fill(0);
  for (const [a, b] of pairs) {
    const i = category(a);
    const j = category(b);
    observed[i]![j]!++;
    rowTotals[i]!++;
    columnTotals[j]!++;
  }
  let weightedObserved = 0;
  let weightedExpected = 0;
  for (let i = 0; i < CATEGORIES; i++) {
    for (let j = 0; j < CATEGORIES; j++) {
      const weight = (i - j) ** 2 / (CATEGORIES - 1) ** 2;
      weightedObserved += weight * observed[i]![j]!;
      weightedExpected += (weight * rowTotals[i]! * columnTotals[j]!) / n;
    }
  }
  if (weightedExpected === 0) return weightedObserved === 0 ? 1 : 0;
  return 1 - weightedObserved / weightedExpected;
}

/** The mean of (grader − reference): 40 means 'você costuma dar 40 pontos a mais'. */
export function meanDeviation(pairs: readonly (readonly [number, number])[]): number | null {
  if (pairs.length === 0) return null;
  return pairs.reduce((sum, [grader, reference]) => sum + (grader - reference), 0) / pairs.length;
}

export interface Reliability {
  qwk: CompetenciaScores | null;
  meanDeviation: CompetenciaScores | null;
  /** The mean of the five kappas (null without controls). */
  overall: number | null;
}

/** A grader's agreement with the references, per competência, over (grader, reference) score sets. */
export function reliabilityOf(
  corrections: readonly { scores: CompetenciaScores; reference: CompetenciaScores }[],
): Reliability {
  if (corrections.length === 0) return { qwk: null, meanDeviation: null, overall: null };
  const qwk = {} as CompetenciaScores;
  const deviation = {} as CompetenciaScores;
  for (const key of ESSAY_COMPETENCIAS) {
    const pairs = corrections.map((c) => [c.scores[key], c.reference[key]] as const);
    qwk[key] = quadraticWeightedKappa(pairs) ?? 0;
    deviation[key] = meanDeviation(pairs) ?? 0;
  }
  const overall = ESSAY_COMPETENCIAS.reduce((sum, key) => sum + qwk[key], 0) / ESSAY_COMPETENCIAS.length;
  return { qwk, meanDeviation: deviation, overall };
}

/** Whether two corrections disagree the way INEP calls a third: totals by >100 or a competência by >80. */
export function discrepant(a: CompetenciaScores, b: CompetenciaScores): boolean {
  if (Math.abs(scoresTotal(a) - scoresTotal(b)) > ESSAY_TOTAL_DISCREPANCY) return true;
  return ESSAY_COMPETENCIAS.some((key) => Math.abs(a[key] - b[key]) > ESSAY_COMPETENCIA_DISCREPANCY);
}

type FinalScore = CompetenciaScores & { total: number };

function meanOf(a: CompetenciaScores, b: CompetenciaScores): FinalScore {
  const mean = {} as CompetenciaScores;
  for (const key of ESSAY_COMPETENCIAS) mean[key] = (a[key] + b[key]) / 2;
  return { ...mean, total: scoresTotal(mean) };
}

const asFinal = (scores: CompetenciaScores): FinalScore => ({ ...scores, total: scoresTotal(scores) });

/** What the corrections so far decide: a final score, or the correction still needed. */
export type Verdict = { kind: 'final'; score: FinalScore } | { kind: 'third' } | { kind: 'banca' };

/**
 * INEP's protocol over the corrections in the order they came (a zero counts as five zeros):
 * - one correction (a group with one teacher) is final;
 * - two: their mean, unless they are discrepant → a third;
 * - three: the mean of the two closest totals (a tie: the higher pair), per competência the same
 *   pair's mean — unless the third is discrepant with both others → 'banca';
 * - four (the banca's): the banca's correction is final.
 */
export function verdictOf(corrections: readonly CompetenciaScores[]): Verdict {
  const [first, second, third, banca] = corrections;
  if (!first) throw new Error('verdictOf needs at least one correction');
  if (banca) return { kind: 'final', score: asFinal(banca) };
  if (!second) return { kind: 'final', score: asFinal(first) };
  if (!third)
    return discrepant(first, second) ? { kind: 'third' } : { kind: 'final', score: meanOf(first, second) };
  if (discrepant(third, first) && discrepant(third, second)) return { kind: 'banca' };
  const pairs: [CompetenciaScores, CompetenciaScores][] = [
    [first, second],
    [first, third],
    [second, third],
  ];
  let best = pairs[0]!;
  for (const pair of pairs.slice(1)) {
    const gap = Math.abs(scoresTotal(pair[0]) - scoresTotal(pair[1]));
    const bestGap = Math.abs(scoresTotal(best[0]) - scoresTotal(best[1]));
    const higher = scoresTotal(pair[0]) + scoresTotal(pair[1]) > scoresTotal(best[0]) + scoresTotal(best[1]);
    if (gap < bestGap || (gap === bestGap && higher)) best = pair;
  }
  return { kind: 'final', score: meanOf(best[0], best[1]) };
}
