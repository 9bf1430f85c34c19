import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 42: a teacher imports a Moodle XML file with one bad question into a group she teaches,
// sees the preview with its error (and its line), confirms, follows the progress, and finds the
// questions in the group.

const CARLA = 'carla@estudai.dev';
const MOODLE_FILE = path.join(import.meta.dirname, '../../server/test/fixtures/imports/moodle-one-bad.xml');
const MOODLE_IMAGES_FILE = path.join(
  import.meta.dirname,
  '../../server/test/fixtures/imports/moodle-images.xml',
);
const SHOTS = 'test-results/screens';

test.use({ serviceWorkers: 'block' });

// No internet here: pictures from other sites get a blank stand-in.
async function blankExternalImages(page: Page) {
  await page.route(
    (url) => url.origin !== E2E_BASE_URL,
    (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
}

/** Carla's own new group (so the file is new to it whatever ran before). */
async function carlasGroup(page: Page): Promise<string> {
  const login = await page.request.post('/api/auth/login', {
    data: { email: CARLA, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const response = await page.request.post('/api/study-groups', {
    data: {
      name: `Funções e cinemática ${Date.now().toString(36)}`,
      description: 'Banco de questões trazido do Moodle do cursinho.',
      category: 'matematica',
      subject: 'ENEM',
      isPaid: false,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data.id;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a teacher imports a Moodle XML file with one bad question into her group (${viewport.width}px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await blankExternalImages(page);
    const groupId = await carlasGroup(page);
    await page.goto(`/study-groups/${groupId}`);
    await page
      .getByRole('navigation', { name: 'Ferramentas do professor' })
      .getByRole('link', { name: 'Importar questões' })
      .click({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Importar questões', level: 1 })).toBeVisible();

    await page.getByLabel('Arquivo (até 10 MB, 500 questões)').setInputFiles(MOODLE_FILE);
    await expect(page.getByLabel('Formato')).toHaveValue('moodle_xml');
    await page.getByRole('button', { name: 'Ver prévia' }).click();

    const problems = page.getByRole('region', { name: 'Itens que não serão importados' });
    await expect(problems).toContainText('1 item não será importado');
    await expect(problems).toContainText('Linha 60: A questão precisa de 2 a 5 alternativas preenchidas.');
    const previewList = page.getByRole('region', { name: 'Questões da prévia' });
    await expect(previewList).toContainText('4 questões prontas para importar');
    await expect(previewList.getByText('Questão 1', { exact: true })).toBeVisible();
    await expectSoundLayout(page, `question import preview ${viewport.width}`);
    await page.screenshot({ path: `${SHOTS}/question-import-preview-${viewport.width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Importar 4 questões' }).click();
    await expect(page.getByText('Importação concluída: 4 questões importadas.')).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: `${SHOTS}/question-import-done-${viewport.width}.png`, fullPage: true });

    await page.getByRole('link', { name: 'Ver no grupo' }).click();
    await expect(page.getByText('Um carro percorre 120 km em 2 h.').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('No MRU a velocidade & a direção são constantes.').first()).toBeVisible();
  });
}

test('a teacher imports Moodle questions with embedded images: the preview and the group show each image', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await blankExternalImages(page);
  const groupId = await carlasGroup(page);
  await page.goto(`/study-groups/${groupId}/importar`);
  await expect(page.getByRole('heading', { name: 'Importar questões', level: 1 })).toBeVisible({
    timeout: 20_000,
  });

  await page.getByLabel('Arquivo (até 10 MB, 500 questões)').setInputFiles(MOODLE_IMAGES_FILE);
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  const problems = page.getByRole('region', { name: 'Itens que não serão importados' });
  await expect(problems).toContainText('Linha 23: A questão usa uma imagem que não está no arquivo');
  await expect(problems).toContainText('Linha 41: A imagem da questão não pôde ser lida');
  const previewList = page.getByRole('region', { name: 'Questões da prévia' });
  await expect(previewList).toContainText('2 questões prontas para importar');
  // Each question's image, already stored as Carla's upload, beside it.
  await expect(previewList.locator('img[src*="/media/posts/"]')).toHaveCount(2);

  await page.getByRole('button', { name: 'Importar 2 questões' }).click();
  await expect(page.getByText('Importação concluída: 2 questões importadas.')).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Ver no grupo' }).click();
  const question = page.getByRole('article').filter({ hasText: 'Qual é a cor das barras?' });
  await expect(question).toBeVisible({ timeout: 20_000 });
  const image = question.locator('img[src*="/media/posts/"]');
  await expect(image).toBeVisible();
  // The file itself loads (the posts' rule serves it to the group's teacher).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/question-import-images.png`, fullPage: true });
});
