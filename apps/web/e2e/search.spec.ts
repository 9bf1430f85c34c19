import { expect, test } from './fixtures.ts';

// Issue 21: search a person from the feed's title bar and open their profile.

test('searching a person opens their profile', async ({ page, login }) => {
  // Two viewports and their screenshots after the journey.
  test.setTimeout(60_000);
  await login('ana@estudai.dev');
  await page.goto('/');
  await page.getByRole('link', { name: 'Buscar' }).click();
  await expect(page).toHaveURL('/busca');
  // Without the accent or capitals the person wrote.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('carla mendes');
  const people = page.getByRole('list', { name: 'Pessoas' });
  await people.getByRole('link', { name: /Carla Mendes/ }).click();
  await expect(page).toHaveURL(/\/user\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Carla Mendes' }).first()).toBeVisible({ timeout: 15_000 });

  // The search is kept on the device.
  await page.goBack();
  await page.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(page.getByRole('button', { name: 'carla mendes' })).toBeVisible();
  for (const [width, height, name] of [
    [390, 844, 'phone'],
    [1280, 800, 'desktop'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByRole('button', { name: 'carla mendes' }).click();
    // 'Tudo' (issue 36): a few of each kind that found something.
    await page.getByRole('tab', { name: 'Tudo' }).click();
    await expect(page.getByRole('list', { name: 'Pessoas', exact: true })).toBeVisible();
    await page.screenshot({ path: `test-results/search-all-${name}.png` });
    await page.getByRole('tab', { name: 'Grupos' }).click();
    await expect(page.getByRole('list', { name: 'Grupos' })).toBeVisible();
    await page.screenshot({ path: `test-results/search-${name}.png` });
    await page.getByRole('button', { name: 'Limpar busca' }).click();
  }
});

test("on a phone, 'Em alta' and 'Quem seguir' come to Busca (the desktop keeps them in its right column)", async ({
  page,
  login,
}) => {
  await login('ana@estudai.dev');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/busca');
  await expect(page.getByRole('heading', { name: 'Em alta' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quem seguir' })).toBeVisible();
  await page.getByRole('heading', { name: 'Quem seguir' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.screenshot({ path: 'test-results/screens/search-discover-390.png', fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('complementary', { name: 'Em alta e quem seguir' })).toBeVisible();
  // Once, in the right column.
  await expect(page.getByRole('heading', { name: 'Quem seguir' })).toHaveCount(1);
});
