import fs from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { blankExternalImages, DEMO_PASSWORD, expect, liveConnection, test, toasts } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 24, the teacher's toolkit: a professor hands out an invite link, a student joins through
// it, the professor finds and removes them (who then loses access); a paid group's link with a
// coupon leads to a discounted payment; an announcement reaches a member live; a live class shows
// in the agenda and its .ics downloads; the page for prospective members is written and read.

const CARLA = 'carla@estudai.dev';
const BRUNO = 'bruno@estudai.dev';
const PHONE = { width: 390, height: 844 };

test.use({ serviceWorkers: 'block', viewport: PHONE, isMobile: true, hasTouch: true });

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
}

/** The student, in a browser of their own; their console errors fail the test too. */
async function studentBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    serviceWorkers: 'block',
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await blankExternalImages(page);
  await signIn(page, BRUNO);
  return { context, page, errors };
}

async function closeStudent(student: { context: BrowserContext; errors: string[] }) {
  expect(student.errors, 'console errors in the student browser').toEqual([]);
  await student.context.close();
}

/** Carla's new group, free unless a price (cents) is given, made through the API (its creation has a spec of its own). */
async function createGroup(page: Page, name: string, price = 0): Promise<string> {
  const response = await page.request.post('/api/study-groups', {
    data: {
      name,
      description: 'Revisão semanal de física com listas e aulas ao vivo.',
      category: 'fisica',
      subject: 'ENEM',
      isPaid: price > 0,
      ...(price > 0 ? { price, subscriptionDuration: 3 } : {}),
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data.id;
}

/** The first screen of a new browser loads its chunks while builds share the machine's two cores. */
const FIRST_LOAD = { timeout: 20_000 };

/** Bruno joins the group directly (the invite-link journey has its own test). */
async function join(page: Page, groupId: string) {
  const response = await page.request.post(`/api/study-groups/${groupId}/membership`, {
    data: { action: 'join' },
  });
  expect(response.ok()).toBe(true);
}

const tools = (page: Page) => page.getByRole('navigation', { name: 'Ferramentas do professor' });

test.beforeEach(async ({ page }) => {
  await blankExternalImages(page);
});

test('an owner creates an invite link, a student joins through it, the owner removes them and they lose access', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Óptica geométrica ${Date.now().toString(36)}`;
  await signIn(page, CARLA);
  const groupId = await createGroup(page, name);

  // Carla makes a link for at most 5 people.
  await page.goto(`/study-groups/${groupId}`);
  await expect(tools(page)).toBeVisible(FIRST_LOAD);
  await tools(page).getByRole('button', { name: 'Links de convite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Links de convite' });
  await dialog.getByLabel('Limite de usos (opcional)').fill('5');
  await dialog.getByRole('button', { name: 'Criar link de convite' }).click();
  // The new link heads the list (the toast is outside the modal dialog, hidden from roles meanwhile).
  await expect(dialog.getByText('0 de 5 usos · sem validade')).toBeVisible();
  await expect(page.getByText('Link de convite criado', { exact: true })).toBeVisible();
  const linkText = (await dialog.locator('li code').first().textContent()) ?? '';
  expect(linkText).toMatch(/\/convite\/[\w-]+$/);
  await expectSoundLayout(page, 'invite links dialog', { steps: 0 });
  const invitePath = new URL(linkText).pathname;
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // Bruno opens it and joins in one tap.
  const student = await studentBrowser(browser);
  const connected = liveConnection(student.page);
  await student.page.goto(invitePath);
  await expect(student.page.getByRole('heading', { name })).toBeVisible(FIRST_LOAD);
  await expectSoundLayout(student.page, 'invite landing page');
  await student.page.getByRole('button', { name: 'Entrar no grupo' }).click();
  await expect(toasts(student.page).getByText('Você entrou no grupo!', { exact: true })).toBeVisible();
  await expect(student.page).toHaveURL(`${E2E_BASE_URL}/study-groups/${groupId}`);
  await expect(student.page.getByText('Membro do grupo')).toBeVisible();
  await expect(student.page.getByRole('tab', { name: 'Posts' })).toBeVisible();
  await connected;

  // Carla finds him in the member list and removes him with a reason.
  await page.goto(`/study-groups/${groupId}`);
  await tools(page).getByRole('link', { name: 'Membros' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/study-groups/${groupId}/membros`);
  await page.getByRole('searchbox', { name: 'Buscar membros' }).fill('bruno');
  const members = page.getByRole('list', { name: 'Membros do grupo' });
  await expect(members.getByText('Bruno Lima')).toBeVisible();
  await expect(members).toContainText('Entrou em:');
  await expectSoundLayout(page, 'members page');
  await page.getByRole('button', { name: 'Remover Bruno Lima' }).click();
  const remove = page.getByRole('dialog', { name: 'Remover Bruno Lima?' });
  await remove.getByLabel('Motivo').fill('Turma encerrada para alunos sem matrícula.');
  await remove.getByRole('button', { name: 'Remover do grupo' }).click();
  await expect(toasts(page).getByText('Membro removido', { exact: true })).toBeVisible();
  await expect(members.getByText('Bruno Lima')).toHaveCount(0);

  // Bruno is told at once, with the reason, and the page he is on turns members-only.
  await expect(
    toasts(student.page).getByText('Você foi removido de um grupo', { exact: true }),
  ).toBeVisible();
  await expect(student.page.getByText('Conteúdo disponível apenas para membros do grupo.')).toBeVisible();
  await expect(student.page.getByRole('tab', { name: 'Posts' })).toHaveCount(0);
  // The server refuses the content on his very next request, and after a reload too.
  const posts = await student.page.request.get(`/api/study-groups/${groupId}/posts`);
  expect([403, 404]).toContain(posts.status());
  await student.page.reload();
  await expect(student.page.getByText('Conteúdo disponível apenas para membros do grupo.')).toBeVisible();
  await closeStudent(student);
});

test('an announcement reaches a member live, pinned on top of the group', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const name = `Eletrostática ${Date.now().toString(36)}`;
  await signIn(page, CARLA);
  const groupId = await createGroup(page, name);

  const student = await studentBrowser(browser);
  await join(student.page, groupId);
  const connected = liveConnection(student.page);
  await student.page.goto(`/study-groups/${groupId}`);
  await expect(student.page.getByRole('tab', { name: 'Posts' })).toBeVisible(FIRST_LOAD);
  await connected;

  await page.goto(`/study-groups/${groupId}`);
  await tools(page).getByRole('button', { name: 'Novo aviso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo aviso' });
  await dialog.getByLabel('Aviso').fill('Simulado de revisão no sábado às 9h!');
  await dialog.getByRole('button', { name: 'Publicar aviso' }).click();
  await expect(toasts(page).getByText('Aviso publicado', { exact: true })).toBeVisible();

  // Without reloading: the toast, and the announcement pinned on the page he is looking at.
  await expect(toasts(student.page).getByText(`Aviso em ${name}`, { exact: true })).toBeVisible();
  const pinned = student.page.getByRole('region', { name: 'Avisos' });
  await expect(pinned).toContainText('Simulado de revisão no sábado às 9h!');
  await expect(pinned).toContainText('Carla Mendes');
  await closeStudent(student);
});

