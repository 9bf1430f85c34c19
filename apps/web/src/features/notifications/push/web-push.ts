import { api, apiRequest } from '../../../lib/api.ts';
import { urlBase64ToUint8Array } from './url-base64.ts';

const READY_TIMEOUT_MS = 10_000;

/** Whether this browser can receive Web Push at all (iOS only from the installed app). */
export const isPushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The app's service worker once it is active; it is registered by production builds only. */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('O aplicativo ainda não está pronto para notificações. Recarregue a página.')),
      READY_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's current push subscription, if there is one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Tells the server where to reach this device for the signed-in user. */
export const saveSubscription = (subscription: PushSubscription) =>
  api.post<{ message: string }>('/push/subscriptions', subscription.toJSON());

/** Subscribes this device (the permission must have been granted) and registers it with the server. */
export async function subscribeDevice(): Promise<string> {
  const registration = await readyRegistration();
  const { publicKey } = await api.get<{ publicKey: string }>('/push/public-key');
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: urlBase64ToUint8Array(publicKey),
  });
  try {
    return (await saveSubscription(subscription)).message;
  } catch (error) {
    // The server does not know it: the device must not stay half subscribed.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}

/** Stops pushes to this device and tells the server to forget it. */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  // Should this fail, the push service answers 410 for the endpoint and the server drops it then.
  await apiRequest('/push/subscriptions', { method: 'DELETE', body: { endpoint } }).catch(() => undefined);
}
