import { POST_MESSAGES } from '@estudai/contract/constants';
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a student fixes the text of their post from the card menu and sees it marked editado', async ({
  page,
  login,
}) => {
  await login('ana@estudai.dev');
  const created = await page.request.post('/api/posts', {
    data: { type: 'text', content: 'Alguém tem resumo de logaritimo?' },
  });
  expect(created.status()).toBe(201);
  // 'Seguindo' has one's own posts newest first ('Para você' ranks them by age among boosted ones).
  await page.goto('/?feed=seguindo');
  const card = page.getByRole('article').filter({ hasText: 'Alguém tem resumo de logaritimo?' });
  await card.getByRole('button', { name: 'Opções da publicação' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar publicação' });
  await dialog.getByLabel('Texto').fill('Alguém tem resumo de logaritmo?');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  const edited = page.getByRole('article').filter({ hasText: 'Alguém tem resumo de logaritmo?' });
  await expect(edited.getByText(POST_MESSAGES.edited, { exact: true })).toBeVisible();

  // Still so after a reload: the mark comes from the server.
  await page.reload();
  await expect(edited.getByText(POST_MESSAGES.edited, { exact: true })).toBeVisible();
});

test("a keyboard user opens a card's '…' menu with Enter before its code has loaded, and moves with the arrows", async ({
  page,
  login,
}) => {
  await login('ana@estudai.dev');
  const created = await page.request.post('/api/posts', {
    data: { type: 'text', content: 'Quem topa revisar genética amanhã?' },
  });
  expect(created.status()).toBe(201);
  // 'Seguindo' has one's own posts newest first ('Para você' ranks them by age among boosted ones).
  await page.goto('/?feed=seguindo');
  const card = page.getByRole('article').filter({ hasText: 'Quem topa revisar genética amanhã?' });
  const options = card.getByRole('button', { name: 'Opções da publicação' });
  await expect(options).toHaveAttribute('aria-haspopup', 'menu');
  await expect(options).toHaveAttribute('aria-expanded', 'false');
  await options.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Excluir' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(options).toBeFocused();
  // Space opens it again, now Radix's own trigger.
  await page.keyboard.press(' ');
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeFocused();
});
