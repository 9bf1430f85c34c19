import { writeFile } from 'node:fs/promises';
import { SIMULADO_ESTIMATE_LABEL } from '@estudai/contract/constants';
import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 42, paper simulados: Carla prints a simulado of her group (the booklet in two columns and
// the cartão-resposta, as Chromium saves it to PDF) and types Ana's sheet and a guest's back.

const CARLA = 'carla@estudai.dev';
const ANA = 'ana@estudai.dev';
const GROUP = 'Matemática para o ENEM';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

interface PdfWord {
  text: string;
  x: number;
}

/** Every page's text runs with their x, read from the PDF by PDF.js (as a PDF reader would). */
async function pdfPages(pdf: Buffer): Promise<{ width: number; words: PdfWord[]; text: string }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    const words = content.items.flatMap((item) =>
      'str' in item && item.str.trim() ? [{ text: item.str, x: item.transform[4] as number }] : [],
    );
    pages.push({
      width: page.getViewport({ scale: 1 }).width,
      words,
      text: words.map((word) => word.text).join(' '),
    });
  }
  return pages;
}

/** Five questions by Carla, one with five options and one with a formula; the key is always B. */
async function createSimulado(page: Page, word: string): Promise<string[]> {
  const statements: string[] = [];
  const questions = [];
  for (let n = 1; n <= 5; n++) {
    const statement = `${word}: questão ${n} impressa`;
    statements.push(statement);
    const options = [`errada ${n}a`, `certa ${n}`, `errada ${n}b`, `errada ${n}c`];
    if (n === 2) options.push(`errada ${n}d`);
    const created = await page.request.post('/api/posts', {
      data: {
        type: 'question',
        content: '',
        questionData: {
          question: n === 3 ? `${statement}. Resolva $\\frac{x^2}{2} = \\sqrt{8}$.` : statement,
          options,
          correctAnswer: 1,
          subject: 'matematica',
          topic: 'Simulado em papel',
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
  const simulado = await page.request.post(`/api/study-groups/${group?.id}/simulados`, {
    data: {
      title: `Simulado em papel ${word}`,
      questions,
      durationMinutes: 90,
      opensAt: 'now',
      closesAt: '2099-12-31T18:00',
      showRanking: true,
    },
  });
  expect(simulado.status()).toBe(201);
  const id: string = (await simulado.json()).data.id;
  expect((await page.request.post(`/api/simulados/${id}/publish`)).status()).toBe(200);
  return [id, ...statements];
}

test('a teacher prints a simulado (booklet in two columns and answer sheet, as PDF) and types the sheets back', async ({
  page,
  login,
  browser,
}) => {
  test.setTimeout(150_000);
  const word = `pap${Date.now().toString(36)}`;
  await login(CARLA);
  const [id, ...statements] = await createSimulado(page, word);

  // 'Imprimir' on the simulado's page opens the print page, without the app's frame.
  await page.goto(`/simulados/${id}`);
  await page.getByRole('link', { name: 'Imprimir' }).click();
  await expect(page).toHaveURL(`/simulados/${id}/imprimir`);
  await expect(page.getByRole('heading', { level: 1, name: `Simulado em papel ${word}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
  await expect(page.getByText('Duração: 1 h 30 min')).toBeVisible();
  // The formula is typeset (MathML or KaTeX), not left as TeX.
  const third = page.getByRole('region', { name: 'Questão 3' });
  await expect(third.locator('[data-math], .katex').first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectSoundLayout(page, `the print page at ${size.width}×${size.height}`);
    await page.screenshot({
      path: test.info().outputPath(`print-page-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }

  // The button calls the browser's print (window.print), stubbed here: headless has no dialog.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.getByRole('button', { name: 'Imprimir' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // Chromium's PDF of the page, with the print styles (A4 from @page): every question, the sheet.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await writeFile(test.info().outputPath('simulado.pdf'), pdf);
  const pages = await pdfPages(pdf);
  expect(pages.length).toBeGreaterThanOrEqual(2);
  // A4 is 595 × 842 points.
  expect(Math.round(pages[0]?.width ?? 0)).toBe(595);
  const all = pages.map((p) => p.text).join('\n');
  expect(all).not.toContain('Voltar');
  for (const statement of statements) expect(all).toContain(statement);
  expect(all).toContain(`Simulado em papel ${word}`);
  expect(all).toContain('Instruções');
  // Two columns: question headings on both halves of the booklet's page.
  const headings = pages.flatMap((p) =>
    p.words.filter((w) => /^QUESTÃO 0\d$/.test(w.text.trim())).map((w) => w.x / p.width),
  );
  expect(headings).toHaveLength(5);
  expect(headings.some((x) => x < 0.5)).toBe(true);
  expect(headings.some((x) => x > 0.5)).toBe(true);
  // The answer sheet starts a page of its own: the name line and a bubble row per question, A–E.
  const sheetStart = pages.findIndex(
    (p) => /cart[aã]o-resposta/i.test(p.text) && p.text.includes('Nome do aluno'),
  );
  expect(sheetStart).toBeGreaterThan(0);
  const sheet = pages
    .slice(sheetStart)
    .map((p) => p.text)
    .join(' ');
  expect(sheet).not.toContain(statements[0]);
  expect(sheet).toMatch(/Código do aluno/);
  for (const row of ['01 A B C D', '02 A B C D E', '03 A B C D', '04 A B C D', '05 A B C D'])
    expect(sheet.replace(/\s+/g, ' ')).toContain(row);
  expect(sheet.replace(/\s+/g, ' ')).not.toContain('01 A B C D E');
  await page.emulateMedia({ media: 'screen' });

  // 'Lançar respostas': Ana's sheet (B, B, B right; A wrong; the fifth blank), then a guest's.
  await page.goto(`/simulados/${id}`);
  await page.getByRole('link', { name: 'Lançar respostas' }).click();
  await expect(page.getByRole('heading', { name: 'Lançar respostas' })).toBeVisible();
  await page.getByLabel('Aluno').selectOption({ label: 'Ana Souza (@ana.souza)' });
  for (const n of [1, 2, 3]) await page.getByRole('button', { name: `B, questão ${n}`, exact: true }).click();
  await page.getByRole('button', { name: 'C, questão 4', exact: true }).click();
  await page.getByRole('button', { name: 'A, questão 4', exact: true }).click();
  await expect(page.getByRole('button', { name: 'A, questão 4', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'E, questão 2', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'E, questão 1', exact: true })).toHaveCount(0);
  await expect(page.getByText('Respostas do cartão (4 de 5 marcadas)')).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectSoundLayout(page, `the typing screen at ${size.width}×${size.height}`);
    await page.screenshot({ path: test.info().outputPath(`paper-answers-${size.width}x${size.height}.png`) });
  }
  await page.getByRole('button', { name: 'Salvar respostas' }).click();
  await expect(page.getByText('Resultado de Ana Souza')).toBeVisible();
  await expect(page.getByText('3 de 5 acertos')).toBeVisible();
  await expect(page.getByText(SIMULADO_ESTIMATE_LABEL, { exact: false })).toBeVisible();
  const typed = page.getByRole('listitem').filter({ hasText: 'Ana Souza' });
  await expect(typed.getByText('no papel', { exact: true })).toBeVisible();
  // Ana has her attempt now: she cannot be picked again.
  await expect(page.getByRole('option', { name: /Ana Souza.*já tem tentativa/ })).toBeDisabled();

  await page.getByLabel('Aluno').selectOption({ label: 'Convidado (sem conta)' });
  await page.getByLabel('Nome do convidado').fill(`Visitante ${word}`);
  for (const n of [1, 2, 3, 4, 5])
    await page.getByRole('button', { name: `B, questão ${n}`, exact: true }).click();
  await page.getByRole('button', { name: 'Salvar respostas' }).click();
  await expect(page.getByText(`Resultado de Visitante ${word}`)).toBeVisible();
  await expect(page.getByText('5 de 5 acertos')).toBeVisible();
  const guest = page.getByRole('listitem').filter({ hasText: `Visitante ${word}` });
  await expect(guest.getByText('no papel · convidado')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('paper-answers-saved-1280x800.png'), fullPage: true });

  // The simulado's progress marks Ana's attempt as typed from paper (guests stay off it).
  await page.goto(`/simulados/${id}`);
  const participants = page.getByRole('list', { name: 'Participantes' });
  await expect(participants.getByText('Ana Souza')).toBeVisible();
  await expect(participants.getByText('no papel')).toBeVisible();
  await expect(participants.getByText(`Visitante ${word}`)).toHaveCount(0);

  // Ana reads her result as if she had taken it online.
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    serviceWorkers: 'block',
  });
  const ana = await context.newPage();
  const errors: string[] = [];
  ana.on('pageerror', (error) => errors.push(error.message));
  const signIn = await ana.request.post('/api/auth/login', { data: { email: ANA, password: DEMO_PASSWORD } });
  expect(signIn.status()).toBe(200);
  await ana.goto(`/simulados/${id}/resultado`);
  await expect(ana.getByRole('heading', { name: 'Resultado do simulado' })).toBeVisible();
  await expect(ana.getByText('3 de 5 acertos · 1 em branco')).toBeVisible();
  await expect(ana.getByText(SIMULADO_ESTIMATE_LABEL)).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
