import { SIMULADO_ESTIMATE_LABEL } from '@estudai/contract/constants';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { blankExternalImages, DEMO_PASSWORD, expect, liveConnection, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

const CARLA = 'carla@estudai.dev';
const ANA = 'ana@estudai.dev';
const BRUNO = 'bruno@estudai.dev';
const GROUP = 'Matemática para o ENEM';

interface Taker {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * A person in a browser of their own, signed in. Console errors are collected, less the ones a cut
 * network causes by design (each request the browser cannot send while offline logs one).
 */
async function signedIn(browser: Browser, email: string): Promise<Taker> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    serviceWorkers: 'block',
  });
  await blankExternalImages(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} (${message.location().url})`;
    if (!text.includes('net::ERR_INTERNET_DISCONNECTED') && !text.includes('Failed to load resource'))
      errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return { context, page, errors };
}

async function groupId(page: Page): Promise<string> {
  const response = await page.request.get('/api/study-groups/my?limit=50');
  expect(response.status()).toBe(200);
  const groups: { id: string; name: string }[] = (await response.json()).data;
  const group = groups.find((candidate) => candidate.name === GROUP);
  expect(group, `${GROUP} among Carla's groups`).toBeTruthy();
  return group?.id as string;
}

/** Five question posts by Carla, each with a word found only in this run; the right option is 'certa N'. */
async function createQuestions(page: Page, word: string) {
  for (let n = 1; n <= 5; n += 1) {
    const created = await page.request.post('/api/posts', {
      data: {
        type: 'question',
        content: '',
        questionData: {
          question: `${word}: questão ${n} do simulado`,
          options: [`errada ${n}a`, `certa ${n}`, `errada ${n}b`, `errada ${n}c`],
          correctAnswer: 1,
          explanation: `Explicação da questão ${n}.`,
          subject: 'matematica',
          topic: 'Simulado',
          exam: 'autoral',
        },
      },
    });
    expect(created.status()).toBe(201);
  }
}

async function openSimuladosTab(page: Page, id: string) {
  await page.goto(`/study-groups/${id}`);
  await page.getByRole('tab', { name: 'Simulados' }).click();
}

/** Question n (1-based) of the attempt, answered right: the label around its 'certa' radio, as a finger taps it. */
async function answerCurrent(page: Page, n: number) {
  await expect(page.getByText(`Questão ${n} de 5`)).toBeVisible();
  await page
    .locator('main label')
    .filter({ has: page.getByRole('radio', { name: /^certa/ }) })
    .click();
  await expect(page.getByRole('radio', { name: /^certa/ })).toBeChecked();
}

