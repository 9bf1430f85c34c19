import { expect, expectShell, test, verificationLinkFor } from './fixtures.ts';

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
