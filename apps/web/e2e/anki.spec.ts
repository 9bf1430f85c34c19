import fs from 'node:fs/promises';
import path from 'node:path';
import { DECK_MESSAGES } from '@estudai/contract/constants';
import { expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 42: Ana takes her caderno out to Anki (a real .apkg: a zip), and brings an Anki deck in as
// flashcards that show in 'Revisão de hoje'. Her caderno is only read, and the decks she imports are
// deleted at the end, so the other files' journeys through her review see what they always saw.

const ANA = 'ana@estudai.dev';
const FIXTURE = path.resolve(import.meta.dirname, '../../server/test/fixtures/anki/citologia.apkg');
const SHOTS = 'test-results/screens';
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

test.afterEach(async ({ page }) => {
  const response = await page.request.get('/api/decks');
  if (!response.ok()) return;
  for (const deck of (await response.json()).data as { id: string; isOwner: boolean }[]) {
    if (deck.isOwner) await page.request.delete(`/api/decks/${deck.id}`);
  }
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`Ana exports her caderno to Anki and reviews an imported deck (${viewport.width}px)`, async ({
    page,
    login,
  }) => {
    await page.setViewportSize(viewport);
    await login(ANA);

    await page.goto('/caderno');
    const exportAnki = page.getByRole('link', { name: DECK_MESSAGES.exportAnki });
    await expect(exportAnki).toBeVisible();
    await expect(page.getByRole('link', { name: DECK_MESSAGES.exportCsv })).toBeVisible();
    await expectSoundLayout(page, `caderno ${viewport.width}`);
    await page.screenshot({ path: `${SHOTS}/anki-caderno-${viewport.width}.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), exportAnki.click()]);
    expect(download.suggestedFilename()).toBe('caderno-de-erros.apkg');
    const bytes = await fs.readFile(await download.path());
    expect([...bytes.subarray(0, 4)]).toEqual(ZIP_MAGIC);

    await page.getByRole('link', { name: DECK_MESSAGES.cardsTitle, exact: true }).click();
    await expect(page).toHaveURL(/\/cartoes$/);
    await expect(page.getByRole('heading', { name: DECK_MESSAGES.cardsTitle })).toBeVisible();
    const name = 'citologia.apkg';
    await page.locator('input[type=file]').setInputFiles({
      name,
      mimeType: 'application/octet-stream',
      buffer: await fs.readFile(FIXTURE),
    });
    await expect(page.getByText(DECK_MESSAGES.imported(4), { exact: true })).toBeVisible();
    const deck = page.getByRole('listitem').filter({ hasText: 'Biologia › Citologia' });
    await expect(deck).toContainText('4 cartões');
    await expectSoundLayout(page, `cartões ${viewport.width}`);
    await page.screenshot({ path: `${SHOTS}/anki-cartoes-${viewport.width}.png`, fullPage: true });

    await deck.getByRole('link', { name: 'Revisar este baralho' }).click();
    const card = page.getByLabel(DECK_MESSAGES.cardKind, { exact: true });
    await expect(card).toContainText('Qual organela produz ATP?');
    await card.getByRole('button', { name: DECK_MESSAGES.showBack }).click();
    await expect(card).toContainText('A mitocôndria');
    await expectSoundLayout(page, `revisão ${viewport.width}`);
    await page.screenshot({ path: `${SHOTS}/anki-revisao-${viewport.width}.png`, fullPage: true });
    await card.getByRole('button', { name: /^Bom/ }).click();
    await expect(page.getByLabel(DECK_MESSAGES.cardKind, { exact: true })).toContainText(
      'O que o ribossomo sintetiza?',
    );
  });
}
