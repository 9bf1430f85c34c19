// `npm start` and `npm run build` (through build.ts): bundles the server into apps/server/dist with esbuild, so that
// `npm start` runs plain `node apps/server/dist/main.mjs` (no TypeScript compiler in the running
// process, decision 043). As the web build (build-web.ts), it is skipped when apps/server/dist holds a
// bundle of exactly these sources: the stamp next to it is the SHA-256 of every input's path and bytes.
//
// What the bundle holds: the server's own modules and the contract's TypeScript, in one file per
// entry. Every package under node_modules stays outside (imported at run time, as from source), so
// native modules (sharp, argon2), PGlite's WebAssembly and the packages' own files work unchanged.
// Beside the bundle: the worker threads' own bundles (lib/worker-thread.ts finds them) and the
// migrations (db/client.ts reads them from the folder next to it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { sourceHash } from './build-web.ts';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** What a server bundle is made of: its sources, the contract, the build's settings, the lockfile. */
export const SERVER_BUILD_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'tsconfig.base.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
  'scripts/build-server.ts',
];

export const SERVER_DIST = 'apps/server/dist';
export const SERVER_STAMP_FILE = 'apps/server/dist.sha256';

/** The bundles: the server, and each module a worker thread runs (named as their sources are). */
const ENTRY_POINTS = {
  main: 'apps/server/src/main.ts',
  'pglite-thread': 'apps/server/src/db/pglite-thread.ts',
  'calibration.worker': 'apps/server/src/features/simulados/calibration.worker.ts',
  'image-classifier.worker': 'apps/server/src/features/media/image-classifier.worker.ts',
};

/** Packages stay in node_modules, except this workspace's own (the contract is TypeScript source). */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@estudai/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Whether `dist` holds a bundle of these sources: its entry exists and the stamp matches. */
export function isServerBuildCurrent(root: string, hash: string): boolean {
  const stamp = path.join(root, SERVER_STAMP_FILE);
  return (
    fs.existsSync(path.join(root, SERVER_DIST, 'main.mjs')) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8').trim() === hash
  );
}

/** Bundles the server into `root`/apps/server/dist (a fresh folder swapped in whole), then stamps it. */
export async function buildServer(root: string, hash: string): Promise<void> {
  const dist = path.join(root, SERVER_DIST);
  const next = `${dist}.next-${process.pid}`;
  fs.rmSync(path.join(root, SERVER_STAMP_FILE), { force: true });
  fs.rmSync(next, { recursive: true, force: true });
  try {
    await build({
      absWorkingDir: root,
      entryPoints: ENTRY_POINTS,
      outdir: next,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      plugins: [packagesOutside],
      logLevel: 'warning',
      legalComments: 'none',
    });
    fs.cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(next, 'migrations'), {
      recursive: true,
    });
    fs.rmSync(dist, { recursive: true, force: true });
    fs.renameSync(next, dist);
  } finally {
    fs.rmSync(next, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(root, SERVER_STAMP_FILE), `${hash}\n`);
}

/** Bundles the server unless (without `force`) apps/server/dist holds a bundle of these sources. */
export async function ensureServerBuild(force: boolean): Promise<void> {
  const hash = sourceHash(repoRoot, SERVER_BUILD_INPUTS);
  if (!force && isServerBuildCurrent(repoRoot, hash)) {
    console.log('Server: the bundle in apps/server/dist matches the sources, reused.');
    return;
  }
  const started = performance.now();
  await buildServer(repoRoot, hash);
  console.log(`Server: bundled into apps/server/dist in ${Math.round(performance.now() - started)} ms.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await ensureServerBuild(process.argv.includes('--force'));
