import { E2E_BASE_URL, REPO_ROOT } from './env.ts';
import { calibrate, PARAGRAPHS, personAt, shot } from './essays-helpers.ts';
import { expect, signUpVerified, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Redação (issue 38): a student writes and sends to the community, two peers correct it (one with
// an anchored comment on the correction screen), and the author sees the final score, the
// corrections side by side and the chart.

const ANA = 'ana@estudai.dev';
const BRUNO = 'bruno@estudai.dev';

test('a student writes and sends to the community; two peers correct; the author sees the final score', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1280, height: 800 };
  const ana = await personAt(browser, ANA, phone);
  const bruno = await personAt(browser, BRUNO, desktop);
  // The second peer corrects through the API: a student who joined today.
  const rita = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await signUpVerified(rita, 'Rita Campos');
  // 'Corrija 2, receba 2': the author pays with her calibration; the peers calibrate too.
  for (const request of [ana.page.request, bruno.page.request, rita]) await calibrate(request);

  // The student writes on the sheet, sees the counts, and sends it to the community.
  await ana.page.goto('/redacao');
  await expect(ana.page.getByRole('heading', { name: 'Redação', level: 1 })).toBeVisible();
  await shot(ana.page, 'list-empty-390');
  await ana.page
    .getByRole('button', { name: 'Escrever sobre Mobilidade urbana e o direito à cidade' })
    .click();
  await expect(ana.page).toHaveURL(/\/redacao\/[^/]+\/escrever$/);
  const sheet = ana.page.getByLabel('Folha de redação');
  await sheet.fill(PARAGRAPHS.slice(0, 2).join('\n'));
  await expect(ana.page.getByRole('list', { name: 'Avisos da redação' })).toContainText('Texto insuficiente');
  await sheet.fill(PARAGRAPHS.join('\n'));
  await expect(ana.page.getByText(/^[12]\d de 30 linhas$/)).toBeVisible();
  await expect(ana.page.getByRole('status').filter({ hasText: 'Rascunho salvo' })).toBeVisible();
  await expect(ana.page.getByRole('list', { name: 'Avisos da redação' })).toHaveCount(0);
  await shot(ana.page, 'write-390');
  await expectSoundLayout(ana.page, 'the sheet at 390 px');
  await ana.page.getByRole('button', { name: 'Enviar redação' }).click();
  await expect(ana.page).toHaveURL(/\/redacao\/[0-9a-f-]{36}$/);
  const essayId = ana.page.url().split('/').at(-1) as string;
  await expect(ana.page.getByText('Em correção')).toBeVisible();

  // A peer corrects it on the correction screen, anchoring a comment to a passage.
  await bruno.page.goto('/redacao/corrigir');
  const text = bruno.page.locator('[data-essay-text]');
  await expect(text).toContainText('A cidade brasileira cresceu de costas');
  await expect(bruno.page.getByText(/Ana|ana\.souza/)).toHaveCount(0);
  await text.evaluate((element) => {
    const node = element.querySelector('span')?.firstChild;
    if (!node) throw new Error('no text to select');
    const range = document.createRange();
    range.setStart(node, 2);
    range.setEnd(node, 19);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  });
  await expect(bruno.page.getByText('“cidade brasileira”')).toBeVisible();
  await bruno.page.getByLabel('Comentário do trecho').fill('Boa abertura: situa o problema logo no início.');
  await bruno.page.getByRole('button', { name: 'Adicionar comentário' }).click();
  await expect(bruno.page.getByRole('list', { name: 'Comentários' })).toContainText('Boa abertura');
  for (const [c, score] of [
    ['C1', '160'],
    ['C2', '160'],
    ['C3', '120'],
    ['C4', '160'],
    ['C5', '160'],
  ] as const)
    await bruno.page.getByRole('combobox', { name: c, exact: true }).selectOption(score);
  await bruno.page.getByLabel('Comentário geral').fill('Texto bem organizado; aprofunde os argumentos.');
  await shot(bruno.page, 'review-1280');
  await expectSoundLayout(bruno.page, 'the correction screen at 1280 px');
  await bruno.page.getByRole('button', { name: 'Enviar correção' }).click();
  await expect(bruno.page.getByText('Correção enviada. Obrigado!')).toBeVisible();

  // The second peer, through the API (the same calls the screen makes).
  const next = await rita.post('/api/essay-reviews/next', { data: {} });
  const assignment = (await next.json()).data;
  expect(assignment.essay.id).toBe(essayId);
  expect(JSON.stringify(assignment)).not.toContain('Ana Souza');
  const sent = await rita.post(`/api/essay-reviews/${assignment.id}`, {
    data: { scores: { c1: 160, c2: 200, c3: 160, c4: 160, c5: 120 }, zeroReason: null, comments: [] },
  });
  expect(sent.status()).toBe(200);

  // The author sees the final score, the corrections side by side, 'o que mais pesou' and the chart.
  await ana.page.goto(`/redacao/${essayId}`);
  await expect(ana.page.getByRole('heading', { name: 'Nota final' })).toBeVisible();
  await expect(ana.page.getByText('780', { exact: true })).toBeVisible();
  await expect(ana.page.getByRole('group', { name: /Correção \d/ })).toHaveCount(2);
  await expect(ana.page.getByText('O que mais pesou:')).toBeVisible();
  await expect(ana.page.getByText('Boa abertura: situa o problema logo no início.')).toBeVisible();
  await shot(ana.page, 'essay-390');
  await expectSoundLayout(ana.page, 'the corrected essay at 390 px');
  await ana.page.goto('/redacao');
  await expect(ana.page.getByRole('img', { name: 'Notas por competência ao longo do tempo' })).toBeVisible();
  await shot(ana.page, 'list-390');
  await ana.page.setViewportSize(desktop);
  await ana.page.goto(`/redacao/${essayId}`);
  await expect(ana.page.getByRole('heading', { name: 'Nota final' })).toBeVisible();
  await shot(ana.page, 'essay-1280');
  await bruno.page.setViewportSize(phone);
  await bruno.page.goto('/redacao/corrigir');
  await expect(bruno.page.getByRole('button', { name: 'Enviar correção' })).toBeVisible();
  await shot(bruno.page, 'review-390');

  for (const person of [ana, bruno]) {
    expect(person.errors, 'console errors').toEqual([]);
    await person.context.close();
  }
  await rita.dispose();
});

