import { NOTIFICATION_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/api-mock.ts';
import { expectToast } from '../../test/toast.ts';
import { urlBase64ToUint8Array } from './push/url-base64.ts';
import { openApp } from './testing/notification-fixtures.ts';

// A P-256 public key as the server hands it out (base64url, 65 bytes).
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.net/send/abc123';
const subscriptionJson = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

function fakeSubscription() {
  return { endpoint: ENDPOINT, toJSON: () => subscriptionJson, unsubscribe: vi.fn(async () => true) };
}

/** A browser with Web Push: a service worker whose push manager holds `existing`, if any. */
function stubPushBrowser({
  permission = 'default',
  answer = 'granted',
  existing = null,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  existing?: ReturnType<typeof fakeSubscription> | null;
} = {}) {
  let current = existing;
  const created = fakeSubscription();
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = created;
      return created;
    }),
  };
  const registration = { pushManager };
  const Notification = { permission, requestPermission: vi.fn(async () => answer) };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  });
  return { pushManager, created, Notification };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const pushSwitch = () => screen.findByRole('switch', { name: NOTIFICATION_MESSAGES.pushSwitch });

describe("the 'Notificações no celular' switch", () => {
  it('is off and disabled, saying so, where the browser has no Web Push', async () => {
    openApp('/notifications');
    const control = await pushSwitch();
    expect(control).toBeDisabled();
    expect(control).toHaveAttribute('aria-checked', 'false');
    expect(control).toHaveAccessibleDescription(NOTIFICATION_MESSAGES.pushUnsupported);
  });

  it('is disabled with the reason when notifications are blocked', async () => {
    stubPushBrowser({ permission: 'denied' });
    openApp('/notifications');
    const control = await pushSwitch();
    expect(control).toBeDisabled();
    expect(control).toHaveAccessibleDescription(NOTIFICATION_MESSAGES.pushDenied);
  });

  it('asks permission, subscribes with the server key and registers the subscription', async () => {
    const { pushManager, Notification } = stubPushBrowser();
    const { api, user } = openApp('/notifications', {
      'GET /api/push/public-key': ok({ publicKey: PUBLIC_KEY }),
      'POST /api/push/subscriptions': ok({ message: 'Notificações ativadas neste aparelho.' }, 201),
    });
    const control = await pushSwitch();
    await waitFor(() => expect(control).toBeEnabled());
    await user.click(control);
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'true'));
    expect(Notification.requestPermission).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToUint8Array(PUBLIC_KEY),
    });
    expect(api.callsTo('POST', '/api/push/subscriptions').map((call) => call.body)).toEqual([
      subscriptionJson,
    ]);
    await expectToast('Notificações ativadas neste aparelho.');
  });

  it('turns off: unsubscribes the device and tells the server', async () => {
    const existing = fakeSubscription();
    stubPushBrowser({ permission: 'granted', existing });
    const { api, user } = openApp('/notifications', {
      'POST /api/push/subscriptions': ok({ message: 'Notificações ativadas neste aparelho.' }, 201),
      'DELETE /api/push/subscriptions': ok({ message: 'Notificações desativadas neste aparelho.' }),
    });
    const control = await pushSwitch();
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'true'));
    await user.click(control);
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'false'));
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
    expect(api.callsTo('DELETE', '/api/push/subscriptions').map((call) => call.body)).toEqual([
      { endpoint: ENDPOINT },
    ]);
  });

  it('stays off and shows the reason when the person blocks notifications', async () => {
    const { pushManager } = stubPushBrowser({ answer: 'denied' });
    const { user } = openApp('/notifications');
    const control = await pushSwitch();
    await waitFor(() => expect(control).toBeEnabled());
    await user.click(control);
    await waitFor(() => expect(control).toHaveAccessibleDescription(NOTIFICATION_MESSAGES.pushDenied));
    expect(control).toBeDisabled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });
});

describe('urlBase64ToUint8Array', () => {
  it('decodes the base64url VAPID key to its 65 bytes', () => {
    const bytes = urlBase64ToUint8Array(PUBLIC_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
