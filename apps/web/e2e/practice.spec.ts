import type { Page } from '@playwright/test';
import { blankExternalImages, expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

const ANA = 'ana@estudai.dev';
test.beforeEach(({ page }) => blankExternalImages(page));

const practice = (page: Page) => page.getByRole('region', { name: 'Questão do treino' });
const masteryMap = (page: Page) => page.getByRole('region', { name: 'Mapa de domínio' });

/**
 * What the mastery map shows, cell by cell: 'Matéria · Biologia' or 'Biologia · Genética' → its level
 * and how many questions are behind it.
 */
async function masteryFigures(page: Page): Promise<Record<string, { level: string; answered: number }>> {
  const cells = masteryMap(page).getByRole('listitem');
  await expect(cells.first()).toBeVisible();
  const figures: Record<string, { level: string; answered: number }> = {};
  for (const cell of await cells.all()) {
    const [kind, name, figure] = await cell.locator('p').allTextContents();
    const match = figure?.match(/^(.+) · (\d+) quest(?:ão|ões)$/);
    expect(match, `a cell's figure: ${figure}`).toBeTruthy();
    figures[`${kind} · ${name}`] = { level: match?.[1] ?? '', answered: Number(match?.[2]) };
  }
  return figures;
}

/** Scrolls the map's title to just under the profile's header (which stays on screen). */
const showMapTitle = (page: Page) =>
  masteryMap(page)
    .getByRole('heading', { name: 'Mapa de domínio' })
    .evaluate((title) => window.scrollTo(0, title.getBoundingClientRect().top + window.scrollY - 280));

/** The questions behind the subjects' cells, all together (each answer counts once, in its subject). */
const subjectsTotal = (figures: Record<string, { answered: number }>) =>
  Object.entries(figures)
    .filter(([key]) => key.startsWith('Matéria · '))
    .reduce((sum, [, cell]) => sum + cell.answered, 0);

/** One item of the loop: a due card (answer, check, rate 'Bom') or a new question (answer, then 'Próxima'). */
async function playItem(page: Page, writeResolution: boolean): Promise<'review' | 'question'> {
  const region = practice(page);
  // A fresh item offers 'Conferir' (a due card) or 'Responder' (a new question), never both.
  const start = region.getByRole('button', { name: /^(Conferir|Responder)$/ });
  await expect(start).toBeVisible();
  const isReview = (await start.textContent()) === 'Conferir';
  await region.getByRole('group', { name: 'Alternativas' }).locator('label').first().click();
  if (isReview) {
    await region.getByRole('button', { name: 'Conferir' }).click();
    await region.getByRole('button', { name: 'Bom' }).click();
    return 'review';
  }
  await region.getByRole('button', { name: 'Responder' }).click();
  await expect(region.getByRole('status')).toBeVisible();
  await expect(region.getByRole('heading', { name: 'Resoluções' })).toBeVisible();
  if (writeResolution) {
    await region
      .getByLabel('Escreva sua resolução')
      .fill('Substituí cada alternativa no enunciado até uma fechar.');
    await region.getByRole('button', { name: 'Publicar resolução' }).click();
    await expect(region.getByText('Substituí cada alternativa no enunciado até uma fechar.')).toBeVisible();
  }
  await region.getByRole('button', { name: 'Próxima' }).click();
  return 'question';
}

test('Treino: due cards first, then adaptive questions with resolutions; the mastery map trains a subject', async ({
  page,
  login,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(ANA);
  const summary = await page.request.get('/api/notebook/summary');
  const dueAtStart: number = (await summary.json()).data.dueNow;
  expect(dueAtStart).toBeGreaterThanOrEqual(3);
  await page.goto('/treino');
  await expect(page.getByRole('heading', { name: 'Treino', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mapa de domínio' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^treinar este assunto/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/treino-390.png', fullPage: false });
  const mapBefore = await masteryFigures(page);

  const kinds: string[] = [];
  let wrote = false;
  // Every card due at the start (earlier files of the worker may have left many), then two more
  // items: at least ten, so a resolution gets written after a review.
  const items = Math.max(10, dueAtStart + 2);
  for (let i = 0; i < items; i++) {
    const kind = await playItem(page, !wrote && kinds.includes('review'));
    if (kind === 'question' && kinds.includes('review')) wrote = true;
    kinds.push(kind);
  }
  // The cards due at the start come first, then the adaptive picks (a wrong answer's new card, due
  // at once, comes right after it).
  expect(kinds.slice(0, dueAtStart)).toEqual(Array(dueAtStart).fill('review'));
  expect(kinds[dueAtStart]).toBe('question');
  expect(wrote).toBe(true);

  // The map follows the answers: each new question answered (not a review) is one more question
  // behind its subject's cell (practice serves the calibrated demo questions the map counts). At
  // least one: the first pick after the due cards (with many due cards left by earlier files, a
  // wrong answer's new card may take the last place of the loop).
  const answeredNow = kinds.filter((kind) => kind === 'question').length;
  expect(answeredNow).toBeGreaterThanOrEqual(1);
  await expect
    .poll(async () => subjectsTotal(await masteryFigures(page)))
    .toBe(subjectsTotal(mapBefore) + answeredNow);
  const mapAfter = await masteryFigures(page);
  expect(mapAfter).not.toEqual(mapBefore);

  // The same map on her own profile, with a link to train each cell.
  await page.goto('/profile');
  await expect(masteryMap(page)).toBeVisible();
  expect(await masteryFigures(page)).toEqual(mapAfter);
  await expect(
    masteryMap(page)
      .getByRole('link', { name: /^treinar este assunto/ })
      .first(),
  ).toBeVisible();
  await showMapTitle(page);
  await page.screenshot({ path: 'test-results/profile-mastery-390.png' });
  await expectSoundLayout(page, 'own profile with the mastery map (390)');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  expect(await masteryFigures(page)).toEqual(mapAfter);
  await showMapTitle(page);
  await page.screenshot({ path: 'test-results/profile-mastery-1280.png' });
  await expectSoundLayout(page, 'own profile with the mastery map (1280)');
  await masteryMap(page)
    .getByRole('link', { name: /^treinar este assunto/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/treino\?materia=/);
  await expect(
    practice(page).getByRole('group', { name: 'Alternativas' }).or(practice(page).getByText('Tudo em dia')),
  ).toBeVisible();
  await page.goto('/treino');

  await page
    .getByRole('button', { name: /^treinar este assunto/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/treino\?materia=/);
  await expect(
    practice(page).getByRole('group', { name: 'Alternativas' }).or(practice(page).getByText('Tudo em dia')),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/treino-1280.png', fullPage: false });
});
