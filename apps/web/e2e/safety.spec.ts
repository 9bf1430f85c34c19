import { BLOCK_MESSAGES, REPORT_MESSAGES } from '@estudai/contract/constants';
import { expect, test } from './fixtures.ts';

// Issue 21: blocking someone from their profile takes their posts out of the feed; reporting a post
// from its card's '…' menu. Screenshots of the menu, the dialogs and the settings list.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a student blocks someone from their profile, their post leaves the feed, and unblocks in settings', async ({
  page,
  login,
}) => {
  test.setTimeout(240_000);
  await login('diego@estudai.dev');
  const created = await page.request.post('/api/posts', {
    data: { type: 'text', content: 'Resumo de termodinâmica do Diego' },
  });
  expect(created.status()).toBe(201);
  const diegoId: string = (await created.json()).data.author.id;

  await login('elisa@estudai.dev');
  // Elisa follows Diego, so his post tops her 'Para você' whatever the other files of this worker
  // posted before (a followee's post ranks 6 h ahead; a stranger's by its age alone).
  const follow = async () =>
    expect((await page.request.post(`/api/users/${diegoId}/follow`)).ok()).toBe(true);
  await follow();
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: 'Resumo de termodinâmica do Diego' });
  await expect(card).toBeVisible({ timeout: 45_000 });

  await page.goto(`/user/${diegoId}`);
  await page.getByRole('button', { name: 'Mais opções do perfil' }).click({ timeout: 45_000 });
  await expect(page.getByRole('menuitem', { name: 'Bloquear' })).toBeVisible({ timeout: 45_000 });
  await page.screenshot({ path: 'test-results/block-menu-phone.png' });
  await page.getByRole('menuitem', { name: 'Bloquear' }).click();
  const confirm = page.getByRole('dialog', { name: /^Bloquear / });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: 'test-results/block-confirm-phone.png' });
  await confirm.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page.getByText(BLOCK_MESSAGES.youBlockedNotice)).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Seguir' })).toBeHidden();

  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 45_000 });
  await expect(card).toHaveCount(0);

  await page.goto('/configuracoes/bloqueados');
  const list = page.getByRole('list', { name: BLOCK_MESSAGES.listTitle });
  await expect(list.getByRole('button', { name: /^Desbloquear / })).toBeVisible({ timeout: 45_000 });
  await page.screenshot({ path: 'test-results/blocked-list-phone.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/blocked-list-desktop.png' });
  await list.getByRole('button', { name: /^Desbloquear / }).click();
  await expect(page.getByText(BLOCK_MESSAGES.listEmpty)).toBeVisible();
  // The block ended the follow; she follows him again.
  await follow();
  await page.goto('/');
  await expect(card).toBeVisible({ timeout: 45_000 });
});

test("a student reports someone else's post from its '…' menu", async ({ page, login }) => {
  test.setTimeout(180_000);
  await login('carla@estudai.dev');
  const created = await page.request.post('/api/posts', {
    data: { type: 'text', content: 'Vendo gabarito antecipado, chama no privado' },
  });
  expect(created.status()).toBe(201);

  await login('bruno@estudai.dev');
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: 'Vendo gabarito antecipado' });
  await card.getByRole('button', { name: 'Opções da publicação' }).click({ timeout: 45_000 });
  await page.getByRole('menuitem', { name: 'Denunciar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar publicação' });
  await dialog.getByLabel('Spam').check();
  await page.screenshot({ path: 'test-results/report-dialog-phone.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/report-dialog-desktop.png' });
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  // Exact: the toast's screen-reader copy holds the same words after 'Notificação'.
  await expect(page.getByText(REPORT_MESSAGES.sent, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
});
