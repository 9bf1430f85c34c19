// Issue 35: the server's features as a graph, built from the dependency checker's own output (the
// imports `npm run lint` cruises): no cycle between feature folders, every arrow down a rank
// (scripts/server-ranks.cjs), and few of them — each arrow is a feature leaning on another.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ranks = createRequire(import.meta.url)('./server-ranks.cjs') as string[][];
const rankOf = new Map(ranks.flatMap((features, r) => features.map((feature) => [feature, r + 1] as const)));
/** Issue 35's ceiling (57 arrows on 2026-11-28, before the modules). */
const MAX_ARROWS = 30;

const FEATURE = /^apps\/server\/src\/features\/([^/]+)\//;

interface Cruise {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

/** Feature → the features it imports (test files aside: a test may set up another feature's rows). */
function featureGraph(cruise: Cruise): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of cruise.modules) {
    const from = FEATURE.exec(module.source)?.[1];
    if (!from || /\.test\.ts$/.test(module.source)) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const dependency of module.dependencies) {
      const to = FEATURE.exec(dependency.resolved)?.[1];
      if (to && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** Every cycle's features, found by a depth-first walk (each cycle once, from where it closes). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('the graph of server features', () => {
  let graph: Map<string, Set<string>>;
  beforeAll(() => {
    const bin = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
    const args = [bin, 'apps/server/src', '--config', path.join(ROOT, '.dependency-cruiser.cjs')];
    let output: string;
    try {
      output = execFileSync(process.execPath, [...args, '--output-type', 'json'], {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
    } catch (error) {
      // It exits non-zero when a rule is broken; the graph is in its output all the same.
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    graph = featureGraph(JSON.parse(output) as Cruise);
  }, 120_000);

  it('finds cycles, upward arrows and counts on a made-up graph', () => {
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
    const upward = [...graph].flatMap(([from, targets]) =>
      [...targets]
        .filter((to) => (rankOf.get(to) ?? 0) >= (rankOf.get(from) ?? 0))
        .map((to) => `${from} (${rankOf.get(from)}) → ${to} (${rankOf.get(to)})`),
    );
    expect(upward).toEqual([]);
  });

  it(`has at most ${MAX_ARROWS} arrows between features`, () => {
    const arrows = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
    expect(arrows).toBeLessThanOrEqual(MAX_ARROWS);
  });
});
