import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';

// No internet here: the embedded players and pictures from other sites get a blank stand-in.
const BLANK = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"/>';
async function blankExternalRequests(page: Page) {
  await page.route(
    (url) => url.origin !== E2E_BASE_URL,
    (route) => route.fulfill({ contentType: 'image/svg+xml', body: BLANK }),
  );
}

test.use({ serviceWorkers: 'block' });

const TITLE = 'Revisão de genética: leis de Mendel';

/** The number in '{n} visualizações' on the video page. */
async function viewsOn(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d.,]+k? visualizações$/).textContent();
  return Number(text?.match(/^(\d+)/)?.[1]);
}

test('a student searches with a category filter, opens a video, and another student, once a member, sees the view counted', async ({
  page,
  browser,
  login,
}) => {
  await blankExternalRequests(page);
  await login('ana@estudai.dev');
  await page.goto('/study-groups');
  await page.getByRole('link', { name: 'Biblioteca de Vídeos' }).click();
  await expect(page).toHaveURL('/videos');

  // Typed without the accent, filtered to revisions: the revision of genetics is there, a lesson is not.
  await page.getByLabel('Categoria').selectOption('revisao');
  await page.getByLabel('Buscar vídeos').fill('revisao genetica');
  const list = page.getByRole('list', { name: 'Vídeos' });
  const card = list.getByRole('link', { name: new RegExp(TITLE) });
  await expect(card).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await card.click();
  await expect(page).toHaveURL(/\/study-groups\/[0-9a-f-]{36}\/videos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const afterAna = await viewsOn(page);
  // Reloading the same day does not count again.
  await page.reload();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  expect(await viewsOn(page)).toBe(afterAna);
  await expect(page.getByRole('heading', { name: 'Links do Anunciante' })).toBeVisible();

  // Bruno opens the same address and sees Ana's view and his own.
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    serviceWorkers: 'block',
  });
  const bruno = await context.newPage();
  await blankExternalRequests(bruno);
  const signIn = await bruno.request.post('/api/auth/login', {
    data: { email: 'bruno@estudai.dev', password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  // Group videos are for members (docs/decisions/013): Bruno joins the free group first, as its
  // 'Entrar no grupo' does.
  const groupId = new URL(page.url()).pathname.split('/')[2];
  const join = await bruno.request.post(`/api/study-groups/${groupId}/membership`, {
    data: { action: 'join' },
  });
  expect(join.ok()).toBe(true);
  await bruno.goto(new URL(page.url()).pathname);
  await expect(bruno.getByRole('heading', { name: TITLE })).toBeVisible();
  expect(await viewsOn(bruno)).toBe(afterAna + 1);
  await context.close();
});
