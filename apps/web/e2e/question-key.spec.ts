import {
  type NotebookEntry,
  OPTION_SHARES_MIN_ANSWERS,
  QUESTION_REPORT_MESSAGES,
  STUDY_LOOP_MESSAGES,
} from '@estudai/contract/constants';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { blankExternalImages, DEMO_PASSWORD, expect, signUpVerified, test, toasts } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 40, "questions that teach", end to end: a student answers wrong, reads the teacher's
// resolution and what the others chose, reports the key; the author corrects it on her screen and
// the re-grade moves the cadernos both ways (decisions 045 and 053).

const ANA = 'ana@estudai.dev';
const CARLA = 'carla@estudai.dev';
/** Verified adults of the demo who may answer Carla's question (she is its author; Ana answers on screen). */
const DEMO_ANSWERERS = [
  'bruno@estudai.dev',
  'diego@estudai.dev',
  'elisa@estudai.dev',
  'admin@estudai.dev',
  'moderacao@estudai.dev',
];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.beforeEach(({ page }) => blankExternalImages(page));

/** The label around a visually hidden radio button: what a finger actually taps. */
const radioLabel = (scope: Locator, name: string | RegExp) =>
  scope.locator('label').filter({
    has: scope.page().getByRole('radio', { name, exact: typeof name === 'string' ? true : undefined }),
  });

async function notebookEntries(request: APIRequestContext): Promise<NotebookEntry[]> {
  const response = await request.get('/api/notebook?limit=50');
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}
const entryOf = async (request: APIRequestContext, postId: string) =>
  (await notebookEntries(request)).find((entry) => entry.question.postId === postId);

async function signIn(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
}

