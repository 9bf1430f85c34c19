// Build options: the signed-in home (shell and feed) in one chunk instead of some forty small ones;
// the icons the home pages share in one small file, those of the other pages in another.
// Decision: docs/decisions/009-two-home-pages.md
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The modules `/` shows a signed-in student: the signed-in frame and the feed, with its route (the
 * feed and the study links above it), the two main.tsx waits for (`loadHomePage`).
 */
export const SIGNED_IN_HOME = [
  '/src/app/shell.tsx',
  '/src/app/routes/feed-route.tsx',
  '/src/features/posts/pages/feed-page.tsx',
];
/** The other page `/` can be: what it shares with the signed-in home stays out of that chunk. */
const LANDING_PAGE = '/src/features/landing/pages/landing-page.tsx';
const source = (file: string) => fileURLToPath(new URL(`..${file}`, import.meta.url));

type GetModuleInfo = (id: string) => { importedIds: readonly string[]; code?: string | null } | null;

const ICONS_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const isIcon = (id: string) => /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id);

/** lucide-react's index: each exported name (`MoreHorizontal`) and the icon's module (ellipsis.mjs). */
function iconModules(indexId: string): Map<string, string> {
  const byName = new Map<string, string>();
  const text = fs.readFileSync(indexId, 'utf8');
  for (const [, names = '', file = ''] of text.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    const id = path.join(path.dirname(indexId), file);
    for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) byName.set(name, id);
  }
  return byName;
}

/**
 * The modules `start` imports statically, directly or not, itself included. lucide-react's index
 * imports every icon (some 1,900): through it, a module reaches only the icons it names.
 */
function reachable(start: string, getModuleInfo: GetModuleInfo) {
  let icons: Map<string, string> | undefined;
  const seen = new Set<string>();
  const stack = [start];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      if (!ICONS_INDEX.test(imported)) {
        stack.push(imported);
        continue;
      }
      icons ??= iconModules(imported);
      for (const [, names = ''] of (info?.code ?? '').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g,
      )) {
        for (const name of names.split(',')) {
          const icon = icons.get(name.trim().split(/\s+as\s+/)[0] ?? '');
          if (icon) stack.push(icon);
        }
      }
    }
  }
  return seen;
}

/** The modules of the app's entry, of the landing page and of the signed-in home, once per build. */
function homeModules() {
  let sets: { entry: Set<string>; landing: Set<string>; signedInHome: Set<string> } | undefined;
  return (getModuleInfo: GetModuleInfo) => {
    sets ??= {
      entry: reachable(source('/src/main.tsx'), getModuleInfo),
      landing: reachable(source(LANDING_PAGE), getModuleInfo),
      signedInHome: new Set(SIGNED_IN_HOME.flatMap((file) => [...reachable(source(file), getModuleInfo)])),
    };
    return sets;
  };
}

type Context = { getModuleInfo: GetModuleInfo };
const home = homeModules();
const homeSets = (ctx: Context) => home((module) => ctx.getModuleInfo(module));

/**
 * Everything the signed-in home needs beyond the app's entry goes into one chunk: left to itself
 * the bundler splits it into some forty small files (icons, hooks, constants shared with other
 * pages), and over HTTP/1.1 a phone fetches six at a time, paying a round trip for each.
 */
export function signedInHomeChunk() {
  let members: Set<string> | undefined;
  return {
    // Only these modules: what they import from the entry's chunks stays there.
    includeDependenciesRecursively: false,
    name: (id: string, ctx: Context) => {
      if (!members) {
        const { entry, landing, signedInHome } = homeSets(ctx);
        members = new Set([...signedInHome].filter((module) => !entry.has(module) && !landing.has(module)));
      }
      return members.has(id) ? 'signed-in-home' : null;
    },
  };
}

/**
 * The icons several chunks share, in small files rather than one request each: `icons`, those of
 * the entry and the signed-in home that the home's chunk has not taken (the ones the landing page
 * shows too); `landing-icons`, the landing page's other ones; `page-icons`, those only other pages
 * show. Until 2026-11-27 they were one file, and every first route downloaded the icons of every
 * other page.
 */
export function iconChunks() {
  type Place = 'icons' | 'landing-icons' | 'page-icons';
  const place = (id: string, ctx: Context): Place => {
    const { entry, landing, signedInHome } = homeSets(ctx);
    if (entry.has(id) || signedInHome.has(id)) return 'icons';
    return landing.has(id) ? 'landing-icons' : 'page-icons';
  };
  const group = (name: Place) => ({
    minShareCount: 2,
    name: (id: string, ctx: Context) => (isIcon(id) && place(id, ctx) === name ? name : null),
  });
  return [group('icons'), group('landing-icons'), group('page-icons')];
}
