// The server's features as a graph, built from the dependency checker's own output (issue 35):
// no cycle between feature folders, however indirect, and every arrow down a rank
// (scripts/server-ranks.cjs). Test files are left out: a test may set up another feature's rows.
// `npm run lint` runs it (after the file rules of .dependency-cruiser.cjs); it exits 1 on a problem.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FEATURE = /^apps\/server\/src\/features\/([^/]+)\//;

const ranks = createRequire(import.meta.url)('./server-ranks.cjs') as string[][];
export const rankOf = new Map(
  ranks.flatMap((features, r) => features.map((feature) => [feature, r + 1] as const)),
);

interface Cruise {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

/** The imports under `dir` (a checkout, or a made-up tree), as the lint's cruiser resolves them. */
export function cruiseServer(dir: string): Cruise {
  const bin = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const args = [bin, 'apps/server/src', '--config', path.join(ROOT, '.dependency-cruiser.cjs')];
  let output: string;
  try {
    output = execFileSync(process.execPath, [...args, '--output-type', 'json'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // It exits non-zero when a file rule is broken; the graph is in its output all the same.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  return JSON.parse(output) as Cruise;
}

/** Feature → the features it imports, test files aside. */
export function featureGraph(cruise: Cruise): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of cruise.modules) {
    const from = FEATURE.exec(module.source)?.[1];
    if (!from || /\.test\.tsx?$/.test(module.source)) continue;
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
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Arrows from a feature to one of the same rank or above, as 'from (rank) → to (rank)'. */
export function upwardArrows(graph: Map<string, Set<string>>): string[] {
  return [...graph].flatMap(([from, targets]) =>
    [...targets]
      .filter((to) => (rankOf.get(to) ?? 0) >= (rankOf.get(from) ?? 0))
      .map((to) => `${from} (${rankOf.get(from)}) → ${to} (${rankOf.get(to)})`),
  );
}

export const arrowCount = (graph: Map<string, Set<string>>) =>
  [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);

/** What is wrong with the graph under `dir`, in words; empty when nothing is. */
export function featureGraphProblems(dir: string): string[] {
  const graph = featureGraph(cruiseServer(dir));
  return [
    ...cyclesOf(graph).map((cycle) => `a cycle of features: ${cycle.join(' → ')}`),
    ...[...graph.keys()]
      .filter((f) => !rankOf.has(f))
      .map((f) => `${f} has no rank in scripts/server-ranks.cjs`),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = featureGraphProblems(process.cwd());
  for (const problem of problems) console.error(`feature graph: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log('feature graph: no cycle between server features');
}
