import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, liveConnection, test } from './fixtures.ts';

// Issue 39: two students in one study room see each other and the same shared countdown.

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
}

/** The countdown's seconds left, read from its text ('24:59'). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

test('two students in one room see each other and the same phase and countdown', async ({
  page,
  browser,
}) => {
  const brunoContext = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'pt-BR' });
  const brunoPage = await brunoContext.newPage();
  const brunoErrors: string[] = [];
  brunoPage.on('console', (message) => {
    if (message.type() === 'error') brunoErrors.push(message.text());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await brunoPage.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'ana@estudai.dev');
  await signIn(brunoPage, 'bruno@estudai.dev');

  test.setTimeout(90_000);
  const anaLive = liveConnection(page);
  await page.goto('/salas');
  await expect(page.getByRole('heading', { name: 'Salas de estudo' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^ENEM/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/rooms-list-390.png', fullPage: true });
  await page.getByRole('link', { name: /^ENEM/ }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByLabel('O que você vai estudar').selectOption('matematica');
  await page.getByLabel('Meta (opcional)').fill('20 questões de funções');
  await page.getByRole('button', { name: 'Entrar na sala' }).click();
  const present = (p: Page) => p.getByRole('region', { name: 'Quem está na sala' });
  await expect(present(page)).toContainText('Ana');
  await anaLive;

  const brunoLive = liveConnection(brunoPage);
  await brunoPage.goto('/salas');
  await expect(
    brunoPage.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Salas' }),
  ).toBeVisible();
  await brunoPage.getByRole('link', { name: /^ENEM/ }).click();
  await brunoPage.getByRole('button', { name: 'Entrar na sala' }).click();
  await brunoLive;
  await expect(present(brunoPage)).toContainText('Ana');
  await expect(present(brunoPage)).toContainText('Matemática · 20 questões de funções');
  // Ana sees Bruno come in, live.
  await expect(present(page)).toContainText('Bruno');

  // The same phase, and countdowns within a second of each other.
  const [anaPhase, brunoPhase] = await Promise.all([
    page.getByTestId('room-phase').textContent(),
    brunoPage.getByTestId('room-phase').textContent(),
  ]);
  expect(anaPhase).toBe(brunoPhase);
  const [anaLeft, brunoLeft] = await Promise.all([secondsLeft(page), secondsLeft(brunoPage)]);
  expect(Math.abs(anaLeft - brunoLeft)).toBeLessThanOrEqual(1);

  // A cheer reaches the other screen.
  await brunoPage.getByRole('button', { name: 'Bora!' }).click();
  await expect(page.getByRole('list', { name: 'Últimas reações' })).toContainText('Bruno: Bora!');

  await page.screenshot({ path: 'test-results/screens/room-390.png', fullPage: true });
  await brunoPage.screenshot({ path: 'test-results/screens/room-1280.png', fullPage: true });
  await brunoPage.goto('/salas');
  await brunoPage.getByRole('tab', { name: 'Liga' }).click();
  await expect(brunoPage.getByRole('region', { name: 'Liga da semana' })).toContainText('Bruno');
  await brunoPage.screenshot({ path: 'test-results/screens/rooms-league-1280.png', fullPage: true });
  expect(brunoErrors).toEqual([]);
  await brunoContext.close();
});
