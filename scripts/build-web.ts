// `npm start` and `npm run build` (through build.ts), `npm run test:e2e`: builds the web app, unless (for `npm start`) apps/web/dist already
// holds a build of exactly these sources. The stamp next to dist is the SHA-256 of every input file
// (path and bytes) and the lockfile; any change to them, or a missing dist, builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** What a web build is made of: its sources and config, the contract it imports, the lockfile. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];

export const STAMP_FILE = 'apps/web/dist.sha256';

function* filesUnder(root: string, relative: string): Generator<string> {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    yield relative;
    return;
  }
  const entries = fs.readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) yield* filesUnder(root, path.posix.join(relative, entry.name));
}

/** The SHA-256 of the inputs' paths and bytes, in a fixed order. */
export function sourceHash(root: string, inputs: readonly string[] = WEB_BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(root, input)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Whether dist holds a build of these sources: its index page exists and the stamp matches. */
export function isBuildCurrent(root: string, hash: string): boolean {
  const stamp = path.join(root, STAMP_FILE);
  return (
    fs.existsSync(path.join(root, 'apps/web/dist/index.html')) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8').trim() === hash
  );
}

/** Builds the web app into apps/web/dist unless (without `force`) it holds a build of these sources. */
export function ensureWebBuild(force: boolean): void {
  const hash = sourceHash(repoRoot);
  if (!force && isBuildCurrent(repoRoot, hash)) {
    console.log('Web app: the build in apps/web/dist matches the sources, reused.');
    return;
  }
  fs.rmSync(path.join(repoRoot, STAMP_FILE), { force: true });
  const result = spawnSync('npm', ['run', 'build', '-w', '@estudai/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(path.join(repoRoot, STAMP_FILE), `${hash}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  ensureWebBuild(process.argv.includes('--force'));
