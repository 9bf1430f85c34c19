import type { APIRequestContext, Browser } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

const CARLA = 'carla@estudai.dev';
const STUDENTS = ['ana@estudai.dev', 'bruno@estudai.dev'];
const GROUP = 'Matemática para o ENEM';
const MINUTE = 60_000;

/** A student's own API session (they take the simulado through the API: the owner's screen is under test). */
async function studentRequest(browser: Browser, email: string): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const response = await context.request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return context.request;
}

/**
 * The server runs on the real clock: the window closes at the first whole minute at least 50 s from
 * now (Brasília has no daylight saving: UTC−3), so the students have time to take it, and the test
 * waits at most about 110 s for the close.
 */
function closingSoon() {
  const closes = new Date(Math.ceil((Date.now() + 50_000) / MINUTE) * MINUTE);
  const brasilia = new Date(closes.getTime() - 3 * 60 * MINUTE).toISOString().slice(0, 16);
  return { closes, brasilia };
}

test("the owner reads the class results after the close: ranking, distribution, each question's alternatives, the CSV", async ({
  page,
  login,
  browser,
}) => {
  test.setTimeout(240_000);
  const word = `turma${Date.now().toString(36)}`;
  await login(CARLA);
  const questions: { postId: string; questionIndex: null }[] = [];
  for (let n = 1; n <= 5; n += 1) {
    const created = await page.request.post('/api/posts', {
      data: {
        type: 'question',
        content: '',
        questionData: {
          question: `${word}: questão ${n} da turma`,
          options: [`errada ${n}a`, `certa ${n}`, `errada ${n}b`, `errada ${n}c`, `errada ${n}d`],
          correctAnswer: 1,
          subject: 'matematica',
          topic: 'Resultados da turma',
          exam: 'autoral',
        },
      },
    });
    expect(created.status()).toBe(201);
    questions.push({ postId: (await created.json()).data.id, questionIndex: null });
  }
  const groups = await page.request.get('/api/study-groups/my?limit=50');
  const group = ((await groups.json()).data as { id: string; name: string }[]).find((g) => g.name === GROUP);
  expect(group, `${GROUP} among Carla's groups`).toBeTruthy();
  const { closes, brasilia } = closingSoon();
  const simulado = await page.request.post(`/api/study-groups/${group?.id}/simulados`, {
    data: {
      title: `Simulado da turma ${word}`,
      questions,
      durationMinutes: 30,
      opensAt: 'now',
      closesAt: brasilia,
      showRanking: true,
    },
  });
  expect(simulado.status()).toBe(201);
  const id: string = (await simulado.json()).data.id;
  expect((await page.request.post(`/api/simulados/${id}/publish`)).status()).toBe(200);

  // Ana gets all five right; Bruno falls for 'errada 1a' on the first and leaves the last blank.
  const choices = [
    [1, 1, 1, 1, 1],
    [0, 1, 1, 1, null],
  ];
  for (const [n, email] of STUDENTS.entries()) {
    const student = await studentRequest(browser, email as string);
    expect((await student.post(`/api/simulados/${id}/attempts`)).status()).toBe(201);
    for (const [index, optionIndex] of (choices[n] ?? []).entries()) {
      if (optionIndex === null) continue;
      const saved = await student.put(`/api/simulados/${id}/attempts/me/answers/${index}`, {
        data: { optionIndex, clientId: crypto.randomUUID() },
      });
      expect(saved.status()).toBe(200);
    }
    expect((await student.post(`/api/simulados/${id}/attempts/me/submit`)).status()).toBe(200);
  }

  // Before the close the owner is told when the class results come (and the page shows none).
  const early = await page.request.get(`/api/simulados/${id}/class-results`);
  expect(early.status()).toBe(409);
  expect((await early.json()).error).toBe('Os resultados da turma saem quando o simulado fechar.');

  await page.waitForTimeout(Math.max(0, closes.getTime() - Date.now()) + 1_500);

  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/simulados/${id}`);
    const section = page.getByRole('region', { name: 'Resultados da turma' });
    await expect(section).toBeVisible();
    const ranking = section.getByRole('table', { name: 'Ranking da turma' });
    await expect(ranking.getByRole('row')).toHaveCount(3);
    await expect(ranking.getByRole('row').nth(1)).toContainText('1º');
    await expect(ranking.getByRole('row').nth(1)).toContainText('5/5');
    await expect(ranking.getByRole('row').nth(2)).toContainText('3/5');
    await expect(section.getByText(/^2 participantes · média de 4 de 5 acertos/)).toBeVisible();
    await expect(section.getByRole('listitem', { name: '5 acertos: 1 participante' })).toBeVisible();
    const first = section.getByRole('list', { name: 'Alternativas da questão 1' });
    await expect(first.getByRole('listitem')).toHaveCount(5);
    await expect(first.getByText('Distrator mais escolhido')).toBeVisible();
    await expect(first.getByRole('listitem').first()).toContainText('50%');
    await expectSoundLayout(page, `the class results at ${size.width}×${size.height}`);
    await page.screenshot({
      path: test.info().outputPath(`class-results-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }

  // 'Exportar CSV' downloads the spreadsheet: the ranking's lines, each question's letters.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^resultados-simulado-da-turma-.*\.csv$/);
  const csv = await page.request.get(`/api/simulados/${id}/class-results.csv`);
  const lines = (await csv.text()).split('\r\n');
  expect(lines[0]).toMatch(/^\uFEFFPosição;Nome;Acertos;/);
  expect(lines[1]).toMatch(/^1;[^;]+;5;5;5;/);
  expect(lines[2]).toMatch(/;A;B;B;B;$/);
});

