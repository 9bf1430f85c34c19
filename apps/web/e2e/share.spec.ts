import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * Chromium on a desktop may or may not have the Web Share API: these journeys are the ones without
 * it, where Compartilhar copies the link (the clipboard allowed).
 */
async function withoutShareSheet(page: Page, context: BrowserContext) {
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
}

test('without a share sheet, Compartilhar copies the post link and offers WhatsApp', async ({
  page,
  context,
  login,
}) => {
  await withoutShareSheet(page, context);
  await login('ana@estudai.dev');
  const created = await page.request.post('/api/posts', {
    data: { type: 'text', content: 'Mapa mental de citologia para quem vai fazer o ENEM' },
  });
  const postId = (await created.json()).data.id;
  // 'Seguindo' has one's own posts newest first.
  await page.goto('/?feed=seguindo');
  const card = page.getByRole('article').filter({ hasText: 'Mapa mental de citologia' });
  await card.getByRole('button', { name: 'Compartilhar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar publicação' });
  await dialog.getByRole('button', { name: 'Copiar link' }).click();
  await expect(page.getByText('Link copiado!', { exact: true })).toBeVisible();
  const link = new URL(`/post/${postId}`, page.url()).href;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const whatsApp = dialog.getByRole('link', { name: 'Enviar no WhatsApp' });
  await expect(whatsApp).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link)}`),
  );
  // A long link never widens the dialog on a phone.
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
});

test('a shared link opened signed out shows the post read-only, with its preview tags', async ({
  page,
  browser,
  login,
}) => {
  await login('ana@estudai.dev');
  const created = await page.request.post('/api/posts', {
    data: { type: 'text', content: 'Alguém topa revisar estequiometria hoje à noite?' },
  });
  const postId = (await created.json()).data.id;

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const stranger = await visitor.newPage();
  const html = await (await stranger.request.get(`/post/${postId}`)).text();
  expect(html).toContain('<meta property="og:title" content="Ana Souza no Estudaí: Alguém topa revisar');
  expect(html).toContain('<meta name="twitter:card" content="summary"');

  await stranger.goto(`/post/${postId}`);
  // A first visit in a fresh browser: the app's code arrives before anything shows.
  await expect(stranger.getByText('Alguém topa revisar estequiometria hoje à noite?')).toBeVisible({
    timeout: 20_000,
  });
  await expect(stranger.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    'Alguém topa revisar estequiometria hoje à noite?',
  );
  await expect(stranger.getByRole('link', { name: 'Criar conta grátis' })).toBeVisible();
  await expect(stranger.getByRole('button', { name: /Curtir/ })).toHaveCount(0);
  await visitor.close();
});

test('before any toast the notifications region is on the page, F8 focuses it, and the first toast shows in it', async ({
  page,
  context,
  login,
}) => {
  await withoutShareSheet(page, context);
  await login('ana@estudai.dev');
  // Its own text: other journeys post about termoquímica too.
  const content = `Resumo de termoquímica para o toast ${Date.now()}`;
  await page.request.post('/api/posts', { data: { type: 'text', content } });
  await page.goto('/?feed=seguindo');
  const card = page.getByRole('article').filter({ hasText: content });
  await expect(card).toBeVisible();
  const region = page.getByRole('region', { name: 'Notificações (F8)' });
  await expect(region).toBeAttached();
  await page.keyboard.press('F8');
  await expect(region.getByRole('list')).toBeFocused();
  await card.getByRole('button', { name: 'Compartilhar' }).click();
  await page
    .getByRole('dialog', { name: 'Compartilhar publicação' })
    .getByRole('button', { name: 'Copiar link' })
    .click();
  await expect(region.getByText('Link copiado!', { exact: true })).toBeVisible();
});
