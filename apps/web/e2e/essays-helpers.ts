import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_BASE_URL, REPO_ROOT } from './env.ts';
import { DEMO_PASSWORD, expect } from './fixtures.ts';

// The redação's browser journeys' shared pieces (essays.spec.ts, essays-third.spec.ts): signing in,
// calibrating a grader on the demo's controls, a person's own browser, screenshots, an essay's text.

export const SHOTS = `${REPO_ROOT}/test-results/essays`;

/**
 * The demo's first three controls, in the order `next` hands them out (oldest first; see
 * apps/server/src/features/essays/essays.demo.ts): correcting them with their reference scores
 * calibrates a grader.
 */
const DEMO_CONTROL_REFERENCES = [
  { c1: 160, c2: 160, c3: 160, c4: 160, c5: 160 },
  { c1: 80, c2: 120, c3: 80, c4: 80, c5: 40 },
  { c1: 200, c2: 200, c3: 160, c4: 200, c5: 200 },
];

export const PARAGRAPHS = [
  'A cidade brasileira cresceu de costas para quem mora longe do centro, e isso aparece no relógio de cada trabalhador que passa horas no ônibus.',
  'Em primeiro lugar, o tempo perdido no trajeto rouba horas de estudo e de descanso, o que afeta o rendimento escolar e a saúde de jovens e adultos.',
  'Além disso, as soluções existem e custam pouco: faixas exclusivas, ciclovias ligadas às estações e integração tarifária reduzem a viagem de forma concreta.',
  'Por outro lado, muitas prefeituras ainda planejam as linhas sem ouvir os bairros, e as rotas acabam servindo a quem já tem alternativas de transporte.',
  'Também é preciso lembrar que a mobilidade decide o acesso ao emprego, à universidade e ao lazer, ou seja, decide quem pode de fato viver a cidade.',
  'Portanto, cabe às prefeituras, com recursos federais, ampliar faixas exclusivas e ciclovias integradas, ouvindo as associações de moradores na escolha das rotas,',
  'para que a cidade pertença também a quem vive nas suas bordas e o tempo devolvido às famílias se transforme em estudo, trabalho e convivência.',
];

async function signIn(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
}

/** Three controls corrected with their references through the API: the grader is calibrated. */
export async function calibrate(request: APIRequestContext) {
  for (const scores of DEMO_CONTROL_REFERENCES) {
    const next = await request.post('/api/essay-reviews/next', { data: {} });
    expect(next.status()).toBe(200);
    const { id } = (await next.json()).data;
    const sent = await request.post(`/api/essay-reviews/${id}`, {
      data: { scores, zeroReason: null, comments: [] },
    });
    expect(sent.status()).toBe(200);
  }
}

export async function personAt(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    serviceWorkers: 'block',
    viewport,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page.request, email);
  return { context, page, errors };
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}
