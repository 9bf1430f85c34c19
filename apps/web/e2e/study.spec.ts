import { type NotebookEntry, STUDY_LOOP_MESSAGES } from '@estudai/contract/constants';
import type { Locator, Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, liveConnection, test } from './fixtures.ts';

const ANA = 'ana@estudai.dev';
const CARLA = 'carla@estudai.dev';
const DIEGO = 'diego@estudai.dev';

// The machine running the tests has no internet: pictures from other sites get a blank stand-in.
const BLANK_IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"/>';
test.beforeEach(async ({ page }) => {
  await page.route(
    (url) => url.origin !== E2E_BASE_URL,
    (route) => route.fulfill({ contentType: 'image/svg+xml', body: BLANK_IMAGE }),
  );
});

/** The label around a visually hidden radio button: what a finger actually taps. */
const radioLabel = (scope: Locator, name: string) =>
  scope.locator('label').filter({ has: scope.page().getByRole('radio', { name, exact: true }) });

async function dueNow(page: Page): Promise<number> {
  const response = await page.request.get('/api/notebook/summary');
  expect(response.status()).toBe(200);
  return (await response.json()).data.dueNow;
}

async function notebookEntries(page: Page): Promise<NotebookEntry[]> {
  const response = await page.request.get('/api/notebook?limit=50');
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

/**
 * Console errors, less the ones a cut network causes by design: each request the browser cannot
 * send while offline (the review's POST, the live channel) logs one.
 */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} (${message.location().url})`;
    if (!text.includes('net::ERR_INTERNET_DISCONNECTED')) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const studyNav = (page: Page) => page.getByRole('navigation', { name: 'Estudo' });

/** Answers the review's current card with its first option, then rates it. */
async function answerAndRate(page: Page, rating: 'Errei' | 'Difícil' | 'Bom' | 'Fácil') {
  const options = page.getByRole('group', { name: 'Alternativas' });
  await options.locator('label').first().click();
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByRole('group', { name: 'Como foi lembrar desta questão?' })).toBeVisible();
  await radioLabel(page.locator('main'), rating).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test('a question answered wrong in the feed lands in the caderno, and reviewing it lowers the due count', async ({
  page,
  login,
}) => {
  test.slow();
  const question = `Quanto é 9 × 7? (caderno ${Date.now()})`;
  await login(DIEGO);
  const created = await page.request.post('/api/posts', {
    data: {
      type: 'question',
      content: '',
      questionData: {
        question,
        options: ['54', '63', '72', '81'],
        correctAnswer: 1,
        subject: 'matematica',
        topic: 'Tabuada',
        exam: 'autoral',
      },
    },
  });
  expect(created.status()).toBe(201);

  // Carla (a teacher) answers nothing in the demo: her caderno starts empty.
  await login(CARLA);
  expect(await dueNow(page)).toBe(0);
  await page.goto('/');
  const post = page.getByRole('article').filter({ hasText: question });
  await expect(post.getByRole('list', { name: 'Classificação da questão' })).toHaveText(
    /Matemática\s*Tabuada\s*Autoral/,
    { timeout: 15_000 },
  );
  await radioLabel(post, '72').click();
  await post.getByRole('button', { name: 'Responder' }).click();
  await expect(post.getByText('Resposta incorreta.')).toBeVisible();

  await expect.poll(() => dueNow(page)).toBe(1);
  await page.goto('/caderno');
  const entry = page.getByRole('article').filter({ hasText: question });
  await expect(entry.getByText(STUDY_LOOP_MESSAGES.reasonWrong, { exact: true })).toBeVisible();
  await expect(entry.getByText('Revisar agora')).toBeVisible();
  await expect(studyNav(page).getByRole('link', { name: 'Revisão, 1 para revisar' })).toBeVisible();

  await studyNav(page)
    .getByRole('link', { name: /^Revisão/ })
    .click();
  await expect(page).toHaveURL('/caderno/revisao');
  await expect(page.getByText('1 de 1')).toBeVisible();
  await expect(page.getByText(question)).toBeVisible();
  // The answer key is not on screen before answering: nothing is marked right or wrong.
  await expect(page.getByRole('radio', { name: /resposta correta/ })).toHaveCount(0);
  await radioLabel(page.locator('main'), '72').click();
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByText('Resposta incorreta.')).toBeVisible();
  // A wrong answer presets 'Errei'; the student may still choose another.
  await expect(page.getByRole('radio', { name: 'Errei' })).toBeChecked();
  await radioLabel(page.locator('main'), 'Difícil').click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText(STUDY_LOOP_MESSAGES.reviewDone)).toBeVisible();

  await expect.poll(() => dueNow(page)).toBe(0);
  await expect(studyNav(page).getByRole('link', { name: 'Revisão', exact: true })).toBeVisible();
  const [card] = await notebookEntries(page);
  expect(card?.question.questionData.question).toBe(question);
  expect(card?.card.reps).toBe(1);
});

// Its own context: going offline makes the browser log every request it cannot send.
test('reviews done offline wait on the device and reach the server once the connection returns, once each', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', serviceWorkers: 'allow' });
  await context.route(
    (url) => url.origin !== E2E_BASE_URL,
    (route) => route.fulfill({ contentType: 'image/svg+xml', body: BLANK_IMAGE }),
  );
  const page = await context.newPage();
  const errors = watchConsole(page);
  const login = await page.request.post('/api/auth/login', { data: { email: ANA, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const dueResponse = await page.request.get('/api/reviews/due');
  const due: NotebookEntry[] = (await dueResponse.json()).data;
  // The cards Ana can correct offline: those she answered (their key came with them).
  const withKey = due.filter((entry) => entry.question.questionData.correctAnswer !== undefined);
  expect(withKey.length).toBeGreaterThanOrEqual(2);
  const reviewed = withKey.slice(0, 2).map((entry) => entry.id);
  const before = new Map((await notebookEntries(page)).map((entry) => [entry.id, entry.card]));

  // Online first, until the app is fully up (its live channel's code is loaded on demand).
  const connected = liveConnection(page);
  await page.goto('/caderno/revisao');
  await connected;
  // The first visit also installs the service worker (its precache downloads every chunk): slower.
  await expect(page.getByText(`1 de ${due.length}`)).toBeVisible({ timeout: 15_000 });
  await context.setOffline(true);

  let left = [...reviewed];
  for (const [index, entry] of due.entries()) {
    if (left.length === 0) break;
    await expect(page.getByText(`${index + 1} de ${due.length}`)).toBeVisible();
    if (left.includes(entry.id)) {
      await answerAndRate(page, 'Fácil');
      left = left.filter((id) => id !== entry.id);
    } else {
      // Never answered (added by hand): it needs the server to be corrected, so it is skipped.
      await page.getByRole('group', { name: 'Alternativas' }).locator('label').first().click();
      await page.getByRole('button', { name: 'Responder' }).click();
      await page.getByRole('button', { name: 'Pular por enquanto' }).click();
    }
  }
  await expect(page.getByText(STUDY_LOOP_MESSAGES.reviewsWaitingSync(2))).toBeVisible();
  // Nothing reached the server while offline.
  for (const id of reviewed) {
    const now = (await notebookEntries(page)).find((entry) => entry.id === id);
    expect(now?.card.reps).toBe(before.get(id)?.reps);
  }

  await context.setOffline(false);
  await expect(page.getByText(/aguardando sincronização/)).toBeHidden();
  const after = await notebookEntries(page);
  for (const entry of after) {
    const previous = before.get(entry.id);
    if (reviewed.includes(entry.id)) {
      expect(entry.card.reps, 'each offline review applied once').toBe((previous?.reps ?? 0) + 1);
      expect(entry.card.lastReview).not.toBe(previous?.lastReview ?? null);
    } else {
      expect(entry.card.reps, 'no other card was reviewed').toBe(previous?.reps);
    }
  }
  // A reload sends nothing twice: the queue is empty and the cards stay as they are.
  await page.reload();
  await expect(page.getByRole('heading', { name: STUDY_LOOP_MESSAGES.reviewTitle })).toBeVisible();
  const reloaded = await notebookEntries(page);
  for (const id of reviewed) {
    expect(reloaded.find((entry) => entry.id === id)?.card.reps).toBe((before.get(id)?.reps ?? 0) + 1);
  }
  expect(errors, 'console errors').toEqual([]);
  await context.close();
});

test('the question bank filters by subject and by status, combined', async ({ page, login }) => {
  test.slow();
  await login(ANA);
  await page.goto('/');
  await studyNav(page).getByRole('link', { name: 'Questões' }).click();
  await expect(page).toHaveURL('/questoes');
  await expect(page.getByRole('heading', { name: STUDY_LOOP_MESSAGES.bankTitle })).toBeVisible();

  await page.getByLabel('Matéria').selectOption({ label: 'Física' });
  await radioLabel(page.locator('main'), 'Não respondidas').click();
  await expect(page).toHaveURL(/subject=fisica/);
  await expect(page).toHaveURL(/status=unanswered/);
  const list = page.getByRole('list', { name: 'Questões' });
  await expect(list.getByRole('article').first()).toBeVisible();
  for (const card of await list.getByRole('article').all()) {
    await expect(card.getByRole('list', { name: 'Classificação da questão' })).toContainText('Física');
    await expect(card.getByRole('button', { name: 'Responder' })).toBeDisabled();
  }

  await radioLabel(page.locator('main'), 'Erradas').click();
  await expect(page).toHaveURL(/status=wrong/);
  await expect(list.getByRole('article').first()).toBeVisible();
  for (const card of await list.getByRole('article').all()) {
    await expect(card.getByRole('list', { name: 'Classificação da questão' })).toContainText('Física');
    await expect(card.getByText('Resposta incorreta.')).toBeVisible();
    await expect(card.getByText(/% acertaram/)).toBeVisible();
  }

  // Answering in place: the key, the explanation and the community figure show.
  await radioLabel(page.locator('main'), 'Não respondidas').click();
  await expect(page).toHaveURL(/status=unanswered/);
  const first = list.getByRole('article').first();
  await expect(first).toBeVisible();
  await first.getByRole('group', { name: 'Alternativas' }).locator('label').first().click();
  await first.getByRole('button', { name: 'Responder' }).click();
  await expect(first.getByText(/Você acertou!|Resposta incorreta\./)).toBeVisible();
  await expect(first.getByText(/\d+% acertaram/)).toBeVisible();
});