test("a draft's page lists its questions; the attempt comes back to its question after a reload, takes ← → and A–E, and 'Finalizar?' counts the marks", async ({
  page,
  login,
  browser,
}) => {
  test.setTimeout(120_000);
  const word = `rasc${Date.now().toString(36)}`;
  await login(CARLA);
  const questions: { postId: string; questionIndex: null }[] = [];
  for (let n = 1; n <= 5; n += 1) {
    const created = await page.request.post('/api/posts', {
      data: {
        type: 'question',
        content: '',
        questionData: {
          question: `${word}: questão ${n} do rascunho`,
          options: [`errada ${n}a`, `certa ${n}`, `errada ${n}b`, `errada ${n}c`, `errada ${n}d`],
          correctAnswer: 1,
          subject: 'matematica',
          topic: 'Rascunho',
          exam: 'autoral',
        },
      },
    });
    expect(created.status()).toBe(201);
    questions.push({ postId: (await created.json()).data.id, questionIndex: null });
  }
  const groups = await page.request.get('/api/study-groups/my?limit=50');
  const group = ((await groups.json()).data as { id: string; name: string }[]).find((g) => g.name === GROUP);
  const created = await page.request.post(`/api/study-groups/${group?.id}/simulados`, {
    data: {
      title: `Rascunho ${word}`,
      questions,
      durationMinutes: 60,
      opensAt: 'now',
      closesAt: '2099-12-31T18:00',
      showRanking: false,
    },
  });
  expect(created.status()).toBe(201);
  const id: string = (await created.json()).data.id;

  // The owner's draft lists its five questions before publishing.
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/simulados/${id}`);
    const list = page.getByRole('list', { name: 'Questões do simulado' });
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(list.getByRole('listitem').nth(1)).toContainText(`${word}: questão 2 do rascunho`);
    await expectSoundLayout(page, `the draft at ${size.width}×${size.height}`);
    await page.screenshot({
      path: test.info().outputPath(`draft-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }
  expect((await page.request.post(`/api/simulados/${id}/publish`)).status()).toBe(200);

  // Ana takes it on a desktop with the keyboard.
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    serviceWorkers: 'block',
  });
  const ana = await context.newPage();
  const errors: string[] = [];
  ana.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  ana.on('pageerror', (error) => errors.push(error.message));
  const signedIn = await ana.request.post('/api/auth/login', {
    data: { email: STUDENTS[0], password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  await ana.setViewportSize({ width: 1280, height: 800 });
  await ana.goto(`/simulados/${id}`);
  await ana.getByRole('button', { name: 'Começar simulado' }).click();
  await expect(ana.getByText('Questão 1 de 5')).toBeVisible();
  await ana.keyboard.press('b');
  await expect(ana.getByRole('radio', { name: /^certa 1/ })).toBeChecked();
  await ana.keyboard.press('ArrowRight');
  await expect(ana.getByText('Questão 2 de 5')).toBeVisible();
  await ana.keyboard.press('a');
  await expect(ana.getByRole('radio', { name: /^errada 2a/ })).toBeChecked();
  await ana.getByRole('button', { name: 'Marcar para revisar' }).click();
  await ana.keyboard.press('ArrowRight');
  await expect(ana.getByText('Questão 3 de 5')).toBeVisible();
  await expect(ana.getByText('Respostas salvas')).toBeVisible();

  // A reload comes back to question 3, the answers and the mark kept.
  await ana.reload();
  await expect(ana.getByText('Questão 3 de 5')).toBeVisible();
  await ana.keyboard.press('ArrowLeft');
  await expect(ana.getByRole('radio', { name: /^errada 2a/ })).toBeChecked();

  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await ana.setViewportSize(size);
    await expectSoundLayout(ana, `the attempt at ${size.width}×${size.height}`);
    await ana.getByRole('button', { name: 'Finalizar' }).click();
    const dialog = ana.getByRole('dialog');
    await expect(dialog).toContainText(
      'Você deixou 3 questões em branco e tem 1 questão marcada para revisar.',
    );
    await ana.screenshot({ path: test.info().outputPath(`finalizar-${size.width}x${size.height}.png`) });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test("a student builds a simulado alone ('Monte seu simulado') from the bank and takes it with the same attempt screen and result", async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login(STUDENTS[0] as string);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/questoes');
    await page.getByRole('link', { name: 'Monte seu simulado' }).click();
    await expect(page).toHaveURL(/\/simulados\/monte-seu-simulado$/);
    await expect(page.getByRole('checkbox', { name: 'Matemática' })).toBeVisible();
    await expectSoundLayout(page, `the builder at ${size.width}×${size.height}`);
    await page.screenshot({
      path: test.info().outputPath(`builder-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }
  await page.getByRole('checkbox', { name: 'Ocultar questões que já respondi' }).uncheck();
  await page.getByLabel(/^Número de questões/).fill('5');
  await page.getByLabel(/^Duração/).fill('10');
  await page.getByRole('button', { name: 'Montar simulado' }).click();
  await expect(page.getByRole('heading', { name: 'Meu simulado — 5 questões' })).toBeVisible();
  await expect(page.getByText('Com ranking')).toHaveCount(0);
  await page.getByRole('button', { name: 'Começar simulado' }).click();
  for (let n = 1; n <= 5; n += 1) {
    await expect(page.getByText(`Questão ${n} de 5`)).toBeVisible();
    await page.keyboard.press('a');
    await expect(page.getByRole('radio').first()).toBeChecked();
    if (n < 5) await page.keyboard.press('ArrowRight');
  }
  await expect(page.getByText('Respostas salvas')).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/resultado$/);
  await expect(page.getByText('Estimativa TRI').first()).toBeVisible();
  await expectSoundLayout(page, "the result of one's own simulado at 1280×800");
});
