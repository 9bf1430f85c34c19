// Build plugin: the variants of `/` (signed-in with preloads, landing before and after the launch).
// Decisions: docs/decisions/009-two-home-pages.md, docs/decisions/010-landing-first-screen-in-the-html.md
import type { Plugin } from 'vite';
import { renderLandingFirstScreens } from '../src/features/landing/prerender.tsx';
import { feedPagePath } from '../src/features/posts/api/feed-path.ts';
import { SIGNED_IN_HOME } from './signed-in-home-chunk.ts';

/**
 * Shapes the two pages `/` can be.
 * - index.html carries its stylesheet inline: the loading screen paints as soon as the page itself
 *   has arrived, without a second round trip for the CSS (11 KiB gzipped).
 * - index.signed-in.html adds a modulepreload link for each chunk of the feed and its frame, and a
 *   preload of the feed's first page. The server sends it for `/` when the request carries a
 *   session cookie, so a returning student's phone downloads the feed's code and posts beside the
 *   app's code, not after the app has started (the feed's own request then finds them arrived).
 * - index.landing.html and index.landing-countdown.html hold the landing page's first screen in
 *   place of the loading screen, after and before the launch: templates the server fills and sends
 *   for `/` without a session cookie (apps/server/src/plugins/landing-page.ts).
 */
export function homePages(): Plugin {
  return {
    name: 'estudai:home-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
      const css = bundle[String(html.source).match(stylesheet)?.[1] ?? ''];
      if (css?.type !== 'asset') this.error('home pages: index.html links no stylesheet');
      const page = String(html.source).replace(stylesheet, () => `<style>${String(css.source)}</style>`);
      html.source = page;

      const root = /<div id="root">.*<\/div>$/m;
      if (!root.test(page)) this.error('home pages: index.html has no one-line #root');
      const landing = renderLandingFirstScreens();
      for (const [fileName, firstScreen] of [
        ['index.landing.html', landing.launched],
        ['index.landing-countdown.html', landing.countdown],
      ] as const) {
        this.emitFile({ type: 'asset', fileName, source: page.replace(root, () => firstScreen) });
      }

      const wanted = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || wanted.has(fileName)) return;
        wanted.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      const holds = (entry: string) => (id: string) => id.replaceAll('\\', '/').endsWith(entry);
      for (const entry of SIGNED_IN_HOME) {
        const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.moduleIds.some(holds(entry)));
        if (!chunk) this.error(`home pages: no chunk holds ${entry}`);
        visit(chunk.fileName);
      }
      const links = [...wanted]
        .filter((fileName) => !page.includes(`/${fileName}"`))
        .map((fileName) => `\n    <link rel="modulepreload" crossorigin href="/${fileName}">`)
        .join('');
      // `crossorigin` (anonymous): the same credentials mode as the app's fetch, or it would not match.
      const posts = `\n    <link rel="preload" as="fetch" crossorigin href="/api${feedPagePath()}">`;
      this.emitFile({
        type: 'asset',
        fileName: 'index.signed-in.html',
        source: page.replace('</head>', `${posts}${links}\n  </head>`),
      });
    },
  };
}
