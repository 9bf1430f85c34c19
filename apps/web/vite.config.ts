import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { renderLandingFirstScreens } from './src/features/landing/prerender.tsx';
import { feedPagePath } from './src/features/posts/api/feed-path.ts';

/**
 * Writes a Brotli and a gzip copy next to each text file of the build; the server sends them as is
 * (@fastify/static `preCompressed`), so a phone downloads about a third of the bytes and no CPU is
 * spent compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'estudai:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|webmanifest)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** The modules `/` shows a signed-in student: the signed-in frame and the feed. */
const SIGNED_IN_HOME = ['/src/app/shell.tsx', '/src/features/posts/pages/feed-page.tsx'];
const source = (file: string) => fileURLToPath(new URL(`.${file}`, import.meta.url));

/**
 * Everything the signed-in home needs beyond the app's entry goes into one chunk: left to itself
 * the bundler splits it into some forty small files (icons, hooks, constants shared with other
 * pages), and over HTTP/1.1 a phone fetches six at a time, paying a round trip for each.
 */
type GetModuleInfo = (id: string) => { importedIds: readonly string[] } | null;

function signedInHomeChunk() {
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
        members = new Set(
          SIGNED_IN_HOME.flatMap((file) => [...reachable(source(file), getModuleInfo)]).filter(
            (module) => !entry.has(module),
          ),
        );
      }
      return members.has(id) ? 'signed-in-home' : null;
    },
  };
}

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
function homePages(): Plugin {
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

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    homePages(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The app registers the worker itself (lib/pwa.ts) and asks before updating.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,webmanifest}'],
        // Offline, every page opens from index.html; the variants of `/` are for the network only.
        globIgnores: ['index.*.html'],
        // The shell and every page chunk are precached, with the icons and the demo's images (small).
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Estudaí',
        short_name: 'Estudaí',
        description: 'A rede social para estudar junto, do ENEM aos concursos.',
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#4f46e5',
        background_color: '#4f46e5',
        categories: ['education', 'social'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      // Every `from 'zod'` of the app (the contract's schemas included) goes through the module that
      // sets `jitless` first, so the setting is in place before any schema is built, whichever chunk
      // or route loads zod first. The module itself imports 'zod/v4', which this does not catch.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-setup.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and its settings (lib/zod-setup.ts) in one chunk of their own, loaded with the first
          // screen that validates (forms), never with the first route.
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-setup\.ts$/ },
            signedInHomeChunk(),
            // The icons several pages share, in one small file rather than one request each.
            { name: 'icons', test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