test('a live class appears in the agenda and its .ics downloads', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const name = `Ondulatória ${Date.now().toString(36)}`;
  await signIn(page, CARLA);
  const groupId = await createGroup(page, name);

  // Tomorrow at 19:30 in Brasília (UTC−3 all year).
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 - 3 * 60 * 60 * 1000);
  const day = tomorrow.toISOString().slice(0, 10);
  const [year, month, date] = day.split('-');

  await page.goto(`/study-groups/${groupId}`);
  await tools(page).getByRole('button', { name: 'Agendar aula' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agendar aula' });
  await dialog.getByLabel('Título').fill('Revisão de ondas');
  await dialog.getByLabel('Começa em (horário de Brasília)').fill(`${day}T19:30`);
  await expect(dialog.getByText(`${date}/${month}/${year} às 19:30, horário de Brasília`)).toBeVisible();
  await dialog.getByLabel(/Duração/).fill('90');
  await dialog.getByLabel(/Link da reunião/).fill('https://meet.google.com/abc-defg-hij');
  await expectSoundLayout(page, 'schedule class dialog', { steps: 0 });
  await dialog.getByRole('button', { name: 'Agendar aula' }).click();
  await expect(toasts(page).getByText('Aula agendada', { exact: true })).toBeVisible();

  const student = await studentBrowser(browser);
  await join(student.page, groupId);
  await student.page.goto(`/study-groups/${groupId}`);
  const agenda = student.page.getByRole('heading', { name: 'Agenda' }).locator('..');
  await expect(agenda).toContainText('Próxima aula', FIRST_LOAD);
  await expect(agenda).toContainText('Revisão de ondas');
  await expect(agenda).toContainText(`${date}/${month} às 19:30 (horário de Brasília) · 1h30`);
  await expect(agenda.getByRole('link', { name: 'Entrar na aula' })).toHaveAttribute(
    'href',
    'https://meet.google.com/abc-defg-hij',
  );
  await expectSoundLayout(student.page, 'group page with the agenda');

  const download = student.page.waitForEvent('download');
  await agenda.getByRole('link', { name: 'Adicionar ao calendário' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await fs.readFile((await file.path()) as string, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('SUMMARY:Aula ao vivo: Revisão de ondas');
  expect(ics).toContain('LOCATION:https://meet.google.com/abc-defg-hij');
  expect(ics).toContain(`DTSTART:${year}${month}${date}T223000Z`);
  await closeStudent(student);
});

test("a paid group's invite link with a coupon leads to a discounted first payment, then membership", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Cálculo para o vestibular ${Date.now().toString(36)}`;
  await signIn(page, CARLA);
  const groupId = await createGroup(page, name, 5000);

  await page.goto(`/study-groups/${groupId}`);
  await expect(tools(page)).toBeVisible(FIRST_LOAD);
  await tools(page).getByRole('button', { name: 'Links de convite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Links de convite' });
  await dialog.getByLabel('Cupom de desconto (%)').fill('20');
  await dialog.getByRole('button', { name: 'Criar link de convite' }).click();
  await expect(dialog.getByText(/cupom de 20%/)).toBeVisible();
  const invitePath = new URL((await dialog.locator('li code').first().textContent()) ?? '').pathname;

  // Bruno sees the discounted first payment, pays it in the sandbox and is in.
  const student = await studentBrowser(browser);
  await student.page.goto(invitePath);
  await expect(student.page.getByRole('heading', { name })).toBeVisible(FIRST_LOAD);
  await expect(student.page.getByText('Cupom de 20% de desconto no primeiro pagamento')).toBeVisible();
  await expect(student.page.getByText('R$ 40,00')).toBeVisible();
  await expectSoundLayout(student.page, 'paid invite landing page');
  await student.page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(student.page).toHaveURL(new RegExp(`/study-groups/${groupId}/payment`));
  await expect(student.page.getByText('Modo de teste: nenhum valor será cobrado.')).toBeVisible();
  await student.page.getByRole('button', { name: 'Pagar R$ 40,00' }).click();
  await expect(toasts(student.page).getByText('Pagamento aprovado!', { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await expect(student.page).toHaveURL(`${E2E_BASE_URL}/study-groups/${groupId}`, { timeout: 10_000 });
  await expect(student.page.getByText('Membro do grupo', { exact: true })).toBeVisible();

  // The receipt says what he paid, with the coupon.
  const receipts = await student.page.request.get('/api/payments/mine');
  const mine = (await receipts.json()).data.find(
    (item: { studyGroupId: string }) => item.studyGroupId === groupId,
  );
  expect(mine).toMatchObject({ amount: 4000, couponPercent: 20 });
  await closeStudent(student);
});

test('the owner writes the group page and a prospective member reads it before joining', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const name = `Vetores e cinemática ${Date.now().toString(36)}`;
  await signIn(page, CARLA);
  const groupId = await createGroup(page, name);

  await page.goto(`/study-groups/${groupId}`);
  const about = page.getByRole('region', { name: 'Sobre o grupo' });
  await expect(about).toContainText('Conte a quem ainda não entrou', FIRST_LOAD);
  await about.getByRole('button', { name: 'Editar página do grupo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar página do grupo' });
  await dialog
    .getByLabel('O que você vai aprender')
    .fill('Resolver questões de cinemática do ENEM\nDecompor vetores');
  await dialog.getByRole('button', { name: 'Adicionar módulo' }).click();
  await dialog.getByLabel('Título do módulo').fill('Cinemática escalar');
  await dialog.getByLabel('Aulas (uma por linha)').fill('Velocidade média\nMovimento uniforme\nQueda livre');
  await dialog.getByRole('button', { name: 'Adicionar pergunta' }).click();
  await dialog.getByLabel('Pergunta', { exact: true }).fill('As aulas ficam gravadas?');
  await dialog.getByLabel('Resposta').fill('Sim, por seis meses.');
  await expectSoundLayout(page, 'group page form', { steps: 0 });
  await dialog.getByRole('button', { name: 'Salvar página' }).click();
  await expect(toasts(page).getByText('Página do grupo atualizada', { exact: true })).toBeVisible();
  await expect(about).toContainText('Módulo 1: Cinemática escalar');

  // Bruno, not a member, reads it above the way in, on a phone and on a laptop.
  const student = await studentBrowser(browser);
  await student.page.goto(`/study-groups/${groupId}`);
  const seen = student.page.getByRole('region', { name: 'Sobre o grupo' });
  await expect(seen).toContainText('Resolver questões de cinemática do ENEM', FIRST_LOAD);
  await expect(seen).toContainText('Decompor vetores');
  await expect(seen).toContainText('3 aulas');
  await seen.getByText('Módulo 1: Cinemática escalar').click();
  await expect(seen.getByText('Queda livre')).toBeVisible();
  await seen.getByText('As aulas ficam gravadas?').click();
  await expect(seen.getByText('Sim, por seis meses.')).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Editar página do grupo' })).toHaveCount(0);
  await expect(student.page.getByRole('button', { name: 'Entrar no grupo' })).toBeVisible();
  await expectSoundLayout(student.page, 'group page for prospective members');
  await student.page.setViewportSize({ width: 1280, height: 800 });
  await expectSoundLayout(student.page, 'group page for prospective members, desktop');
  await closeStudent(student);
});
