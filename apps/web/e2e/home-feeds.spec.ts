import { blankExternalImages, expect, signUpVerified, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 21: a new student picks goal and subjects in the first-run step, reads 'Para você', then
// switches to 'Seguindo' (empty until they follow someone), on a phone and on a laptop.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

test.beforeEach(({ page }) => blankExternalImages(page));

for (const [viewport, label] of [
  [PHONE, 'phone'],
  [DESKTOP, 'desktop'],
] as const) {
  test(`a new student picks goal and subjects, reads 'Para você', then 'Seguindo' (${label})`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await signUpVerified(page.request, label === 'phone' ? 'Júlia Prado' : 'Rafael Nunes');
    await page.goto('/');

    const step = page.getByRole('region', { name: 'Monte o seu feed' });
    await expect(step).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-feeds-first-run-${label}.png`, fullPage: false });
    await expectSoundLayout(page, `first-run step (${label})`, { steps: 2 });
    await step.getByRole('button', { name: 'ENEM' }).click();
    await step.getByRole('button', { name: 'Química' }).click();
    await step.getByRole('button', { name: 'Biologia' }).click();
    await step.getByRole('button', { name: 'Salvar e ver meu feed' }).click();
    await expect(
      page.getByText('Pronto! Seu feed Para você já usa suas matérias.', { exact: true }),
    ).toBeVisible();
    await expect(step).toBeHidden();

    const forYou = page.getByRole('tab', { name: 'Para você' });
    await expect(forYou).toHaveAttribute('aria-selected', 'true');
    // The demo community's posts are there for a newcomer who follows nobody yet.
    await expect(page.getByRole('list', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-feeds-para-voce-${label}.png` });
    await expectSoundLayout(page, `'Para você' (${label})`, { steps: 3 });

    await page.getByRole('tab', { name: 'Seguindo' }).click();
    await expect(page).toHaveURL(/\?feed=seguindo$/);
    const panel = page.getByRole('tabpanel', { name: 'Seguindo' });
    await expect(panel.getByText('Você ainda não segue ninguém')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-feeds-seguindo-${label}.png` });
    await expectSoundLayout(page, `'Seguindo' (${label})`, { steps: 1 });

    // The tab is kept in the address: a reload stays on 'Seguindo'.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Seguindo' })).toHaveAttribute('aria-selected', 'true');
    await panel.getByRole('link', { name: 'Encontrar pessoas para seguir' }).click();
    await expect(page).toHaveURL(/\/busca\?tipo=people$/);
  });
}

test("the feed's tabs from the keyboard: Tab reaches the selected tab, the arrows move and select, Shift+Tab leaves", async ({
  page,
  login,
}) => {
  await login('ana@estudai.dev');
  await page.goto('/');
  const forYou = page.getByRole('tab', { name: 'Para você' });
  const following = page.getByRole('tab', { name: 'Seguindo' });
  await expect(forYou).toHaveAttribute('aria-selected', 'true');
  // Both tabs are out of the tab order until one has had focus: the list itself is the tab stop.
  await expect(forYou).toHaveAttribute('tabindex', '-1');
  await expect(following).toHaveAttribute('tabindex', '-1');
  await page.getByRole('tablist', { name: 'Feeds' }).focus();
  await expect(forYou).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(following).toBeFocused();
  await expect(following).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?feed=seguindo$/);
  await expect(page.getByRole('tabpanel', { name: 'Seguindo' })).toBeVisible();
  // The arrows loop: past the last tab comes the first.
  await page.keyboard.press('ArrowRight');
  await expect(forYou).toBeFocused();
  await expect(forYou).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(following).toBeFocused();
  await page.keyboard.press('Home');
  await expect(forYou).toBeFocused();
  await expect(forYou).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('tablist', { name: 'Feeds' })).not.toBeFocused();
  await expect(forYou).not.toBeFocused();
});
