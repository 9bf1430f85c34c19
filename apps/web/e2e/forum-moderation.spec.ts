import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 24, forum moderation: the owner hides a student's reply; the other members no longer see
// it and its author reads 'Removido pela moderação' in its place.

const CARLA = 'carla@estudai.dev';
const BRUNO = 'bruno@estudai.dev';
const PHONE = { width: 390, height: 844 };
const FIRST_LOAD = { timeout: 20_000 };
const SPAM = 'Compre resumos prontos no meu perfil!';

test.use({ serviceWorkers: 'block', viewport: PHONE, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await page.route(
    (url) => url.origin !== E2E_BASE_URL,
    (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
});

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
}

test('the owner hides a reply and its author sees "Removido pela moderação"', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, CARLA);
  const created = await page.request.post('/api/study-groups', {
    data: {
      name: `Termologia ${Date.now().toString(36)}`,
      description: 'Calor, temperatura e dilatação para o ENEM.',
      category: 'fisica',
      subject: 'ENEM',
      isPaid: false,
    },
  });
  expect(created.status()).toBe(201);
  const groupId: string = (await created.json()).data.id;
  const topic = await page.request.post(`/api/study-groups/${groupId}/forum`, {
    data: { title: 'Dúvidas da lista 2', content: 'Perguntem aqui sobre a lista 2.' },
  });
  const topicId: string = (await topic.json()).data.id;

  // Bruno joins and answers with spam, through the API (writing has tests of its own).
  const student = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    serviceWorkers: 'block',
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const brunoPage = await student.newPage();
  await signIn(brunoPage, BRUNO);
  expect(
    (
      await brunoPage.request.post(`/api/study-groups/${groupId}/membership`, { data: { action: 'join' } })
    ).ok(),
  ).toBe(true);
  const reply = await brunoPage.request.post(`/api/study-groups/${groupId}/forum/${topicId}/comments`, {
    data: { content: SPAM },
  });
  expect(reply.status()).toBe(201);

  // Carla opens the topic and hides the reply from its 'Moderar' menu.
  await page.goto(`/study-groups/${groupId}/forum`);
  await page.getByRole('button', { name: 'Dúvidas da lista 2', exact: true }).click(FIRST_LOAD);
  await expect(page.getByText(SPAM)).toBeVisible();
  await page.getByRole('button', { name: 'Moderar a resposta de Bruno Lima' }).click();
  await page.screenshot({ path: 'test-results/screens/forum-moderation-390.png', fullPage: true });
  await expectSoundLayout(page, 'forum moderation menu', { steps: 0 });
  await page.getByRole('button', { name: 'Ocultar', exact: true }).click();
  await expect(page.getByText('Conteúdo ocultado', { exact: true })).toBeVisible();
  const replyCard = page.getByRole('article', { name: 'Resposta de Bruno Lima' });
  await expect(replyCard.getByText('Oculto', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/screens/forum-moderation-1280.png', fullPage: true });
  await page.setViewportSize(PHONE);

  // Bruno reads the placeholder where his reply was.
  await brunoPage.goto(`/study-groups/${groupId}/forum`);
  await brunoPage.getByRole('button', { name: 'Dúvidas da lista 2', exact: true }).click(FIRST_LOAD);
  const own = brunoPage.getByRole('article', { name: 'Resposta de Bruno Lima' });
  await expect(own.getByText('Removido pela moderação')).toBeVisible();
  await expect(brunoPage.getByText(SPAM)).toHaveCount(0);
  await brunoPage.screenshot({ path: 'test-results/screens/forum-removed-author-390.png', fullPage: true });
  await student.close();
});
