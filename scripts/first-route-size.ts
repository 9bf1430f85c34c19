// `npm run check:bundle`: the first-route JavaScript of the built app (apps/web/dist, after `npm run
// build`), gzip -9, without a browser. For the landing page (index.html) and the signed-in feed
// (index.signed-in.html): the entry script and the modulepreloads the page names, every chunk they
// import statically, the home page's chunks main.tsx waits for before the first render, and what the
// app loads at its first idle moment (the service worker's workbox-window; for the feed, the live
// connection's library). Lighthouse (`npm run lighthouse`) counts the same scripts: every one the
// page loads during its trace. Prints each chunk and the totals; exits 1 above the budget.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const BUDGET_KIB = 170;

/**
 * The pages measured. `waits`: the lazy components main.tsx loads before the first render
 * (`loadHomePage` in apps/web/src/app/router.tsx), found by name where the build imports their
 * chunk (`lazyPage(() => import('./shell.tsx'), 'Shell')` keeps the name beside the import);
 * `idle`: the chunks the app loads at its first idle moment (lib/pwa.ts, lib/socket.ts), by the
 * name the build gives them (`<name>-<hash>.js`; apps/web/vite.config.ts names the live
 * connection's).
 */
export const PAGES = [
  {
    label: 'Landing page (signed out)',
    html: 'index.html',
    waits: ['LandingPage'],
    idle: ['workbox-window'],
  },
  {
    label: 'Feed (signed in)',
    html: 'index.signed-in.html',
    waits: ['Shell', 'FeedRoute'],
    idle: ['workbox-window', 'live-connection'],
  },
] as const;

/** The scripts a page names: its module scripts and modulepreload links, as paths under dist. */
export function htmlScripts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const url = tag.match(/\b(?:src|href)="([^"]+)"/)?.[1];
    if ((isModuleScript || isPreload) && url && !/^(https?:)?\/\//.test(url))
      found.push(url.replace(/^\//, ''));
  }
  return found;
}

const specifier = String.raw`["'\`](\.{1,2}/[^"'\`]+\.js)["'\`]`;
// `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`: not `import("./x.js")`.
const staticImport = new RegExp(
  String.raw`(?:\bimport|\bexport)\s*(?:[\w$*{][^;()'"\`]*?\bfrom\s*)?${specifier}`,
  'g',
);
const dynamicImport = new RegExp(String.raw`\bimport\(\s*${specifier}\s*\)`, 'g');

/** The chunks a chunk imports statically and dynamically, as paths relative to the chunk's folder. */
export function chunkImports(code: string): { static: string[]; dynamic: string[] } {
  const all = (pattern: RegExp) => [...new Set([...code.matchAll(pattern)].map((match) => match[1] ?? ''))];
  return { static: all(staticImport), dynamic: all(dynamicImport) };
}

/**
 * The chunk a lazy component `name` is loaded from: `lazyPage(() => import('./shell.tsx'), 'Shell')`
 * is built as ``import(`./signed-in-home-kjU6uVD9.js`).then(…),__vite__mapDeps([…])),`Shell` ``.
 */
export function lazyComponentChunk(code: string, name: string): string | undefined {
  const pattern = new RegExp(String.raw`\bimport\(\s*${specifier}\s*\)[^"'\`]{0,300}?["'\`]${name}["'\`]`);
  return code.match(pattern)?.[1];
}

/** A chunk's name as the build wrote it: `assets/feed-route-PSz82Zj-.js` → `feed-route`. */
export const chunkName = (file: string) => path.posix.basename(file).replace(/-[\w-]{8}\.js$/, '');

/** Whether a chunk is `name`'s: `workbox-window.prod.es5-Bd17z0YL.js` is workbox-window's. */
const isNamed = (file: string, name: string) =>
  chunkName(file) === name || chunkName(file).startsWith(`${name}.`);

interface Chunk {
  file: string;
  gzip: number;
  raw: number;
  why: 'first render' | 'waited for' | 'first idle';
}

/** What a page loads, from its HTML through static imports, the awaited chunks and the idle ones. */
export function firstRoute(
  read: (file: string) => string,
  page: { html: string; waits: readonly string[]; idle: readonly string[] },
): Chunk[] {
  const chunks = new Map<string, Chunk>();
  const dynamic = new Set<string>();
  const visit = (file: string, why: Chunk['why']) => {
    if (chunks.has(file)) return;
    const code = read(file);
    const body = Buffer.from(code);
    chunks.set(file, { file, why, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    const imports = chunkImports(code);
    const dir = path.posix.dirname(file);
    for (const target of imports.dynamic) dynamic.add(path.posix.join(dir, target));
    for (const target of imports.static) visit(path.posix.join(dir, target), why);
  };
  for (const file of htmlScripts(read(page.html))) visit(file, 'first render');
  for (const name of page.waits) {
    // Where the first render's code imports it (the entry, for the home pages).
    const found = [...chunks.keys()].flatMap((file) => {
      const target = lazyComponentChunk(read(file), name);
      return target ? [path.posix.join(path.posix.dirname(file), target)] : [];
    });
    if (!found[0])
      throw new Error(`${page.html}: no chunk of its first route loads the lazy component '${name}'`);
    visit(found[0], 'waited for');
  }
  for (const name of page.idle) {
    // Among what the page has loaded so far may import it: a chunk nothing there asks for is not loaded.
    const file = [...dynamic].find((candidate) => isNamed(candidate, name));
    if (!file) throw new Error(`${page.html}: no chunk named '${name}' is imported by its first route`);
    visit(file, 'first idle');
  }
  return [...chunks.values()].sort((a, b) => b.gzip - a.gzip);
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function main() {
  const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error('apps/web/dist has no build: run `npm run build` first.');
    process.exit(1);
  }
  const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
  let failed = false;
  for (const page of PAGES) {
    const chunks = firstRoute(read, page);
    const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0) / 1024;
    const ok = total <= BUDGET_KIB;
    failed ||= !ok;
    console.log(
      `\n${page.label}: ${total.toFixed(1)} KiB gzipped (budget ≤ ${BUDGET_KIB}) ${ok ? 'PASS' : 'FAIL'}`,
    );
    for (const chunk of chunks) {
      console.log(`  ${kib(chunk.gzip).padStart(6)} KiB  ${chunk.file}  (${chunk.why})`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
