import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 39: the solo study timer is a personal focus block. Its minutes count as a room's do — only
// those vouched for by the visible tab's heartbeats — and show on the profile as verified hours.
// The server runs on its real clock here (no e2e spec moves the server's clock): a verified minute
// takes a real minute, so this journey lasts a little over one.

const ANA = 'ana@estudai.dev';

/** A figure of the profile ('Verificadas hoje', 'Hoje'…), by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** '1h 5m' or '25m' in minutes. */
function minutesOf(text: string | null): number {
  const match = (text ?? '').match(/^(?:(\d+)h )?(\d+)m$/);
  if (!match) throw new Error(`not a study time: ${text}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2]);
}

test('a student studies with the solo timer and its verified minute shows on the profile', async ({
  page,
  login,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(ANA);
  await page.goto('/profile');
  const verified = page.getByRole('region', { name: 'Horas verificadas' });
  await expect(verified).toBeVisible();
  const verifiedBefore = minutesOf(await figure(page, 'Verificadas hoje').textContent());
  const todayBefore = minutesOf(await figure(page, 'Hoje').textContent());

  await page.getByRole('button', { name: 'Cronômetro de estudo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cronômetro de estudo' });
  await expect(dialog).toContainText('Contam como horas verificadas');
  await page.screenshot({ path: 'test-results/screens/study-timer-idle-390.png' });
  const started = page.waitForResponse(
    (response) => response.url().endsWith('/api/study-blocks') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Iniciar' }).click();
  expect((await started).status()).toBe(201);
  await expect(dialog.getByText('0 minutos verificados')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pausar' })).toBeVisible();

  // The timer survives a reload and keeps its block: the heartbeats go on from the new page.
  await page.reload();
  await page.getByRole('button', { name: /^Cronômetro de estudo: \d\d:\d\d$/ }).click();
  const heartbeats: boolean[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/heartbeat')) heartbeats.push(request.postDataJSON().visible);
  });
  await expectSoundLayout(page, 'timer running, 390');
  await page.screenshot({ path: 'test-results/screens/study-timer-running-390.png' });

  // Visible for a minute: two heartbeats vouch for it, and the panel says so.
  await expect(dialog.getByText('1 minuto verificado')).toBeVisible({ timeout: 120_000 });
  expect(heartbeats.length).toBeGreaterThanOrEqual(2);
  expect(heartbeats.every(Boolean)).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expectSoundLayout(page, 'timer running, 1280');
  await page.screenshot({ path: 'test-results/screens/study-timer-running-1280.png' });

  // One toast at a time (spec §9): a live notification arriving meanwhile may replace it before a
  // poll sees it, so the page notes every toast text that appears.
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { toastsSeen: seen });
    new MutationObserver(() => {
      const text = document.body.textContent ?? '';
      const found = text.match(/Você estudou \d+m: \d+ minutos? verificados?/);
      if (found) seen.push(found[0]);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByRole('button', { name: 'Encerrar' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen[0]))
    .toMatch(/^Você estudou \d+m: [1-9]\d* minutos? verificados?$/);
  await expect(dialog.getByRole('button', { name: 'Iniciar' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The profile counts it as it counts a room's block: verified hours, and study time today.
  await expect
    .poll(async () => minutesOf(await figure(page, 'Verificadas hoje').textContent()))
    .toBeGreaterThanOrEqual(verifiedBefore + 1);
  await page.reload();
  await expect
    .poll(async () => minutesOf(await figure(page, 'Verificadas hoje').textContent()))
    .toBeGreaterThanOrEqual(verifiedBefore + 1);
  expect(minutesOf(await figure(page, 'Hoje').textContent())).toBeGreaterThanOrEqual(todayBefore + 1);
  await expect(verified).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/study-timer-profile-1280.png', fullPage: true });
});