test('a professor publishes a simulado; two students take it at once, one offline for a while; both see results; the owner follows live', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const word = `sim${Date.now().toString(36)}`;
  const title = `Simulado ${word}`;

  // Carla (professor, owner of the group) builds it from the bank and publishes it.
  const carla = await signedIn(browser, CARLA);
  const id = await groupId(carla.page);
  await createQuestions(carla.page, word);
  await openSimuladosTab(carla.page, id);
  await carla.page.getByRole('link', { name: 'Criar simulado' }).click();
  await carla.page.getByLabel('Título').fill(title);
  await carla.page.getByLabel(/^Duração/).fill('30');
  await carla.page.getByRole('searchbox', { name: 'Buscar questões' }).fill(word);
  const bank = carla.page.getByRole('list', { name: 'Questões do banco' });
  await expect(bank.getByRole('checkbox')).toHaveCount(5);
  for (const box of await bank.getByRole('checkbox').all()) await box.check();
  await expect(carla.page.getByText('5 questões selecionadas', { exact: false })).toBeVisible();
  await carla.page.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(carla.page.getByText('Rascunho', { exact: true })).toBeVisible();
  await carla.page.getByRole('button', { name: 'Publicar' }).click();
  await carla.page.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
  await expect(carla.page.getByText('Ninguém começou ainda.')).toBeVisible();
  const simuladoUrl = new URL(carla.page.url()).pathname;
  expect(simuladoUrl).toMatch(/^\/simulados\/[0-9a-f-]{36}$/);

  // Ana and Bruno, each in a browser of their own, find it in the group and start at once.
  const [ana, bruno] = await Promise.all([signedIn(browser, ANA), signedIn(browser, BRUNO)]);
  for (const taker of [ana, bruno]) {
    const live = liveConnection(taker.page);
    await openSimuladosTab(taker.page, id);
    await live;
    // Other open simulados of the group (earlier files of the worker) show a count of their own.
    const card = taker.page
      .getByRole('listitem')
      .filter({ has: taker.page.getByRole('link', { name: title }) });
    await expect(card.getByText('0 pessoas fazendo agora')).toBeVisible();
  }
  await Promise.all(
    [ana, bruno].map(async ({ page }) => {
      await page.getByRole('link', { name: title }).click();
      await page.getByRole('button', { name: 'Começar simulado' }).click();
      await expect(page.getByRole('timer')).toBeVisible();
    }),
  );
  await expect(carla.page.getByText('2 pessoas fazendo agora')).toBeVisible();

  // Ana's attempt on phones: the exam has the screen (no tab bar), the way out says the time runs
  // on, and the title stays whole beside the countdown.
  const desktop = ana.page.viewportSize();
  for (const size of [
    { width: 390, height: 844 },
    { width: 360, height: 640 },
  ]) {
    await ana.page.setViewportSize(size);
    await expect(ana.page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0);
    await expect(ana.page.getByRole('link', { name: /^Sair da prova/ })).toBeVisible();
    const heading = ana.page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    expect(
      await heading.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
      `the title is whole at ${size.width}px`,
    ).toBe(true);
    await expectSoundLayout(ana.page, `the attempt at ${size.width}×${size.height}`);
  }
  await ana.page.screenshot({ path: test.info().outputPath('attempt-360x640.png') });
  if (desktop) await ana.page.setViewportSize(desktop);

  // Ana answers two; the owner sees her count move without reloading.
  await answerCurrent(ana.page, 1);
  await ana.page.getByRole('button', { name: 'Próxima questão' }).click();
  await answerCurrent(ana.page, 2);
  await expect(carla.page.getByText('2 de 5 respondidas')).toBeVisible();

  // Bruno answers one online, loses the connection, answers the rest: they wait on his device.
  await answerCurrent(bruno.page, 1);
  await expect(bruno.page.getByText('Respostas salvas')).toBeVisible();
  await bruno.context.setOffline(true);
  for (let n = 2; n <= 5; n += 1) {
    await bruno.page.getByRole('button', { name: 'Próxima questão' }).click();
    await answerCurrent(bruno.page, n);
  }
  await bruno.page.getByRole('button', { name: 'Questão 3: respondida' }).click();
  await bruno.page.getByRole('button', { name: 'Marcar para revisar' }).click();
  await expect(
    bruno.page.getByRole('button', { name: 'Questão 3: respondida, marcada para revisar' }),
  ).toBeVisible();
  await expect(bruno.page.getByText('4 respostas aguardando sincronização')).toBeVisible();
  // A reload while offline would lose nothing either: the queue is in localStorage.
  await bruno.context.setOffline(false);
  await expect(bruno.page.getByText('Respostas salvas')).toBeVisible({ timeout: 15_000 });
  await expect(carla.page.getByText('5 de 5 respondidas')).toBeVisible();

  // Ana finishes hers with a blank left; Bruno hands in.
  for (const taker of [ana, bruno]) {
    await taker.page.getByRole('button', { name: 'Finalizar' }).click();
    await taker.page.getByRole('dialog').getByRole('button', { name: 'Finalizar' }).click();
    await expect(taker.page.getByRole('heading', { name: 'Resultado do simulado' })).toBeVisible();
    await expect(taker.page.getByText(SIMULADO_ESTIMATE_LABEL)).toBeVisible();
    await expect(taker.page.getByText('Explicação da questão 1.')).toBeVisible();
  }
  await expect(ana.page.getByText('2 de 5 acertos · 3 em branco')).toBeVisible();
  // Bruno's offline answers counted.
  await expect(bruno.page.getByText('5 de 5 acertos · 0 em branco')).toBeVisible();
  await expect(bruno.page.getByText('provisória', { exact: true })).toBeVisible();

  // The owner saw both finish.
  await expect(carla.page.getByText('Terminou')).toHaveCount(2);

  for (const person of [carla, ana, bruno]) {
    expect(person.errors, 'console errors').toEqual([]);
    await person.context.close();
  }
});