test('a teacher corrects from the group queue', async ({ browser }) => {
  test.setTimeout(120_000);
  const carla = await personAt(browser, 'carla@estudai.dev', { width: 1280, height: 800 });
  const ana = await personAt(browser, ANA, { width: 390, height: 844 });
  const groups = (await (await carla.page.request.get('/api/study-groups/my?limit=50')).json()).data as {
    id: string;
    name: string;
    ownerId: string;
  }[];
  const group = groups.find((candidate) => candidate.name === 'Matemática para o ENEM');
  expect(group).toBeTruthy();
  const prompt = await carla.page.request.post('/api/essay-prompts', {
    data: {
      title: 'A matemática financeira na vida dos jovens',
      motivatingTexts: [
        { text: 'Parcelar sem olhar os juros virou rotina para muitos jovens consumidores.' },
      ],
      groupId: group?.id,
    },
  });
  expect(prompt.status()).toBe(201);
  const essay = await ana.page.request.post('/api/essays', {
    data: { promptId: (await prompt.json()).data.id, text: PARAGRAPHS.join('\n') },
  });
  const essayId = (await essay.json()).data.id;
  const sent = await ana.page.request.post(`/api/essays/${essayId}/submit`, {
    data: { destination: 'group' },
  });
  expect(sent.status()).toBe(200);

  await carla.page.goto('/redacao');
  const queue = carla.page.getByRole('heading', { name: 'Fila de correção dos seus grupos' });
  await expect(queue).toBeVisible();
  // The queue names the essay's prompt and its age.
  await expect(carla.page.getByText('Em correção · há 0 h')).toBeVisible();
  await shot(carla.page, 'teacher-queue-1280');
  await carla.page.getByRole('link', { name: 'Corrigir redações de Matemática para o ENEM' }).click();
  await expect(carla.page.locator('[data-essay-text]')).toContainText('A cidade brasileira cresceu');
  for (const c of ['C1', 'C2', 'C3', 'C4', 'C5'])
    await carla.page.getByRole('combobox', { name: c, exact: true }).selectOption('160');
  await carla.page.getByRole('button', { name: 'Enviar correção' }).click();
  await expect(carla.page.getByText('Correção enviada. Obrigado!')).toBeVisible();

  const detail = (await (await ana.page.request.get(`/api/essays/${essayId}`)).json()).data;
  expect(detail.status).toBe('done');
  expect(detail.finalScore.total).toBe(800);
  for (const person of [carla, ana]) {
    expect(person.errors, 'console errors').toEqual([]);
    await person.context.close();
  }
});

