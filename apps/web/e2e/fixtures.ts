import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR } from './env.ts';

export const DEMO_PASSWORD = 'Estudai@2025';

export const test = base.extend<{ failOnConsoleError: undefined; login: (email: string) => Promise<void> }>({
  // Every test fails when the page logs an error or throws.
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],

  /** Signs in through the API (the session cookie lands in the page's context). */
  login: async ({ page }, use) => {
    await use(async (email) => {
      const response = await page.request.post('/api/auth/login', {
        data: { email, password: DEMO_PASSWORD },
      });
      expect(response.status()).toBe(200);
    });
  },
});

export { expect };

/**
 * Resolves once the page's live connection is open (Socket.IO's CONNECT packet over the WebSocket):
 * events sent before that reach the page only as refreshed counts, not as live toasts.
 */
export function liveConnection(page: Page) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

const mgmtLink = (mode: 'verifyEmail' | 'resetPassword') =>
  new RegExp(`${E2E_BASE_URL}/auth/mgmt\\?mode=${mode}&oobCode=[\\w-]+`);

function decodeQuotedPrintable(text: string) {
  return text.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

/** The account link (`mode`) of the newest e-mail sent to `to` (the outbox holds .eml files). */
async function accountLinkFor(to: string, mode: 'verifyEmail' | 'resetPassword'): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const files = (await fs.readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
      for (const file of files.reverse()) {
        const mail = decodeQuotedPrintable(await fs.readFile(path.join(outbox, file), 'utf8'));
        if (!mail.includes(to)) continue;
        link = mail.match(mgmtLink(mode))?.[0];
        if (link) return link;
      }
      return undefined;
    })
    .toBeTruthy();
  return link as string;
}

/** The verification link of the newest e-mail sent to `to`. */
export const verificationLinkFor = (to: string) => accountLinkFor(to, 'verifyEmail');

/** The password reset link of the newest e-mail sent to `to`. */
export const resetLinkFor = (to: string) => accountLinkFor(to, 'resetPassword');

/** The toasts' region, where a toast's text is read once (its live announcement repeats it). */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notificações (F8)' });

export async function expectShell(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  for (const tab of ['Início', 'Grupos', 'Notificações', 'Perfil']) {
    await expect(nav.getByRole('link', { name: tab })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'Criar novo post' })).toBeVisible();
}

// No internet here: pictures from other sites (the demo posts use some) get a blank stand-in instead
// of a failed load in the console.
const BLANK_IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"/>';
export async function blankExternalImages(target: Page | BrowserContext) {
  await target.route(
    (url) => url.origin !== E2E_BASE_URL,
    (route) => route.fulfill({ contentType: 'image/svg+xml', body: BLANK_IMAGE }),
  );
}

/** The password of the accounts `signUpVerified` creates. */
export const NEW_USER_PASSWORD = 'Senha-Forte-2025!';

/**
 * A new adult student with a confirmed e-mail, signed in on `request` (a page's or a context of its
 * own); the address is made from the first name and the time unless given.
 */
export async function signUpVerified(
  request: APIRequestContext,
  displayName: string,
  email = `${displayName.split(' ')[0]?.toLowerCase()}.${Date.now()}@exemplo.com`,
): Promise<{ id: string; email: string }> {
  const signup = await request.post('/api/auth/signup', {
    data: { displayName, email, password: NEW_USER_PASSWORD, profile: 'aluno', birthDate: '2004-05-20' },
  });
  expect(signup.status()).toBe(201);
  const { id } = (await signup.json()).data;
  expect((await request.post('/api/auth/send-verification-email', { data: { email } })).ok()).toBe(true);
  const oobCode = new URL(await verificationLinkFor(email)).searchParams.get('oobCode');
  expect((await request.post('/api/auth/confirm-email', { data: { oobCode } })).ok()).toBe(true);
  return { id, email };
}
