import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, liveConnection, test } from './fixtures.ts';

const ANA = 'ana@estudai.dev';
const BRUNO = 'bruno@estudai.dev';
const ELISA = 'elisa@estudai.dev';

// The machine running the tests has no internet: pictures from other sites (the demo posts use
// some) get a blank 1×1 PNG instead of a failed load in the console.
const BLANK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function blankExternalImages(page: Page) {
  await page.route(
    (url) => url.origin !== E2E_BASE_URL,
    (route) => route.fulfill({ contentType: 'image/png', body: BLANK_PNG }),
  );
}

// No service worker here: its precache would download every chunk once more in each browser, and
// the server's per-IP request ceiling is shared by the whole run.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  await blankExternalImages(page);
});

/** Signs in through the API in the page's context; answers the user's id. */
async function signIn(page: Page, email: string): Promise<string> {
  const login = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const session = await page.request.get('/api/auth/session');
  return (await session.json()).data.id;
}

/** A second person in their own browser; their console errors fail the test too. */
async function secondBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    serviceWorkers: 'block',
  });
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
  };
  const newPage = async () => {
    const page = await context.newPage();
    watch(page);
    await blankExternalImages(page);
    return page;
  };
  return { context, errors, newPage };
}

async function closeSecond(second: { context: BrowserContext; errors: string[] }) {
  expect(second.errors, 'console errors in the second browser').toEqual([]);
  await second.context.close();
}

const notificationsTab = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: /^Notificações/ });

/** What the tab bar's badge says for `count` (browsers put a space between block-level parts of a name). */
const badgeName = (count: number) =>
  count === 0 ? 'Notificações' : new RegExp(`^Notificações\\s*,\\s*${count} novidades?$`);

/** A tab of the notifications screen with its badge. */
const tabName = (label: string, count: number, unit: string) =>
  new RegExp(`^${label}\\s*,\\s*${count} ${unit}`);

async function countsOf(page: Page): Promise<{ unread: number; pendingRequests: number }> {
  return (await (await page.request.get('/api/notifications/counts')).json()).data;
}

/** Starts the person with everything read, so the badge counts only what this test causes. */
async function readEverything(page: Page) {
  expect((await page.request.post('/api/notifications/read-all')).ok()).toBe(true);
  return (await countsOf(page)).pendingRequests;
}

test("A likes and comments on B's post: B's badge rises live, and the notification opens the highlighted comment", async ({
  page,
  browser,
}) => {
  const bruno = await secondBrowser(browser);
  const brunoPage = await bruno.newPage();
  await signIn(page, ANA);
  await signIn(brunoPage, BRUNO);
  const pending = await readEverything(brunoPage);

  const created = await brunoPage.request.post('/api/posts', {
    data: { type: 'text', content: 'Alguém tem um resumo de termoquímica para o ENEM?' },
  });
  expect(created.status()).toBe(201);
  const postId: string = (await created.json()).data.id;

  const live = liveConnection(brunoPage);
  await brunoPage.goto('/');
  await expect(brunoPage.getByRole('heading', { name: 'Início' })).toBeVisible();
  const tab = notificationsTab(brunoPage);
  await expect(tab).toHaveAccessibleName(badgeName(pending));
  await live;

  // Ana likes the post: Bruno's badge rises and a toast tells him, with no reload.
  expect((await page.request.post(`/api/posts/${postId}/like`)).ok()).toBe(true);
  await expect(tab).toHaveAccessibleName(badgeName(pending + 1));
  // Issue 36: the notification names the post by the start of its text.
  await expect(
    brunoPage.getByText('Ana Souza curtiu seu post “Alguém tem um resumo de termoquímica par…”.', {
      exact: true,
    }),
  ).toBeVisible();

  // Ana comments.
  const comment = await page.request.post(`/api/posts/${postId}/comments`, {
    data: { content: 'Tenho sim! Entalpia, lei de Hess e energia de ligação. Te mando.' },
  });
  expect(comment.status()).toBe(201);
  const commentId: string = (await comment.json()).data.id;
  await expect(tab).toHaveAccessibleName(badgeName(pending + 2));
  await expect(brunoPage.getByText('Novo comentário', { exact: true })).toBeVisible();

  // Bruno opens his notifications and the comment from there.
  await tab.click();
  await expect(brunoPage).toHaveURL('/notifications');
  await expect(brunoPage.getByRole('tab', { name: /^Geral/ })).toHaveAccessibleName(
    tabName('Geral', 2, 'não lidas'),
  );
  const list = brunoPage.getByRole('list', { name: 'Notificações' });
  await expect(list.getByRole('button', { name: 'Nova curtida' })).toBeVisible();
  await list.getByRole('button', { name: 'Novo comentário' }).first().click();
  await expect(brunoPage).toHaveURL(`/post/${postId}/comments/${commentId}`);
  const highlighted = brunoPage.locator(`[id="comment-${commentId}"]`);
  await expect(highlighted).toContainText('Entalpia, lei de Hess');
  await expect(highlighted).toHaveAttribute('data-highlighted', 'true');
  // The notification is read now: one left (the like). The comments screen trades the tab bar for
  // its composer (issue 23), so the badge is read back on the notifications screen.
  await brunoPage.goBack();
  await expect(brunoPage).toHaveURL('/notifications');
  await expect(tab).toHaveAccessibleName(badgeName(pending + 1));

  await closeSecond(bruno);
});

