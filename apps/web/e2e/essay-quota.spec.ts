import { calibrate, PARAGRAPHS, personAt, shot } from './essays-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Redação (issue 38): a paid group's monthly quota of corrections, set by its owner on the group's
// page and shown to the member before sending; the owner's earnings count the corrections; a
// guardian sees the teen's essay scores on the dashboard.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const GROUP = 'Redação Nota 1000';
const all = (score: number) => ({ c1: score, c2: score, c3: score, c4: score, c5: score });

test("the owner sets a paid group's quota; the member sees it used up; earnings count the correction", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const diego = await personAt(browser, 'diego@estudai.dev', phone);
  const ana = await personAt(browser, 'ana@estudai.dev', phone);
  const groups = (await (await diego.page.request.get('/api/study-groups/my?limit=50')).json()).data as {
    id: string;
    name: string;
  }[];
  const group = groups.find((candidate) => candidate.name === GROUP);
  expect(group).toBeTruthy();
  const groupId = group?.id as string;

  // The owner lowers the demo's 4 corrections a month to 1, on the group's page.
  await diego.page.goto(`/study-groups/${groupId}`);
  const quota = diego.page.getByLabel('Correções de redação por aluno por mês');
  await expect(quota).toHaveValue('4');
  await quota.fill('1');
  await diego.page.getByRole('button', { name: 'Salvar cota' }).click();
  await expect(
    diego.page.getByText('Cada aluno envia até 1 redação por mês.', { exact: true }),
  ).toBeVisible();
  await shot(diego.page, 'quota-owner-390');
  await expectSoundLayout(diego.page, "the paid group's page with the quota at 390 px");
  await diego.page.setViewportSize(desktop);
  await diego.page.reload();
  await expect(quota).toHaveValue('1');
  await shot(diego.page, 'quota-owner-1280');
  await expectSoundLayout(diego.page, "the paid group's page with the quota at 1280 px");

  const title = 'A escrita como ferramenta de cidadania';
  const prompt = await diego.page.request.post('/api/essay-prompts', {
    data: {
      title,
      motivatingTexts: [{ text: 'Cartas de leitores mudaram decisões da prefeitura.' }],
      groupId,
    },
  });
  expect(prompt.status()).toBe(201);

  // The member sees what is left before sending, sends, and sees the month's quota used up.
  await ana.page.goto('/redacao');
  await ana.page
    .getByRole('button', { name: `Escrever sobre ${title}` })
    .first()
    .click();
  await expect(ana.page).toHaveURL(/\/redacao\/[^/]+\/escrever$/);
  await expect(ana.page.getByText('0 de 1 correção usada este mês')).toBeVisible();
  await ana.page.getByLabel('Folha de redação').fill(PARAGRAPHS.join('\n'));
  await expect(ana.page.getByRole('status').filter({ hasText: 'Rascunho salvo' })).toBeVisible();
  await ana.page.getByRole('button', { name: 'Enviar redação' }).click();
  await expect(ana.page).toHaveURL(/\/redacao\/[0-9a-f-]{36}$/);
  await ana.page.goto('/redacao');
  await ana.page
    .getByRole('button', { name: `Escrever sobre ${title}` })
    .first()
    .click();
  await expect(ana.page.getByText('1 de 1 correção usada este mês · renova no dia 1º')).toBeVisible();
  await shot(ana.page, 'quota-member-390');
  await expectSoundLayout(ana.page, 'the sheet with the quota used up at 390 px');
  await ana.page.setViewportSize(desktop);
  await ana.page.reload();
  await expect(ana.page.getByText('1 de 1 correção usada este mês', { exact: false })).toBeVisible();
  await shot(ana.page, 'quota-member-1280');
  await expectSoundLayout(ana.page, 'the sheet with the quota used up at 1280 px');

  // The owner corrects it; 'Receitas' count the correction this month.
  const next = await diego.page.request.post('/api/essay-reviews/next', { data: { groupId } });
  const sent = await diego.page.request.post(`/api/essay-reviews/${(await next.json()).data.id}`, {
    data: { scores: all(160), zeroReason: null, comments: [] },
  });
  expect(sent.status()).toBe(200);
  await diego.page.goto(`/study-groups/${groupId}/receitas`);
  await expect(diego.page.getByText('Correções de redação (12 meses)')).toBeVisible();
  await expect(diego.page.getByText('Correções de redação (12 meses)').locator('+ dd')).toHaveText('1');
  await shot(diego.page, 'earnings-1280');
  await expectSoundLayout(diego.page, 'earnings with corrections at 1280 px');
  await diego.page.setViewportSize(phone);
  await diego.page.reload();
  await expect(diego.page.getByRole('columnheader', { name: 'Correções' })).toBeVisible();
  await shot(diego.page, 'earnings-390');
  await expectSoundLayout(diego.page, 'earnings with corrections at 390 px');
  // The demo's quota back.
  await diego.page.request.put(`/api/study-groups/${groupId}/essay-quota`, { data: { monthlyQuota: 4 } });

  for (const person of [diego, ana]) {
    expect(person.errors, 'console errors').toEqual([]);
    await person.context.close();
  }
});

