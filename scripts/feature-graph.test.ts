// Issue 35: the graph of the server's features in this checkout, built from the dependency checker's
// output (scripts/feature-graph.ts): no cycle, every arrow down a rank, and few arrows — each one a
// feature leaning on another. The rules themselves are tested on made-up trees in boundaries.test.ts.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrowCount, cruiseServer, cyclesOf, featureGraph, rankOf, upwardArrows } from './feature-graph.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Issue 35's ceiling (57 arrows on 2026-11-28, before the modules). */
const MAX_ARROWS = 30;

describe('the graph of server features', () => {
  let graph: Map<string, Set<string>>;
  beforeAll(() => {
    graph = featureGraph(cruiseServer(ROOT));
  }, 120_000);

  it('finds cycles on a made-up graph', () => {
    const made = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(made)).toEqual([['a', 'b', 'c', 'a']]);
    expect(cyclesOf(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });

  it('knows every feature folder by its rank', () => {
    expect([...graph.keys()].filter((feature) => !rankOf.has(feature))).toEqual([]);
  });

  it('has no cycle between features', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('has every arrow going down a rank', () => {
    expect(upwardArrows(graph)).toEqual([]);
  });

  it(`has at most ${MAX_ARROWS} arrows between features`, () => {
    expect(arrowCount(graph)).toBeLessThanOrEqual(MAX_ARROWS);
  });
});
