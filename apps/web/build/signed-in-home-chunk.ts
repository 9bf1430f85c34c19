// Build option: the signed-in home (shell and feed) in one chunk instead of some forty small ones.
// Decision: docs/decisions/009-two-home-pages.md
import { fileURLToPath } from 'node:url';

/** The modules `/` shows a signed-in student: the signed-in frame and the feed. */
export const SIGNED_IN_HOME = ['/src/app/shell.tsx', '/src/features/posts/pages/feed-page.tsx'];
/** The other page `/` can be: what it shares with the signed-in home stays out of that chunk. */
const LANDING_PAGE = '/src/features/landing/pages/landing-page.tsx';
const source = (file: string) => fileURLToPath(new URL(`..${file}`, import.meta.url));

/**
 * Everything the signed-in home needs beyond the app's entry goes into one chunk: left to itself
 * the bundler splits it into some forty small files (icons, hooks, constants shared with other
 * pages), and over HTTP/1.1 a phone fetches six at a time, paying a round trip for each.
 */
type GetModuleInfo = (id: string) => { importedIds: readonly string[] } | null;

export function signedInHomeChunk() {
  let members: Set<string> | undefined;
  const reachable = (start: string, getModuleInfo: GetModuleInfo) => {
    const seen = new Set<string>();
    const stack = [start];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    // Only these modules: what they import from the entry's chunks stays there.
    includeDependenciesRecursively: false,
    name: (id: string, ctx: { getModuleInfo: GetModuleInfo }) => {
      if (!members) {
        const getModuleInfo: GetModuleInfo = (module) => ctx.getModuleInfo(module);
        const entry = reachable(source('/src/main.tsx'), getModuleInfo);
        const landing = reachable(source(LANDING_PAGE), getModuleInfo);
        members = new Set(
          SIGNED_IN_HOME.flatMap((file) => [...reachable(source(file), getModuleInfo)]).filter(
            (module) => !entry.has(module) && !landing.has(module),
          ),
        );
      }
      return members.has(id) ? 'signed-in-home' : null;
    },
  };
}
