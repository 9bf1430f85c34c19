import type { Page } from '@playwright/test';
import { blankExternalImages, expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Every shell screen, on the phones of issue 23 and a laptop: nothing wider than the screen,
// nothing floating over a control, at any scroll position.

const ANA = 'ana@estudai.dev';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 1280, height: 800 },
];

test.beforeEach(({ page }) => blankExternalImages(page));

async function data<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()).data as T;
}

/** The shell's screens, with real ids from the demo data. */
async function shellScreens(page: Page): Promise<string[]> {
  const groups = await data<{ id: string; isPaid: boolean }[]>(page, '/api/study-groups/available');
  const mine = await data<{ id: string }[]>(page, '/api/study-groups/my');
  const paid = groups.find((group) => group.isPaid) ?? groups[0];
  const member = mine[0] ?? groups[0];
  const [post] = await data<{ id: string }[]>(page, '/api/posts?limit=1');
  const carla = await data<{ id: string }>(page, '/api/users/prof.carla');
  return [
    '/',
    '/study-groups',
    `/study-groups/${member?.id}`,
    `/study-groups/${member?.id}/forum`,
    `/study-groups/${paid?.id}`,
    `/study-groups/${paid?.id}/payment`,
    '/videos',
    '/notifications',
    '/chat',
    '/profile',
    `/user/${carla.id}`,
    `/post/${post?.id}/comments`,
    '/questoes',
    '/caderno',
    '/caderno/revisao',
    '/uma-rota-que-nao-existe',
  ];
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('no shell screen is wider than the screen or has anything floating over a control', async ({
      page,
      login,
    }) => {
      // Sixteen screens, each scrolled through.
      test.setTimeout(240_000);
      await login(ANA);
      for (const path of await shellScreens(page)) {
        await page.goto(path);
        await expect(page.getByText('Carregando...', { exact: true })).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        // The phones are what issue 23 measured; on a laptop the column has room to spare.
        await expectSoundLayout(page, path, { steps: viewport.width > 1000 ? 3 : 10 });
      }
    });

    test('the create-post dialog stays inside the screen whatever link is pasted', async ({
      page,
      login,
    }) => {
      await login(ANA);
      await page.goto('/');
      await page
        .getByRole('navigation', { name: 'Navegação principal' })
        .getByRole('button', { name: 'Criar novo post' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Criar novo post' });
      for (const type of ['Foto', 'Anexo']) {
        await dialog
          .locator('label')
          .filter({ has: page.getByRole('radio', { name: type }) })
          .click();
        const link = `https://exemplo.com.br/${'uma-imagem-com-um-nome-muito-comprido-'.repeat(8)}${type}.png`;
        const input = dialog.getByLabel(type === 'Foto' ? 'Link da imagem' : 'Link do anexo');
        await input.fill(link);
        await input.press('Enter');
        // A photo shows as a thumbnail with its description field (issue 36); an attachment by its link.
        await expect(
          type === 'Foto'
            ? dialog.getByRole('list', { name: 'Imagens adicionadas' })
            : dialog.getByText(link),
        ).toBeVisible();
        await expectSoundLayout(page, `create-post dialog (${type}, long link)`, { steps: 0 });
      }
      const box = await dialog.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await expect(dialog.getByRole('button', { name: 'Publicar' })).toBeInViewport();
    });
  });
}