/** Console errors and uncaught exceptions of a page of a context of its own (the fixture watches `page`). */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a student answers wrong, reads the resolution and the shares, reports the key; the author corrects it and the cadernos follow', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now();
  const question = `Qual é o número atômico do carbono? (gabarito ${stamp})`;
  const topic = `Tabela periódica ${stamp}`;
  const options = ['4', '6', '12', '14'];
  const resolutionText =
    'O número atômico é a quantidade de prótons: o carbono tem 6 prótons (Z = 6). O 12 é o número de massa do carbono-12.';

  // Carla posts the question with a wrong key (C, the mass number) and her resolution (she wrote it).
  const carlaApi = await playwright.request.newContext({ baseURL });
  await signIn(carlaApi, CARLA);
  const created = await carlaApi.post('/api/posts', {
    data: {
      type: 'question',
      content: '',
      questionData: { question, options, correctAnswer: 2, subject: 'quimica', topic, exam: 'autoral' },
    },
  });
  expect(created.status()).toBe(201);
  const postId: string = (await created.json()).data.id;
  const resolution = await carlaApi.post(`/api/posts/${postId}/resolutions`, {
    data: { content: resolutionText },
  });
  expect(resolution.status()).toBe(201);

  // Nine others answer before Ana (the shares show from ten answers): five B, three C, one A.
  const choices = [1, 1, 1, 1, 1, 2, 2, 2, 0];
  expect(choices.length + 1).toBe(OPTION_SHARES_MIN_ANSWERS);
  const answerers: APIRequestContext[] = [];
  for (const [index, optionIndex] of choices.entries()) {
    const request = await playwright.request.newContext({ baseURL });
    const demo = DEMO_ANSWERERS[index];
    if (demo) await signIn(request, demo);
    else await signUpVerified(request, `Estudante${index} Química`);
    const answered = await request.post(`/api/posts/${postId}/answer`, { data: { optionIndex } });
    expect(answered.status(), `answer ${index}`).toBe(201);
    answerers.push(request);
  }
  // Someone who chose C (the key now): right, so nothing in the caderno.
  const choseC = answerers[choices.indexOf(2)] as APIRequestContext;
  expect(await entryOf(choseC, postId)).toBeUndefined();

  // Ana, on a phone: practice on this topic serves the question; she answers B (6), wrong by the key.
  await page.setViewportSize(PHONE);
  await signIn(page.request, ANA);
  await page.goto(`/treino?materia=quimica&assunto=${encodeURIComponent(topic)}`);
  const region = page.getByRole('region', { name: 'Questão do treino' });
  await expect(region.getByText(question)).toBeVisible();
  await radioLabel(region, '6').click();
  await region.getByRole('button', { name: 'Responder' }).click();
  await expect(region.getByText('Resposta incorreta.')).toBeVisible();
  await expect(region.getByRole('radio', { name: /^12.*resposta correta/ })).toBeVisible();

  // What the ten chose, per alternative (hers included).
  const alternatives = region.getByRole('group', { name: 'Alternativas' });
  for (const [option, share] of [
    ['4', '10%'],
    ['6', '60%'],
    ['12', '30%'],
    ['14', '0%'],
  ] as const) {
    await expect(radioLabel(alternatives, new RegExp(`^${option}\\b`))).toContainText(`${share} escolheram`);
  }

  // The teacher's resolution, under the answer.
  const resolutions = region.getByRole('region', { name: 'Resoluções' });
  const teachers = resolutions.getByRole('listitem').filter({ hasText: resolutionText });
  await expect(teachers.getByText('Resolução do professor')).toBeVisible();
  await expect(teachers.getByText('Carla Mendes')).toBeVisible();
  await page.screenshot({ path: 'test-results/question-key-answer-390.png', fullPage: true });
  await teachers.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/question-key-resolution-390.png' });
  await expectSoundLayout(page, 'practice after a wrong answer (390)');

  // The wrong answer is in her caderno.
  expect((await entryOf(page.request, postId))?.reason).toBe('wrong');

  // She reports the key: 'Gabarito errado', with a word on why.
  await region.getByRole('button', { name: QUESTION_REPORT_MESSAGES.reportAction }).click();
  const report = page.getByRole('dialog', { name: QUESTION_REPORT_MESSAGES.reportTitle });
  await radioLabel(report, 'Gabarito errado').click();
  await report
    .getByLabel(QUESTION_REPORT_MESSAGES.textOptionalLabel)
    .fill('A resolução diz Z = 6, mas o gabarito marca 12 (o número de massa).');
  await page.screenshot({ path: 'test-results/question-key-report-390.png' });
  await expectSoundLayout(page, 'report dialog (390)', { steps: 0 });
  await report.getByRole('button', { name: QUESTION_REPORT_MESSAGES.send }).click();
  await expect(toasts(page).getByText(QUESTION_REPORT_MESSAGES.reported)).toBeVisible();
  await expect(report).toBeHidden();

  await page.goto('/caderno');
  const entry = page.getByRole('article').filter({ hasText: question });
  await expect(entry.getByText(STUDY_LOOP_MESSAGES.reasonWrong, { exact: true })).toBeVisible();

  // Carla, on a laptop: the notification of the report opens the question's page, where she
  // corrects the key to B; the bank then shows B as the key.
  const teacher = await browser.newContext({ baseURL, locale: 'pt-BR', viewport: DESKTOP });
  await blankExternalImages(teacher);
  const carlaPage = await teacher.newPage();
  const carlaErrors = watchConsole(carlaPage);
  await signIn(carlaPage.request, CARLA);
  await carlaPage.goto('/notifications');
  await carlaPage
    .getByRole('article')
    .filter({ hasText: 'Ana Souza reportou: gabarito errado.' })
    .first()
    .getByRole('button', { name: QUESTION_REPORT_MESSAGES.reportedTitle })
    .click();
  await expect(carlaPage).toHaveURL(new RegExp(`/post/${postId}`));
  await expect(carlaPage.getByText(question)).toBeVisible();
  await carlaPage.getByRole('button', { name: QUESTION_REPORT_MESSAGES.correctKeyAction }).click();
  const correct = carlaPage.getByRole('dialog', { name: QUESTION_REPORT_MESSAGES.correctKeyTitle });
  await expect(correct.getByText('(gabarito atual)')).toContainText('12');
  await radioLabel(correct, /^B\s*6$/).click();
  await carlaPage.screenshot({ path: 'test-results/question-key-correct-1280.png' });
  await expectSoundLayout(carlaPage, 'correct key dialog (1280)', { steps: 0 });
  await correct.getByRole('button', { name: QUESTION_REPORT_MESSAGES.correctKeyConfirm }).click();
  await expect(toasts(carlaPage).getByText(QUESTION_REPORT_MESSAGES.keyCorrected)).toBeVisible();
  await expect(correct).toBeHidden();
  await carlaPage.goto(`/questoes?subject=quimica&topic=${encodeURIComponent(topic)}`);
  const post = carlaPage
    .getByRole('list', { name: 'Questões' })
    .getByRole('article')
    .filter({ hasText: question });
  await expect(post.getByRole('radio', { name: /^6.*resposta correta/ })).toBeVisible();
  await carlaPage.screenshot({ path: 'test-results/question-key-corrected-1280.png' });
  await expectSoundLayout(carlaPage, 'post after the correction (1280)');
  expect(carlaErrors, 'console errors on the teacher’s page').toEqual([]);
  await teacher.close();

  // Ana's answer is right now: the entry left her caderno, on the screen and in the API; whoever
  // chose C is wrong now and gained one.
  await page.reload();
  await expect(page.getByRole('heading', { name: STUDY_LOOP_MESSAGES.notebookTitle })).toBeVisible();
  // Her other entries are listed (so the list has loaded), this one no more. (Not counted: the list
  // shows a page, and with more entries than a page, left by earlier files, the next one moves up.)
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: question })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/question-key-caderno-390.png' });
  await expectSoundLayout(page, 'caderno after the correction (390)');
  expect(await entryOf(page.request, postId)).toBeUndefined();
  expect((await entryOf(choseC, postId))?.reason).toBe('wrong');

  // And she is told how her report ended.
  await page.goto('/notifications');
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: QUESTION_REPORT_MESSAGES.outcomeKeyCorrected('B') })
      .getByRole('button', { name: QUESTION_REPORT_MESSAGES.outcomeTitle }),
  ).toBeVisible();
  for (const request of [carlaApi, ...answerers]) await request.dispose();
});
