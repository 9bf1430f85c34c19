import fs from 'node:fs/promises';
import path from 'node:path';
import {
  inviteSentMessage,
  linkAcceptedMessage,
  MINORS_MESSAGES,
  PRIVACY_MESSAGES,
} from '@estudai/contract/constants';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR } from './env.ts';
import { DEMO_PASSWORD, expect, test, toasts, verificationLinkFor } from './fixtures.ts';

// Issue 25: a 14-year-old and their guardian, 'Meus dados' (export and deletion).

const GUARDIAN_LINK = new RegExp(`${E2E_BASE_URL}/responsavel\\?convite=[\\w-]+`);

/** The guardian invitation link of the newest mail sent to `to` (the outbox holds .eml files). */
async function guardianLinkFor(to: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const files = (await fs.readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
      for (const file of files.reverse()) {
        const mail = (await fs.readFile(path.join(outbox, file), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replace(/=3D/gi, '=');
        if (!mail.includes(to)) continue;
        link = mail.match(GUARDIAN_LINK)?.[0];
        if (link) return link;
      }
      return undefined;
    })
    .toBeTruthy();
  return link as string;
}

/** The toasts' region: a toast's text is read there (a screen reader's copy also exists). */

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

test('a 14-year-old signs up, invites a guardian, who confirms from the mail and sees the dashboard', async ({
  page,
  browser,
}) => {
  // Two people, two browsers and a mail in between: longer than the default on a busy machine.
  test.setTimeout(60_000);
  const email = `teo.${Date.now()}@exemplo.com`;
  const password = 'Caderno-Verde-14';
  const birthYear = new Date().getFullYear() - 14;

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByRole('button', { name: /^Aluno/ }).click();
  await page.getByLabel('Nome completo').fill('Téo Ramos');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(MINORS_MESSAGES.birthDateLabel).fill(`${birthYear}-01-01`);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar senha').fill(password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL('/verify-email');
  await page.goto(await verificationLinkFor(email));
  await page.getByRole('link', { name: 'Ir para o Login' }).click();
  await signIn(page, email, password);
  await expect(page).toHaveURL('/');

  const notice = page.getByRole('region', { name: MINORS_MESSAGES.protectedMode });
  await expect(notice).toContainText('sem chat e sem grupos pagos');
  await notice.getByRole('button', { name: 'Convidar responsável' }).click();
  await page.getByLabel('E-mail do responsável').fill('diego@estudai.dev');
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(toasts(page).getByText(inviteSentMessage('diego@estudai.dev'))).toBeVisible();
  await expect(notice).toContainText('Aguardando seu responsável confirmar o convite.');

  // The guardian, on another device, opens the mail signed out, signs in and confirms.
  const guardianContext = await browser.newContext();
  const guardian = await guardianContext.newPage();
  await guardian.goto(await guardianLinkFor('diego@estudai.dev'));
  await expect(guardian.getByRole('heading', { name: 'Convite de responsável' })).toBeVisible();
  await guardian.getByRole('link', { name: 'Já tenho conta' }).click();
  await signIn(guardian, 'diego@estudai.dev', DEMO_PASSWORD);
  await guardian.getByRole('button', { name: 'Confirmar vínculo' }).click();
  await expect(toasts(guardian).getByText(linkAcceptedMessage('Téo Ramos'))).toBeVisible();
  await expect(guardian.getByRole('heading', { name: 'Téo Ramos' })).toBeVisible();
  await expect(guardian.getByText('14 anos', { exact: false })).toBeVisible();
  await expect(guardian.getByRole('heading', { name: 'Uso nos últimos 14 dias' })).toBeVisible();
  await expect(guardian.getByRole('list', { name: 'Minutos por dia' }).getByRole('listitem')).toHaveCount(14);
  await guardianContext.close();

  await page.reload();
  await expect(page.getByText(MINORS_MESSAGES.supervisionActive)).toBeVisible({ timeout: 15_000 });
  await expect(notice).toHaveCount(0);
});

test("issue 36: a guardian with no account signs up from the invitation as 'Responsável', named the teen, and confirms", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  // The teen, through the API: this journey is the guardian's.
  const teenEmail = `bia.${stamp}@exemplo.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      displayName: 'Bia Nogueira',
      email: teenEmail,
      password: 'Caderno-Azul-15',
      profile: 'aluno',
      birthDate: `${new Date().getFullYear() - 15}-01-01`,
    },
  });
  expect(signup.status()).toBe(201);
  const resend = await page.request.post('/api/auth/send-verification-email', { data: { email: teenEmail } });
  expect(resend.ok()).toBe(true);
  await page.goto(await verificationLinkFor(teenEmail));
  await expect(page.getByRole('link', { name: 'Ir para o Login' })).toBeVisible();
  const login = await page.request.post('/api/auth/login', {
    data: { email: teenEmail, password: 'Caderno-Azul-15' },
  });
  expect(login.status()).toBe(200);
  const guardianEmail = `mae.bia.${stamp}@exemplo.com`;
  expect((await page.request.post('/api/guardian/invite', { data: { email: guardianEmail } })).status()).toBe(
    201,
  );

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const guardian = await context.newPage();
  const errors: string[] = [];
  guardian.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await guardian.goto(await guardianLinkFor(guardianEmail));
  await expect(guardian.getByText('Bia pediu que você seja responsável no Estudaí.')).toBeVisible();
  await guardian.screenshot({ path: 'test-results/guardian-invite-phone.png' });
  await guardian.getByRole('link', { name: 'Criar conta de responsável' }).click();
  await expect(guardian.getByText(/Sua conta de responsável/)).toBeVisible();
  // No type to choose: the account is a guardian's.
  await expect(guardian.getByRole('button', { name: /^Aluno/ })).toHaveCount(0);
  await guardian.getByLabel('Nome completo').fill('Helena Nogueira');
  await guardian.getByLabel('Email').fill(guardianEmail);
  await guardian.getByLabel(MINORS_MESSAGES.birthDateLabel).fill('1982-06-15');
  await guardian.getByLabel('Senha', { exact: true }).fill('Girassol-Mae-82');
  await guardian.getByLabel('Confirmar senha').fill('Girassol-Mae-82');
  await guardian.screenshot({ path: 'test-results/guardian-sign-up-phone.png' });
  await guardian.getByRole('button', { name: 'Criar conta' }).click();
  await expect(guardian).toHaveURL('/verify-email');
  await guardian.goto(await verificationLinkFor(guardianEmail));
  await guardian.getByRole('link', { name: 'Ir para o Login' }).click();
  await signIn(guardian, guardianEmail, 'Girassol-Mae-82');
  // Back on the invitation, which names the teen again, to confirm.
  await expect(guardian.getByText('Bia pediu que você seja responsável no Estudaí.')).toBeVisible();
  await guardian.getByRole('button', { name: 'Confirmar vínculo' }).click();
  await expect(toasts(guardian).getByText(linkAcceptedMessage('Bia Nogueira'))).toBeVisible();
  await expect(guardian.getByRole('heading', { name: 'Bia Nogueira' })).toBeVisible();
  const me = await (await guardian.request.get('/api/users/me')).json();
  expect(me.data.userType).toBe('responsavel');
  expect(errors, "console errors in the guardian's browser").toEqual([]);
  await context.close();

  // The same account on a computer: the dashboard with the teen, the 'Responsável' badge on the profile.
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const signedIn = await desktop.request.post('/api/auth/login', {
    data: { email: guardianEmail, password: 'Girassol-Mae-82' },
  });
  expect(signedIn.status()).toBe(200);
  await desktop.goto('/responsavel');
  await expect(desktop.getByRole('heading', { name: 'Bia Nogueira' })).toBeVisible();
  await desktop.screenshot({ path: 'test-results/guardian-dashboard-desktop.png' });
  await desktop.goto('/profile');
  await expect(desktop.getByText('Responsável', { exact: true }).first()).toBeVisible();
  await expect(desktop.getByText('Estatísticas de Estudo')).toHaveCount(0);
  await expect(
    desktop.getByRole('heading', { name: 'Meus Posts' }).or(desktop.getByRole('tab', { name: 'Meus Posts' })),
  ).toBeVisible();
  await expect(desktop.getByText('Mapa de domínio')).toHaveCount(0);
  await desktop.screenshot({ path: 'test-results/guardian-profile-desktop.png' });
  await desktop.close();
});

test("'Meus dados' prepares the ZIP and it downloads", async ({ page, login }) => {
  test.setTimeout(90_000);
  await login('ana@estudai.dev');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Configurações' }).click();
  await page.getByRole('link', { name: 'Meus dados' }).click();
  await expect(page).toHaveURL('/meus-dados');
  await page.getByRole('button', { name: 'Pedir cópia dos meus dados' }).click();
  await expect(page.getByText(PRIVACY_MESSAGES.exportStarted)).toBeVisible();
  // The server's privacy jobs pass every 15 s.
  const link = page.getByRole('link', { name: 'Baixar arquivo (ZIP)' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const file = await fs.readFile((await download.path()) as string);
  expect(file.subarray(0, 2).toString()).toBe('PK');
});

test('deleting the account is scheduled, and signing in again cancels it', async ({ page, login }) => {
  await login('bruno@estudai.dev');
  await page.goto('/meus-dados');
  await page.getByLabel('Digite sua senha para confirmar').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(toasts(page).getByText(/Sua conta será excluída em \d+ de \w+ de \d{4}/)).toBeVisible();
  await expect(page).toHaveURL('/');

  await page.goto('/auth');
  await signIn(page, 'bruno@estudai.dev', DEMO_PASSWORD);
  await expect(toasts(page).getByText(PRIVACY_MESSAGES.deletionCancelled)).toBeVisible();
  const me = await page.request.get('/api/users/me');
  expect((await me.json()).data.deletionScheduledFor).toBeNull();
});

test("a guardian downloads a copy of the teen's data from the dashboard", async ({ page, login }) => {
  test.setTimeout(90_000);
  await login('responsavel@estudai.dev');
  await page.goto('/responsavel');
  // The first screen of a cold page: give a busy machine time to load it.
  await expect(page.getByRole('heading', { name: /Lucas/ })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /Pedir cópia dos dados de Lucas/ }).click();
  await expect(page.getByText(PRIVACY_MESSAGES.exportStarted)).toBeVisible();
  // The server's privacy jobs pass every 15 s.
  const link = page.getByRole('link', { name: 'Baixar arquivo (ZIP)' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await fs.readFile((await download.path()) as string);
  expect(file.subarray(0, 2).toString()).toBe('PK');
  await page.screenshot({ path: 'test-results/guardian-dashboard.png', fullPage: true });
});
