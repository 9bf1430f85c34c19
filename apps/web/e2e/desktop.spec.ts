import type { Page } from '@playwright/test';
import { blankExternalImages, expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 21: from 1024 px the app has three columns (navigation, content, trending tags and people
// to follow) and no tab bar; a phone keeps its single column and tab bar. And #hashtags lead to
// their page.

const ANA = 'ana@estudai.dev';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.beforeEach(({ page }) => blankExternalImages(page));

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const rightColumn = (page: Page) => page.getByRole('complementary', { name: 'Em alta e quem seguir' });

async function data<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()).data as T;
}

test('a laptop shows the navigation, the page and the right column; a phone the page and the tab bar', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await login(ANA);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible({ timeout: 15_000 });
  const nav = navigation(page);
  await expect(nav).toHaveCount(1);
  await expect(nav).toBeVisible();
  // A link's name carries its badge when there is one ('Notificações, 1 novidade': the demo's).
  for (const name of ['Início', 'Busca', 'Grupos', 'Questões', 'Caderno', 'Notificações', 'Perfil']) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}(\\s*,|$)`) })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'Criar novo post' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  const aside = rightColumn(page);
  await expect(aside).toBeVisible();
  // The demo's posts carry hashtags: this week's appear, and the demo people to follow.
  await expect(aside.getByRole('list', { name: 'Hashtags em alta' }).getByRole('link').first()).toBeVisible();
  await expect(aside.getByRole('link', { name: '#enem' })).toBeVisible();
  await expect(aside.getByRole('heading', { name: 'Quem seguir' })).toBeVisible();
  // Three columns side by side, none over another.
  const [navBox, mainBox, asideBox] = await Promise.all([
    nav.boundingBox(),
    page.getByRole('main').boundingBox(),
    aside.boundingBox(),
  ]);
  expect(navBox && mainBox && asideBox).toBeTruthy();
  if (navBox && mainBox && asideBox) {
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(mainBox.x + 1);
    expect(mainBox.x + mainBox.width).toBeLessThanOrEqual(asideBox.x + 1);
    expect(asideBox.x + asideBox.width).toBeLessThanOrEqual(DESKTOP.width);
  }
  // The side navigation's create button opens the same dialog as the tab bar's.
  await nav.getByRole('button', { name: 'Criar novo post' }).click();
  await expect(page.getByRole('dialog', { name: 'Criar novo post' })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  const tabBar = navigation(page);
  await expect(tabBar).toHaveCount(1);
  await expect(tabBar.getByRole('link', { name: 'Início' })).toBeVisible();
  // The tab bar: its four tabs, not the side navigation's extra destinations.
  await expect(tabBar.getByRole('link', { name: 'Caderno' })).toHaveCount(0);
  await expect(tabBar).toHaveCSS('position', 'fixed');
  await expect(rightColumn(page)).toHaveCount(0);
});

test('feed, profile, search, a group and chat hold together on a phone and on a laptop', async ({
  page,
  login,
}) => {
  test.setTimeout(400_000);
  await login(ANA);
  const [group] = await data<{ id: string }[]>(page, '/api/study-groups/my');
  const screens: [string, string][] = [
    ['feed', '/'],
    ['profile', '/profile'],
    ['busca', '/busca?q=enem&tipo=posts'],
    ['group', `/study-groups/${group?.id}`],
    ['chat', '/chat'],
    ['tag', '/tag/enem'],
  ];
  for (const [viewport, label] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.getByText('Carregando...', { exact: true })).toHaveCount(0, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `test-results/desktop-${name}-${label}.png` });
      await expectSoundLayout(page, `${path} at ${label}`, { steps: 1 });
    }
  }
});

test('a #tag in a post leads to the page of the posts with it', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login(ANA);
  await page.goto('/');
  // The first page of the feed, however busy the machine.
  await expect(page.getByRole('list', { name: 'Posts' }).getByRole('article').first()).toBeVisible({
    timeout: 45_000,
  });
  // Cards far down the feed are drawn once near the screen (content-visibility): bring it there first.
  const post = page
    .getByRole('list', { name: 'Posts' })
    .getByRole('listitem')
    .filter({ hasText: 'Meu mapa mental de genética mendeliana' })
    .first();
  await post.scrollIntoViewIfNeeded({ timeout: 30_000 });
  await post.getByRole('link', { name: '#Biologia' }).click({ timeout: 15_000 });
  await expect(page).toHaveURL('/tag/Biologia');
  await expect(page.getByRole('heading', { name: '#Biologia' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Posts' }).getByText(/Meu mapa mental de genética mendeliana/),
  ).toBeVisible({ timeout: 15_000 });
});
