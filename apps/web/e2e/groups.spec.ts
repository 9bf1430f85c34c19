import { E2E_BASE_URL } from './env.ts';
import { blankExternalImages, DEMO_PASSWORD, expect, test } from './fixtures.ts';

const CARLA = 'carla@estudai.dev';
const BRUNO = 'bruno@estudai.dev';

test.use({ serviceWorkers: 'block' });

test('a professor creates a paid group; a student finds it, pays in test mode, posts, uses the forum, then leaves', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(90_000);
  await blankExternalImages(page);
  // A name no demo group has, with accents the student will not type.
  const suffix = Date.now().toString(36);
  const name = `Termodinâmica e Ação ${suffix}`;

  // Carla (professor) creates the group.
  await login(CARLA);
  await page.goto('/study-groups');
  await page.getByRole('button', { name: 'Criar grupo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar grupo' });
  await dialog.getByLabel('Nome do grupo').fill(name);
  await dialog
    .getByLabel('Descrição')
    .fill('Leis da termodinâmica, calorimetria e máquinas térmicas, com listas.');
  await dialog.getByLabel('Categoria').selectOption('fisica');
  await dialog.getByLabel('Foco').selectOption('ENEM');
  await dialog.getByRole('switch', { name: 'Grupo pago' }).check({ force: true });
  await dialog.getByLabel('Preço (R$)').fill('39,90');
  await dialog
    .getByLabel('Digite uma tag e pressione Enter')
    .or(dialog.getByPlaceholder('Digite uma tag e pressione Enter'))
    .first()
    .fill('calor');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Criar grupo' }).click();
  await expect(
    page.getByRole('region', { name: 'Notificações (F8)' }).getByText('Grupo criado!', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const groupUrl = new URL(page.url()).pathname;
  expect(groupUrl).toMatch(/^\/study-groups\/[0-9a-f-]{36}$/);

  // Bruno (student), in a browser of his own, finds it by typing without accents.
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    serviceWorkers: 'block',
  });
  const student = await context.newPage();
  const errors: string[] = [];
  student.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  student.on('pageerror', (error) => errors.push(error.message));
  await blankExternalImages(student);
  const signIn = await student.request.post('/api/auth/login', {
    data: { email: BRUNO, password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await student.goto('/study-groups');
  await expect(student.getByRole('tab', { name: 'Disponíveis' })).toHaveAttribute('aria-selected', 'true');
  await student
    .getByRole('searchbox', { name: 'Buscar grupos' })
    .or(student.getByLabel('Buscar grupos'))
    .first()
    .fill(`termodinamica acao ${suffix}`);
  const card = student.getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await card.click();
  await expect(student).toHaveURL(groupUrl);

  // He pays in the sandbox and becomes a member.
  await student
    .getByRole('button', { name: 'Assinar por R$ 39,90' })
    .or(student.getByRole('link', { name: 'Assinar por R$ 39,90' }))
    .first()
    .click();
  await expect(student).toHaveURL(`${groupUrl}/payment`);
  await expect(student.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
  await expect(student.getByText('Modo de teste: nenhum valor será cobrado.')).toBeVisible();
  await student.getByRole('button', { name: 'Pagar R$ 39,90' }).click();
  const toasts = student.getByRole('region', { name: 'Notificações (F8)' });
  await expect(toasts.getByText('Pagamento aprovado!', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(student).toHaveURL(groupUrl, { timeout: 10_000 });
  await expect(student.getByText('Membro do grupo', { exact: true })).toBeVisible();

  // He posts in the group.
  await student.getByRole('button', { name: 'Novo post', exact: true }).click();
  const postDialog = student.getByRole('dialog');
  await postDialog.getByRole('textbox').first().fill('Alguém tem a lista de calorimetria resolvida?');
  await postDialog.getByRole('button', { name: 'Publicar' }).click();
  const groupPosts = student.getByRole('list', { name: 'Posts do grupo' });
  await expect(groupPosts.getByText('Alguém tem a lista de calorimetria resolvida?')).toBeVisible();

  // He opens the forum, creates a topic and replies to it.
  await student.getByRole('tab', { name: 'Fórum' }).click();
  await student.getByRole('button', { name: 'Abrir fórum' }).click();
  await expect(student).toHaveURL(`${groupUrl}/forum`);
  await expect(student.getByRole('heading', { name: 'Fórum do Grupo' })).toBeVisible();
  await student.getByRole('button', { name: 'Novo Tópico' }).click();
  await student.getByLabel('Título').fill('Dúvida: primeira lei da termodinâmica');
  await student.getByLabel('Conteúdo').fill('Por que Q = ΔU + W e não ΔU = Q + W?');
  await student.getByRole('button', { name: 'Criar tópico' }).click();
  const topic = student.getByRole('button', { name: 'Dúvida: primeira lei da termodinâmica' });
  await expect(topic).toBeVisible();
  await topic.click();
  await expect(topic).toHaveAttribute('aria-expanded', 'true');
  await student.getByLabel('Escreva uma resposta').fill('É só convenção de sinal do trabalho.');
  await student.getByRole('button', { name: 'Responder' }).click();
  await expect(student.getByRole('article', { name: /^Resposta de Bruno/ })).toContainText(
    'É só convenção de sinal do trabalho.',
  );

  // He leaves the group, and it is gone from 'Meus Grupos'.
  await student.goto(groupUrl);
  await student.getByRole('button', { name: 'Opções do grupo' }).click();
  await student.getByRole('menuitem', { name: 'Sair do grupo' }).click();
  await student
    .getByRole('alertdialog')
    .or(student.getByRole('dialog'))
    .first()
    .getByRole('button', { name: 'Sair do grupo' })
    .click();
  await expect(toasts.getByText('Grupo abandonado', { exact: true })).toBeVisible();
  await expect(student).toHaveURL('/study-groups');
  await student.getByRole('tab', { name: 'Meus Grupos' }).click();
  await expect(student.getByRole('tabpanel')).not.toContainText(name);
  expect(errors, 'console errors in the student’s browser').toEqual([]);
  await context.close();
});