test("a guardian sees the teen's essay scores on the dashboard", async ({ browser }) => {
  test.setTimeout(180_000);
  const lucas = await personAt(browser, 'lucas@estudai.dev', phone);
  const marcia = await personAt(browser, 'responsavel@estudai.dev', phone);
  const carla = await personAt(browser, 'carla@estudai.dev', desktop);
  // The teen calibrates, sends to the community, and a verified teacher corrects it (a minor's essay
  // reaches only minors and verified teachers).
  await calibrate(lucas.page.request);
  const prompts = (await (await lucas.page.request.get('/api/essay-prompts')).json()).data as {
    id: string;
    title: string;
  }[];
  const prompt = prompts.find((candidate) => candidate.title === 'Mobilidade urbana e o direito à cidade');
  const draft = await lucas.page.request.post('/api/essays', {
    data: { promptId: prompt?.id, text: PARAGRAPHS.join('\n') },
  });
  const essayId = (await draft.json()).data.id as string;
  expect(
    (
      await lucas.page.request.post(`/api/essays/${essayId}/submit`, { data: { destination: 'community' } })
    ).status(),
  ).toBe(200);
  for (const grader of [carla]) {
    const next = await grader.page.request.post('/api/essay-reviews/next', { data: {} });
    const assignment = (await next.json()).data;
    expect(assignment.essay.id).toBe(essayId);
    await grader.page.request.post(`/api/essay-reviews/${assignment.id}`, {
      data: { scores: all(160), zeroReason: null, comments: [] },
    });
  }
  const diego = await personAt(browser, 'diego@estudai.dev', desktop);
  const next = await diego.page.request.post('/api/essay-reviews/next', { data: {} });
  const assignment = (await next.json()).data;
  expect(assignment.essay.id).toBe(essayId);
  await diego.page.request.post(`/api/essay-reviews/${assignment.id}`, {
    data: { scores: { ...all(160), c5: 120 }, zeroReason: null, comments: [] },
  });

  await marcia.page.goto('/responsavel');
  const scores = marcia.page.getByRole('list', { name: 'Notas das redações' });
  await expect(scores).toContainText('Mobilidade urbana e o direito à cidade');
  await expect(scores).toContainText('Nota 780');
  await expect(marcia.page.getByText('A cidade brasileira cresceu')).toHaveCount(0);
  await scores.scrollIntoViewIfNeeded();
  await shot(marcia.page, 'guardian-390');
  await expectSoundLayout(marcia.page, "the guardian's dashboard with essay scores at 390 px");
  await marcia.page.setViewportSize(desktop);
  await marcia.page.reload();
  await expect(scores).toBeVisible();
  await shot(marcia.page, 'guardian-1280');
  await expectSoundLayout(marcia.page, "the guardian's dashboard with essay scores at 1280 px");
  for (const person of [lucas, marcia, carla, diego]) {
    expect(person.errors, 'console errors').toEqual([]);
    await person.context.close();
  }
});
