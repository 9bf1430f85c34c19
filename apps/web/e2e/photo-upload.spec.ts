import path from 'node:path';
import { REPO_ROOT } from './env.ts';
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a student posts a photo chosen from the phone and sees it in the feed', async ({ page, login }) => {
  // An upload and its re-encoding on a machine that may be busy.
  test.slow();
  await login('ana@estudai.dev');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('button', { name: 'Criar novo post' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Criar novo post' });
  await dialog.locator('label').filter({ hasText: 'Foto' }).first().click();
  await dialog
    .getByLabel('Conteúdo')
    .or(dialog.getByLabel('Texto (opcional)'))
    .fill('Exercício 3 da lista de funções');
  await dialog
    .getByLabel('Escolher fotos')
    .setInputFiles(path.join(REPO_ROOT, 'apps/web/public/icons/icon-512.png'));
  // Stored and re-encoded by the server: a thumbnail of it, with a description for screen readers
  // (issue 36), not its address.
  const added = dialog.getByRole('list', { name: 'Imagens adicionadas' }).getByRole('listitem');
  await expect(added).toHaveCount(1, { timeout: 20_000 });
  await expect(added.locator('img')).toHaveAttribute('src', /\/media\/posts\/[a-f0-9]{32}\.webp$/);
  await added
    .getByLabel('Descrição da imagem (para leitores de tela)')
    .fill('Gráfico da função f(x) = x² com o vértice na origem');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/composer-alt-390.png` });
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Seu post foi publicado com sucesso.', { exact: true })).toBeVisible();

  const card = page.getByRole('article').filter({ hasText: 'Exercício 3 da lista de funções' });
  const photo = card.locator('img[src*="/media/posts/"]').first();
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('alt', 'Gráfico da função f(x) = x² com o vértice na origem');
  // The picture really loaded (a WebP of the server's), not a broken image.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
});