test("A follows B: B's badge rises live, and 'Novo seguidor' opens A's profile", async ({
  page,
  browser,
}) => {
  const bruno = await secondBrowser(browser);
  const brunoPage = await bruno.newPage();
  const anaId = await signIn(page, ANA);
  const brunoId = await signIn(brunoPage, BRUNO);
  // The demo data has Ana following Bruno already: she stops, so that following again is new.
  expect((await page.request.delete(`/api/users/${brunoId}/follow`)).ok()).toBe(true);
  const pending = await readEverything(brunoPage);

  const live = liveConnection(brunoPage);
  await brunoPage.goto('/study-groups');
  const tab = notificationsTab(brunoPage);
  await expect(tab).toHaveAccessibleName(badgeName(pending));
  await live;

  await page.goto(`/user/${brunoId}`);
  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Deixar de seguir' })).toBeVisible();

  await expect(tab).toHaveAccessibleName(badgeName(pending + 1));
  await expect(brunoPage.getByText('Ana Souza começou a seguir você.', { exact: true })).toBeVisible();

  await tab.click();
  await brunoPage
    .getByRole('list', { name: 'Notificações' })
    .getByRole('button', { name: 'Novo seguidor' })
    .click();
  await expect(brunoPage).toHaveURL(`/user/${anaId}`);
  await expect(brunoPage.getByRole('heading', { name: 'Ana Souza' })).toBeVisible();
  await expect(tab).toHaveAccessibleName(badgeName(pending));

  await closeSecond(bruno);
});

test('a connection request reaches both open tabs of B; accepting it on one clears the other', async ({
  page,
  browser,
}) => {
  const bruno = await secondBrowser(browser);
  const firstTab = await bruno.newPage();
  const secondTab = await bruno.newPage();
  const elisaId = await signIn(page, ELISA);
  const brunoId = await signIn(firstTab, BRUNO);
  const pending = await readEverything(firstTab);

  const live = [liveConnection(firstTab), liveConnection(secondTab)];
  await firstTab.goto('/notifications');
  await secondTab.goto('/videos');
  await expect(notificationsTab(firstTab)).toHaveAccessibleName(badgeName(pending));
  await expect(notificationsTab(secondTab)).toHaveAccessibleName(badgeName(pending));
  await Promise.all(live);

  // Elisa asks to connect from Bruno's profile.
  await page.goto(`/user/${brunoId}`);
  await page.getByRole('button', { name: 'Conectar' }).click();
  // The toast says so, and the button itself now waits: 'Solicitação enviada', disabled.
  await expect(page.getByRole('button', { name: 'Solicitação enviada' })).toBeDisabled();

  for (const tab of [firstTab, secondTab]) {
    await expect(notificationsTab(tab)).toHaveAccessibleName(badgeName(pending + 1));
  }
  const requestsTab = firstTab.getByRole('tab', { name: /^Solicitações/ });
  await expect(requestsTab).toHaveAccessibleName(tabName('Solicitações', pending + 1, 'pendente'));
  await requestsTab.click();
  const request = firstTab
    .getByRole('list', { name: 'Solicitações de conexão' })
    .getByRole('listitem')
    .filter({ hasText: 'Elisa Rocha' });
  await expect(request).toContainText('Tutora de biologia e química.');
  await request.getByRole('button', { name: 'Aceitar' }).click();
  await expect(firstTab.getByText('Agora vocês estão conectados! 🎉', { exact: true })).toBeVisible();
  await expect(request).toHaveCount(0);
  await expect(notificationsTab(secondTab)).toHaveAccessibleName(badgeName(pending));

  // Connected: Elisa is told at once, and Bruno sees no 'Conectar' on her profile any more.
  await expect(
    page.getByText('Bruno Lima aceitou sua solicitação. Agora vocês podem conversar!', { exact: true }),
  ).toBeVisible();
  await firstTab.goto(`/user/${elisaId}`);
  await expect(firstTab.getByRole('button', { name: 'Deixar de seguir' })).toBeVisible();
  await expect(firstTab.getByRole('button', { name: 'Conectar' })).toHaveCount(0);

  await closeSecond(bruno);
});

test.describe('on a small phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the three tabs show their whole names beside two-digit badges', async ({ page, login }) => {
    // The widest badges there are ('9+'), whatever the demo data holds.
    await page.route('**/api/notifications/counts', (route) =>
      route.fulfill({ json: { data: { unread: 12, pendingRequests: 12 } } }),
    );
    await login(ANA);
    await page.goto('/notifications');
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: /^Solicitações/ })).toHaveAccessibleName(
      tabName('Solicitações', 12, 'pendentes'),
    );
    await expect(tabs.getByRole('tab', { name: /^Geral/ })).toHaveAccessibleName(
      tabName('Geral', 12, 'não lidas'),
    );
    for (const label of ['Solicitações', 'Geral', 'Recomendados']) {
      const tab = tabs.getByRole('tab', { name: new RegExp(`^${label}`) });
      await expect(tab.getByText(label, { exact: true })).toBeVisible();
      // Nothing shown inside the tab is cut off (an ellipsis or a clipped badge); the badge's words
      // for screen readers are clipped on purpose.
      const clipped = await tab.evaluate((element) =>
        [element, ...element.querySelectorAll('*')]
          .filter((part) => !part.closest('.sr-only') && part.scrollWidth > part.clientWidth)
          .map((part) => part.textContent),
      );
      expect(clipped, label).toEqual([]);
    }
    const fits = await tabs.evaluate((list) => {
      const box = list.getBoundingClientRect();
      return list.scrollWidth <= list.clientWidth && box.left >= 0 && box.right <= window.innerWidth;
    });
    expect(fits).toBe(true);
  });
});
