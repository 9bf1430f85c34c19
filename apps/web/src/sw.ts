/// <reference lib="webworker" />
// Estudaí's service worker (built by vite-plugin-pwa, injectManifest): the precached app shell,
// the last feed and profiles readable offline, and a new version only when the person accepts it.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import './sw-push.ts';

declare const self: ServiceWorkerGlobalScope;

const API_CACHE = 'estudai-api';
const MEDIA_CACHE = 'estudai-media';
const DAY_SECONDS = 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open page at once (later ones wait for 'Atualizar').
clientsClaim();

// Every page of the app opens from the precached shell, online or not. The API, uploaded
// media and the realtime channel are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/media\//, /^\/socket\.io/],
  }),
);

// The feed and profiles: the network when it answers, the last copy when it does not.
// Sign-in calls (/api/auth/*) and the realtime channel never reach this cache.
const isReadableOffline = (url: URL) =>
  /^\/api\/posts(\/|$)/.test(url.pathname) || url.pathname.startsWith('/api/users/');
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isReadableOffline(url),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 14 * DAY_SECONDS }),
    ],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// Whoever signs in or out on this device must not read the previous account's copies.
for (const action of ['login', 'logout', 'signup']) {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === `/api/auth/${action}`,
    async ({ request }) => {
      const response = await fetch(request);
      if (response.ok) await Promise.all([caches.delete(API_CACHE), caches.delete(MEDIA_CACHE)]);
      return response;
    },
    'POST',
  );
}

// A page that cannot be served at all gets the offline page instead of the browser's error; an
// uploaded image never seen online, a picture saying it needs the connection.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/offline.html')) ?? Response.error();
  if (request.destination === 'image') return (await matchPrecache('/offline-image.svg')) ?? Response.error();
  return Response.error();
});

// The update prompt ('Nova versão disponível') asks the waiting version to take over.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
