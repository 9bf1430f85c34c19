import { type NotebookEntry, STUDY_LOOP_MESSAGES } from '@estudai/contract/constants';
import type { Locator, Page } from '@playwright/test';
import { blankExternalImages, DEMO_PASSWORD, expect, liveConnection, test, toasts } from './fixtures.ts';

const ANA = 'ana@estudai.dev';
const CARLA = 'carla@estudai.dev';
const DIEGO = 'diego@estudai.dev';

test.beforeEach(({ page }) => blankExternalImages(page));

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

/** A rating of the review, one tap, named with the interval it gives ('Errei · 1 min'). */
const ratingButton = (page: Page, rating: string) =>
  page.getByRole('button', { name: new RegExp(`^${rating} · \\d`) });

/** Answers the review's current card with its first option, then rates it. */
async function answerAndRate(page: Page, rating: 'Errei' | 'Difícil' | 'Bom' | 'Fácil') {
  const options = page.getByRole('group', { name: 'Alternativas' });
  await options.locator('label').first().click();
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByRole('group', { name: 'Como foi lembrar desta questão?' })).toBeVisible();
  await ratingButton(page, rating).click();
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
  // A wrong answer suggests 'Errei'; the student may still choose another, in one tap.
  await expect(ratingButton(page, 'Errei')).toHaveAttribute('data-suggested', 'true');
  await ratingButton(page, 'Fácil').click();
  await expect(
    page.getByText(/^Tudo revisado por agora 🎉 A próxima questão volta em \d+ dias\.$/),
  ).toBeVisible();

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
  await blankExternalImages(context);
  const page = await context.newPage();
  const errors = watchConsole(page);
  const login = await page.request.post('/api/auth/login', { data: { email: ANA, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  // Two answered questions in her caderno, due now, whatever other files of this worker reviewed
  // before (the practice journey goes through her due cards): answered, so their keys come along.
  const fresh = (await (await page.request.get('/api/questions?status=unanswered&limit=20')).json()).data as {
    postId: string;
    questionIndex: number;
    postType: string;
    author: { id: string };
  }[];
  const me = (await (await page.request.get('/api/auth/session')).json()).data.id;
  for (const question of fresh.filter((item) => item.author.id !== me).slice(0, 2)) {
    const quiz = question.postType === 'question_set' ? { questionIndex: question.questionIndex } : {};
    await page.request.post(`/api/posts/${question.postId}/answer`, { data: { optionIndex: 0, ...quiz } });
    // A wrong answer is in the caderno already (409 here); a right one is added by hand.
    await page.request.post('/api/notebook', { data: { postId: question.postId, ...quiz } });
  }
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

  await page.getByLabel('Matéria').click();
  await page.getByRole('checkbox', { name: 'Física' }).check();
  await page.keyboard.press('Escape');
  await radioLabel(page.locator('main'), 'Não respondidas').click();
  await expect(page).toHaveURL(/subject=fisica/);
  await expect(page.getByText(/^\d[\d.]* quest(ão|ões)$/)).toBeVisible();
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

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an ENEM question with five alternatives through the feed and the bank; in the review 'Errei' comes back and 'Desfazer' works", async ({
    page,
    login,
  }) => {
    test.slow();
    const stamp = Date.now();
    const enem = `Qual é a capital do Brasil? (ENEM ${stamp})`;
    const cebraspe = `A derivada de x² é 2x. (Cebraspe ${stamp})`;
    await login(DIEGO);
    const diegoId: string = (await (await page.request.get('/api/auth/session')).json()).data.id;
    for (const questionData of [
      {
        question: enem,
        options: ['São Paulo', 'Rio de Janeiro', 'Salvador', 'Belo Horizonte', 'Brasília'],
        correctAnswer: 4,
        subject: 'geografia',
        exam: 'enem',
      },
      { question: cebraspe, options: ['Certo', 'Errado'], correctAnswer: 0, subject: 'matematica' },
    ]) {
      const created = await page.request.post('/api/posts', {
        data: { type: 'question', content: '', questionData },
      });
      expect(created.status()).toBe(201);
    }

    // The feed: five alternatives A–E; a wrong answer shows E as the key. Carla follows Diego, so his
    // question tops her 'Para você' even after the other files of this worker posted for hours' worth
    // of rank (a followee's post and a question on her subject rank 6 h ahead, anything else none).
    await login(CARLA);
    const followed = await page.request.post(`/api/users/${diegoId}/follow`);
    expect(followed.ok()).toBe(true);
    await page.goto('/');
    const post = page.getByRole('article').filter({ hasText: enem });
    const options = post.getByRole('group', { name: 'Alternativas' });
    await expect(options.locator('label')).toHaveCount(5, { timeout: 15_000 });
    await expect(options.locator('label').nth(4)).toContainText('E');
    await radioLabel(post, 'Salvador').click();
    await post.getByRole('button', { name: 'Responder' }).click();
    await expect(post.getByText('Resposta incorreta.')).toBeVisible();
    await expect(post.getByRole('radio', { name: 'Brasília (resposta correta)' })).toBeVisible();

    // The bank: the ENEM question answered, with its five; the Certo/Errado one answered in place.
    await page.goto('/questoes');
    const list = page.getByRole('list', { name: 'Questões' });
    const enemCard = list.getByRole('article').filter({ hasText: enem });
    await expect(enemCard.getByRole('group', { name: 'Alternativas' }).locator('label')).toHaveCount(5);
    await expect(enemCard.getByText('Resposta incorreta.')).toBeVisible();
    const twoCard = list.getByRole('article').filter({ hasText: cebraspe });
    await expect(twoCard.getByRole('group', { name: 'Alternativas' }).locator('label')).toHaveCount(2);
    await radioLabel(twoCard, 'Errado').click();
    await twoCard.getByRole('button', { name: 'Responder' }).click();
    await expect(twoCard.getByText('Resposta incorreta.')).toBeVisible();
    await expect.poll(() => dueNow(page)).toBe(2);

    // The review: two cards; the first rated 'Errei' comes back after the second.
    await page.goto('/caderno/revisao');
    const main = page.locator('main');
    await expect(page.getByText('1 de 2')).toBeVisible();
    await expect(main.getByText(enem)).toBeVisible();
    await radioLabel(main, 'Salvador').click();
    await page.getByRole('button', { name: 'Responder' }).click();
    await expect(page.getByRole('button', { name: 'Errei · 1 min' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Fácil · \d+ dias$/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/review-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: 'test-results/screens/review-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Errei · 1 min' }).click();

    await expect(main.getByText(cebraspe)).toBeVisible();
    await radioLabel(main, 'Certo').click();
    await page.getByRole('button', { name: 'Responder' }).click();
    await expect(page.getByText('Você acertou!')).toBeVisible();
    await page.keyboard.press('4');

    // Nothing else left: the card rated 'Errei' is back, as its learning step comes due.
    await expect(main.getByText(enem)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Responder' })).toBeVisible();
    await expect
      .poll(async () =>
        (await notebookEntries(page))
          .filter((entry) => entry.question.questionData.question.includes(String(stamp)))
          .map((entry) => entry.card.reps),
      )
      .toEqual([1, 1]);

    // 'Desfazer': the Certo/Errado card is back as it was, on the server too.
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await expect(main.getByText(cebraspe)).toBeVisible();
    await expect(toasts(page).getByText(STUDY_LOOP_MESSAGES.reviewUndone)).toBeVisible();
    await expect
      .poll(async () => {
        const entries = await notebookEntries(page);
        return entries.find((entry) => entry.question.questionData.question === cebraspe)?.card.reps;
      })
      .toBe(0);

    await radioLabel(main, 'Certo').click();
    await page.getByRole('button', { name: 'Responder' }).click();
    await ratingButton(page, 'Fácil').click();
    await expect(main.getByText(enem)).toBeVisible();
    await radioLabel(main, 'Brasília').click();
    await page.getByRole('button', { name: 'Responder' }).click();
    await ratingButton(page, 'Fácil').click();
    await expect(
      page.getByText(/^Tudo revisado por agora 🎉 A próxima questão volta em \d+ dias?\.$/),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/review-end-390.png' });
    await expect.poll(() => dueNow(page)).toBe(0);

    // The composer: four alternatives to start with, 'Adicionar alternativa', 'Remover', 'Certo/Errado'.
    await page.goto('/?create-post=1');
    const dialog = page.getByRole('dialog', { name: 'Criar novo post' });
    await radioLabel(dialog, 'Questão').click();
    await dialog.getByRole('button', { name: 'Adicionar alternativa' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Alternativa E' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/composer-390.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: 'test-results/screens/composer-1280.png' });
    await dialog.getByRole('button', { name: 'Certo/Errado' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Alternativa B' })).toHaveValue('Errado');
    await expect(dialog.getByRole('textbox', { name: 'Alternativa C' })).toHaveCount(0);
  });
});
