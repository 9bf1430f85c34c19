import { E2E_BASE_URL } from './env.ts';
import {
  expect,
  expectShell,
  liveConnection,
  resetLinkFor,
  test,
  toasts,
  verificationLinkFor,
} from './fixtures.ts';

test('a new student signs up, confirms the e-mail and signs in to the shell', async ({ page }) => {
  const email = `bia.${Date.now()}@exemplo.com`;
  const password = 'Caderno-Azul-42';

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByRole('button', { name: /^Aluno/ }).click();
  await expect(page.getByText('Complete seu cadastro como Aluno')).toBeVisible();
  await page.getByLabel('Nome completo').fill('Bia Lima');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Data de nascimento').fill('2004-06-15');
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar senha').fill(password);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page).toHaveURL('/verify-email');
  await expect(page.getByRole('status').filter({ hasText: 'E-mail de verificação enviado!' })).toBeVisible();

  await page.goto(await verificationLinkFor(email));
  await expect(page.getByRole('heading', { name: 'Gerenciamento de Conta' })).toBeVisible();
  await expect(page.getByText('Email verificado com sucesso!')).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o Login' }).click();

  await expect(page).toHaveURL('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();
  await expectShell(page);
});

test('an unverified user who types /videos lands on /verify-email', async ({ page, login }) => {
  await login('felipe@estudai.dev');
  await page.goto('/videos');
  await expect(page).toHaveURL('/verify-email');
  await expect(page.getByText('felipe@estudai.dev')).toBeVisible();
});

test('a signed-out visitor who types /chat lands on /', async ({ page }) => {
  await page.goto('/chat');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();
});

test("a signed-in user who types an unknown path sees 'Page Not Found' and goes back with 'Voltar ao início'", async ({
  page,
  login,
}) => {
  await login('ana@estudai.dev');
  await page.goto('/nope');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await expect(page.getByText('Esta página não existe ou foi removida.')).toBeVisible();
  await expectShell(page);
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL('/');
});

test('a new password from the e-mail link signs out the phone left open on the app, at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `caio.${Date.now()}@exemplo.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      displayName: 'Caio Nunes',
      email,
      password: 'Caderno-Azul-42',
      profile: 'aluno',
      birthDate: '2003-03-10',
    },
  });
  expect(signup.status()).toBe(201);
  // As the /verify-email screen does on arrival.
  expect((await page.request.post('/api/auth/send-verification-email', { data: { email } })).status()).toBe(
    200,
  );
  await page.goto(await verificationLinkFor(email));
  await expect(page.getByText('Email verificado com sucesso!')).toBeVisible();

  // The phone: signed in, on the videos, its live connection open.
  const login = await page.request.post('/api/auth/login', { data: { email, password: 'Caderno-Azul-42' } });
  expect(login.status()).toBe(200);
  const connected = liveConnection(page);
  await page.goto('/videos');
  await expect(page.getByRole('heading', { name: 'Vídeos' })).toBeVisible();
  await connected;

  // The laptop: 'Esqueceu a senha?', then the mail's link.
  const laptop = await browser.newPage({ baseURL: E2E_BASE_URL });
  try {
    const forgot = await laptop.request.post('/api/auth/forgot-password', { data: { email } });
    expect(forgot.status()).toBe(200);
    await laptop.goto(await resetLinkFor(email));
    await laptop.getByLabel('Nova Senha').fill('Lapis-Verde-73');
    await laptop.getByRole('button', { name: 'Salvar Nova Senha' }).click();
    await expect(laptop.getByText('Senha alterada com sucesso!')).toBeVisible();
  } finally {
    await laptop.close();
  }

  await expect(
    toasts(page).getByText('Sua sessão foi encerrada. Entre novamente para continuar.'),
  ).toBeVisible();
  await expect(page).toHaveURL('/');
});