test('a student sends the photo of a handwritten essay to the group; the teacher reads the page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const carla = await personAt(browser, 'carla@estudai.dev', { width: 1280, height: 800 });
  const ana = await personAt(browser, ANA, { width: 390, height: 844 });
  const groups = (await (await carla.page.request.get('/api/study-groups/my?limit=50')).json()).data as {
    id: string;
    name: string;
  }[];
  const group = groups.find((candidate) => candidate.name === 'Matemática para o ENEM');
  const title = 'O papel da escrita à mão na era digital';
  const prompt = await carla.page.request.post('/api/essay-prompts', {
    data: {
      title,
      motivatingTexts: [{ text: 'Estudantes que escrevem à mão lembram mais do que anotaram em aula.' }],
      groupId: group?.id,
    },
  });
  expect(prompt.status()).toBe(201);

  // The student photographs her sheet instead of typing it.
  await ana.page.goto('/redacao');
  await ana.page.getByRole('button', { name: `Escrever sobre ${title}` }).click();
  await expect(ana.page).toHaveURL(/\/redacao\/[^/]+\/escrever$/);
  await ana.page
    .getByLabel('Enviar foto da folha')
    .setInputFiles(`${REPO_ROOT}/apps/server/test/fixtures/images/notebook.jpg`);
  await expect(ana.page.getByText('Página 1', { exact: true })).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Ver imagem 1 de 1' })).toBeVisible();
  await shot(ana.page, 'write-photo-390');
  await expectSoundLayout(ana.page, 'the sheet with a page photo at 390 px');
  await ana.page.getByRole('radio', { name: 'Professores do grupo' }).check();
  await ana.page.getByRole('button', { name: 'Enviar redação' }).click();
  await expect(ana.page).toHaveURL(/\/redacao\/[0-9a-f-]{36}$/);
  const essayId = ana.page.url().split('/').at(-1) as string;
  // The image check looks at the photo in the background; the teacher reads it once it is through.
  await expect
    .poll(async () => (await (await ana.page.request.get(`/api/essays/${essayId}`)).json()).data.media, {
      timeout: 30_000,
    })
    .toEqual([{ url: expect.stringContaining('/media/essays/'), sensitivity: 'ok' }]);

  const next = await carla.page.request.post('/api/essay-reviews/next', { data: { groupId: group?.id } });
  expect((await next.json()).data.essay.id).toBe(essayId);
  await carla.page.goto('/redacao');
  await carla.page.getByRole('link', { name: 'Corrigir redações de Matemática para o ENEM' }).click();
  const pagePhoto = carla.page.getByRole('button', { name: 'Ver imagem 1 de 1' });
  await expect(pagePhoto).toBeVisible();
  await expect(carla.page.locator('img[src*="/media/essays/"]')).toHaveJSProperty('complete', true);
  expect(
    await carla.page
      .locator('img[src*="/media/essays/"]')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await shot(carla.page, 'review-photo-1280');
  await expectSoundLayout(carla.page, 'the correction screen with a page photo at 1280 px');
  for (const person of [carla, ana]) {
    expect(person.errors, 'console errors').toEqual([]);
    await person.context.close();
  }
});
