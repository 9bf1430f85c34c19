import { MODERATION_MESSAGES } from '@estudai/contract/constants';
import type { APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, NEW_USER_PASSWORD, signUpVerified, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 43: a suspended student appeals from the sign-in screen ('Recorrer'); the moderator who
// suspended them cannot decide it; a second moderator reverses it with a note; the student signs in
// again and reads it in Configurações › 'Minhas advertências'. Screens at 390×844 and 1280×800.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

async function signInAs(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  expect((await request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
}

async function shoot(page: import('@playwright/test').Page, name: string, { shell = true } = {}) {
  await page.setViewportSize(PHONE);
  await expectSoundLayout(page, `${name} (phone)`);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  await page.setViewportSize(DESKTOP);
  // From 1024 px the shell's side columns load: the page sits between them once they are in.
  if (shell) await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
  await expectSoundLayout(page, `${name} (desktop)`);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize(PHONE);
}

test('a suspended student appeals and a second moderator reverses the suspension', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(PHONE);
  const email = `tiago.${Date.now()}@exemplo.com`;
  await signUpVerified(page.request, 'Tiago Recurso', email);
  const me = await page.request.get('/api/users/me');
  const tiagoId: string = (await me.json()).data.id;

  // Carla reports him; the admin suspends him from the moderators' queue.
  await signInAs(page.request, 'carla@estudai.dev');
  const reported = await page.request.post(`/api/users/${tiagoId}/report`, {
    data: { reason: 'spam', description: 'Manda links de apostas.' },
  });
  expect(reported.status()).toBe(201);
  await signInAs(page.request, 'admin@estudai.dev');
  await page.goto('/admin/moderacao');
  const queue = page.getByRole('list', { name: 'Fila da moderação' });
  const report = queue.getByRole('listitem').filter({ hasText: 'Tiago Recurso' });
  await expect(report).toBeVisible({ timeout: 45_000 });
  await expect(report.getByText(/Esperando há \d+ min/)).toBeVisible();
  await expect(page.getByText('Tempo mediano de resolução (30 dias):')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Imagens/ })).toBeVisible();
  await shoot(page, 'moderation-queue');
  const [open] = (await (await page.request.get(`/api/admin/moderation/queue?userId=${tiagoId}`)).json()).data
    .data;
  const suspended = await page.request.post(`/api/admin/reports/${open.report.id}/resolve`, {
    data: { action: 'suspend', note: 'Spam repetido' },
  });
  expect(suspended.status()).toBe(200);
  await page.context().clearCookies();

  // Tiago cannot sign in; he appeals from the sign-in screen, in a browser of his own. Its console
  // may show the refused sign-in (403, the server's answer for a suspension) and nothing else.
  const tiagoContext = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: PHONE,
    locale: 'pt-BR',
    serviceWorkers: 'block',
  });
  const tiago = await tiagoContext.newPage();
  const tiagoErrors: string[] = [];
  tiago.on('console', (message) => {
    if (message.type() !== 'error') return;
    const refusedSignIn =
      message.text().includes('status of 403') && message.location().url.endsWith('/api/auth/login');
    if (!refusedSignIn) tiagoErrors.push(`${message.text()} (${message.location().url})`);
  });
  tiago.on('pageerror', (error) => tiagoErrors.push(error.message));
  await tiago.goto('/auth');
  await tiago.getByLabel('Email').fill(email);
  await tiago.getByLabel('Senha', { exact: true }).fill(NEW_USER_PASSWORD);
  await tiago.getByRole('button', { name: 'Entrar', exact: true }).click();
  const box = tiago.getByRole('region', { name: 'Conta suspensa' });
  await expect(box).toBeVisible({ timeout: 45_000 });
  await box
    .getByLabel(MODERATION_MESSAGES.suspendedAppealHint)
    .fill('Eu só divulguei meu grupo de estudos, não era aposta.');
  await shoot(tiago, 'suspension-appeal', { shell: false });
  await box.getByRole('button', { name: 'Recorrer da suspensão' }).click();
  await expect(box.getByRole('status')).toHaveText(MODERATION_MESSAGES.appealSent);
  expect(tiagoErrors, "console errors in Tiago's browser").toEqual([]);
  await tiagoContext.close();

  // The admin who suspended him cannot decide the appeal.
  await signInAs(page.request, 'admin@estudai.dev');
  await page.goto('/admin/moderacao');
  await page.getByRole('tab', { name: /^Recursos/ }).click();
  const mine = page.getByLabel('Recurso de Tiago Recurso');
  await expect(mine.getByText('Você tomou esta decisão')).toBeVisible({ timeout: 45_000 });

  // Bia, the second moderator, reverses it with a note.
  await signInAs(page.request, 'moderacao@estudai.dev');
  await page.goto('/admin/moderacao');
  await page.getByRole('tab', { name: /^Recursos/ }).click();
  const appeal = page.getByLabel('Recurso de Tiago Recurso');
  await expect(appeal.getByText('Eu só divulguei meu grupo de estudos')).toBeVisible({ timeout: 45_000 });
  await appeal.getByLabel('Observação para a pessoa').fill('Divulgar grupo de estudos é permitido.');
  await shoot(page, 'appeal-queue');
  await appeal.getByRole('button', { name: 'Reverter decisão' }).click();
  await expect(appeal).toHaveCount(0, { timeout: 45_000 });

  // Tiago signs in again and reads the outcome in 'Minhas advertências'.
  await page.context().clearCookies();
  await signInAs(page.request, email, NEW_USER_PASSWORD);
  await page.goto('/configuracoes/advertencias');
  const action = page.getByRole('list', { name: 'Ações da moderação' }).getByRole('listitem').first();
  await expect(action.getByText('Suspensão da conta')).toBeVisible({ timeout: 45_000 });
  await expect(action.getByText('Recurso aceito: decisão revertida')).toBeVisible();
  await expect(action.getByText('Moderação: Divulgar grupo de estudos é permitido.')).toBeVisible();
  await expect(action.getByText('Regra:')).toContainText('Spam');
  await shoot(page, 'my-moderation-actions');
});
