import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { homePages } from './build/home-pages.ts';
import { precompress } from './build/precompress.ts';
import { iconChunks, signedInHomeChunk } from './build/signed-in-home-chunk.ts';

/** Chunks found by name after the build (scripts/first-route-size.ts: the first idle moment's). */
const NAMED_CHUNKS = ['live-connection', 'workbox-window'];

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
        // Lazy chunks are named by their hash alone: the entry script carries every chunk's file name
        // in its preload map (`__vite__mapDeps`), on every first route, and the names cost about 1 KiB
        // of it gzipped. The chunks scripts/first-route-size.ts finds by name keep theirs.
        chunkFileNames: (chunk) =>
          NAMED_CHUNKS.some((name) => chunk.name.startsWith(name))
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        codeSplitting: {
          // zod and its settings (lib/zod-setup.ts) in one chunk of their own, loaded with the first
          // screen that validates (forms), never with the first route.
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-setup\.ts$/ },
            signedInHomeChunk(),
            ...iconChunks(),
            // The live connection's library (socket.io-client and the engine under it), loaded at the
            // first idle moment (lib/socket.ts), under a name scripts/first-route-size.ts can find.
            {
              name: 'live-connection',
              test: /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
