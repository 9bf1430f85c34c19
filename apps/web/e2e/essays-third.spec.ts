import { calibrate, PARAGRAPHS, personAt, shot } from './essays-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Redação (issue 38), the third correction: two graders disagree by more than 100 points, the essay
// waits for a third, a third grader corrects it on the correction screen, and the author sees the
// final score — the mean of the two closest totals — with the three corrections side by side.

const ELISA = 'elisa@estudai.dev';
const DIEGO = 'diego@estudai.dev';
const CARLA = 'carla@estudai.dev';
const ADMIN = 'admin@estudai.dev';
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const all = (score: number) => ({ c1: score, c2: score, c3: score, c4: score, c5: score });

test('a discrepancy calls a third grader; the author sees the final score and three corrections side by side', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const elisa = await personAt(browser, ELISA, phone);
  // Verified teachers and an admin grade the community's essays without calibration.
  const diego = await personAt(browser, DIEGO, desktop);
  const carla = await personAt(browser, CARLA, desktop);
  const admin = await personAt(browser, ADMIN, desktop);

  // The author calibrates ('corrija 2, receba 2') and sends her essay to the community.
  await calibrate(elisa.page.request);
  const prompts = (await (await elisa.page.request.get('/api/essay-prompts')).json()).data as {
    id: string;
    title: string;
  }[];
  const prompt = prompts.find((candidate) => candidate.title === 'Mobilidade urbana e o direito à cidade');
  expect(prompt).toBeTruthy();
  const draft = await elisa.page.request.post('/api/essays', {
    data: { promptId: prompt?.id, text: PARAGRAPHS.join('\n') },
  });
  expect(draft.status()).toBe(201);
  const essayId = (await draft.json()).data.id as string;
  const submitted = await elisa.page.request.post(`/api/essays/${essayId}/submit`, {
    data: { destination: 'community' },
  });
  expect(submitted.status()).toBe(200);

  // Two graders 200 points apart (800 and 600): more than 100, so a third correction is called.
  for (const [grader, score] of [
    [diego, 160],
    [carla, 120],
  ] as const) {
    const next = await grader.page.request.post('/api/essay-reviews/next', { data: {} });
    const assignment = (await next.json()).data;
    expect(assignment.essay.id).toBe(essayId);
    const sent = await grader.page.request.post(`/api/essay-reviews/${assignment.id}`, {
      data: { scores: all(score), zeroReason: null, comments: [] },
    });
    expect(sent.status()).toBe(200);
  }
  await elisa.page.goto(`/redacao/${essayId}`);
  await expect(elisa.page.getByText('Terceira correção', { exact: true })).toBeVisible();
  await expect(elisa.page.getByRole('heading', { name: 'Nota final' })).toHaveCount(0);
  await shot(elisa.page, 'third-waiting-390');
  await expectSoundLayout(elisa.page, 'an essay waiting for its third correction at 390 px');

  // The third grader corrects it on the correction screen, never seeing the author nor the others' scores.
  await admin.page.goto('/redacao/corrigir');
  const text = admin.page.locator('[data-essay-text]');
  await expect(text).toContainText('A cidade brasileira cresceu de costas');
  await expect(admin.page.getByText(/Elisa/)).toHaveCount(0);
  for (const [c, score] of [
    ['C1', '160'],
    ['C2', '160'],
    ['C3', '120'],
    ['C4', '160'],
    ['C5', '120'],
  ] as const)
    await admin.page.getByRole('combobox', { name: c, exact: true }).selectOption(score);
  await admin.page.getByLabel('Comentário geral').fill('Proposta de intervenção completa; revise a coesão.');
  await shot(admin.page, 'third-review-1280');
  await expectSoundLayout(admin.page, 'the third correction at 1280 px');
  await admin.page.getByRole('button', { name: 'Enviar correção' }).click();
  await expect(admin.page.getByText('Correção enviada. Obrigado!')).toBeVisible();

  // The closest totals are 800 and 720: the final score is their mean, 760, competência by competência.
  await elisa.page.goto(`/redacao/${essayId}`);
  await expect(elisa.page.getByRole('heading', { name: 'Nota final' })).toBeVisible();
  const final = elisa.page.getByRole('list', { name: 'Notas por competência' });
  await expect(elisa.page.getByText('760', { exact: true })).toBeVisible();
  await expect(final).toContainText('C1160C2160C3140C4160C5140');
  const corrections = elisa.page.getByRole('group', { name: /Correção \d/ });
  await expect(corrections).toHaveCount(3);
  await expect(corrections.nth(0)).toContainText('800');
  await expect(corrections.nth(1)).toContainText('600');
  await expect(corrections.nth(2)).toContainText('720');
  await expect(corrections.nth(2)).toContainText('Proposta de intervenção completa');
  await shot(elisa.page, 'third-done-390');
  await expectSoundLayout(elisa.page, 'three corrections at 390 px');
  await elisa.page.setViewportSize(desktop);
  await elisa.page.reload();
  await expect(corrections).toHaveCount(3);
  // Side by side on a wide screen: the three cards on one row.
  const tops = await corrections.evaluateAll((cards) =>
    cards.map((card) => Math.round(card.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  await shot(elisa.page, 'third-done-1280');
  await expectSoundLayout(elisa.page, 'three corrections at 1280 px');
  const told = (await (await elisa.page.request.get('/api/notifications')).json()).data as {
    title: string;
  }[];
  expect(told.map((n) => n.title)).toContain('Sua redação foi corrigida');

  for (const person of [elisa, diego, carla, admin]) {
    expect(person.errors, 'console errors').toEqual([]);
    await person.context.close();
  }
});
