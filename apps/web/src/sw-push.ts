/// <reference lib="webworker" />
// Web Push in the service worker: a notification on the phone for each one the server pushes,
// and a tap on it opens the place it is about.

declare const self: ServiceWorkerGlobalScope;

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

const ICON = '/icons/icon-192.png';

function readPayload(data: PushMessageData | null): PushPayload {
  if (!data) return {};
  try {
    const parsed: unknown = data.json();
    return parsed && typeof parsed === 'object' ? (parsed as PushPayload) : {};
  } catch {
    return { body: data.text() };
  }
}

/** Only addresses of this app are opened from a notification. */
function appUrl(url: string | undefined): string {
  const target = new URL(url ?? '/notifications', self.location.origin);
  return target.origin === self.location.origin
    ? target.href
    : new URL('/notifications', self.location.origin).href;
}

/** Someone looks at the app right now: it shows the notification itself (badge and toast). */
async function isAppInFront(): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window' });
  return windows.some((client) => client.focused && client.visibilityState === 'visible');
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    (async () => {
      if (await isAppInFront()) return;
      await self.registration.showNotification(payload.title || 'Estudaí', {
        body: payload.body ?? '',
        tag: payload.tag,
        data: { url: appUrl(payload.url) },
        icon: ICON,
        badge: ICON,
        lang: 'pt-BR',
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl((event.notification.data as { url?: string } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // An uncontrolled page cannot be navigated from here: a new window opens instead.
        const navigated = await focused.navigate(url).catch(() => null);
        if (navigated) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

export {};
