import type { Page, WebSocketRoute } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { DEMO_PASSWORD, expect, liveConnection, test } from './fixtures.ts';

const ANA = 'ana@estudai.dev';
const BRUNO = 'bruno@estudai.dev';

async function signIn(page: Page, email: string): Promise<string> {
  const login = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const session = await page.request.get('/api/auth/session');
  return (await session.json()).data.id;
}

async function follow(page: Page, userId: string) {
  const response = await page.request.post(`/api/users/${userId}/follow`);
  expect(response.ok()).toBe(true);
}

const thread = (page: Page, name: string) => page.getByRole('log', { name: `Mensagens com ${name}` });

async function send(page: Page, text: string) {
  const field = page.getByRole('textbox', { name: 'Mensagem' });
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue('');
}

test('two mutual followers chat live both ways; ten unread messages show 9+', async ({ page, browser }) => {
  const brunoContext = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'pt-BR' });
  const brunoPage = await brunoContext.newPage();
  const brunoErrors: string[] = [];
  brunoPage.on('console', (message) => {
    if (message.type() === 'error') brunoErrors.push(`${message.text()} (${message.location().url})`);
  });
  brunoPage.on('pageerror', (error) => brunoErrors.push(error.message));

  const anaId = await signIn(page, ANA);
  const brunoId = await signIn(brunoPage, BRUNO);
  await follow(page, brunoId);
  await follow(brunoPage, anaId);

  // Ana starts the conversation from the dialog of mutual followers.
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Mensagens' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden();
  await page.getByRole('button', { name: 'Nova conversa' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova conversa' });
  const search = dialog.getByRole('searchbox', { name: 'Buscar por nome ou usuário' });
  await expect(search).toBeFocused();
  await search.fill('BRUNO');
  await dialog.getByRole('button', { name: /Bruno Lima/ }).click();
  await expect(page.getByText('Conversa iniciada', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/chat\?conversation=[\w-]+$/);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeFocused();
  await expect(thread(page, 'Bruno Lima')).toContainText('Nenhuma mensagem ainda. Seja o primeiro a enviar!');

  // Bruno opens it from his list.
  const brunoLive = liveConnection(brunoPage);
  await brunoPage.goto('/chat');
  await brunoPage.getByRole('link', { name: /Ana Souza/ }).click();
  await expect(thread(brunoPage, 'Ana Souza')).toBeVisible();
  await brunoLive;

  await send(page, 'Oi, Bruno! Vamos revisar física hoje?');
  await expect(thread(brunoPage, 'Ana Souza')).toContainText('Oi, Bruno! Vamos revisar física hoje?');
  // Bruno has the thread open: Ana sees her message read.
  await expect(thread(page, 'Bruno Lima').getByRole('img', { name: 'Lida' })).toBeVisible();

  await brunoPage.getByRole('textbox', { name: 'Mensagem' }).pressSequentially('Bora');
  await expect(page.getByText('digitando…')).toBeVisible();
  await brunoPage.getByRole('textbox', { name: 'Mensagem' }).fill('Bora! Às 19h?');
  await brunoPage.getByRole('textbox', { name: 'Mensagem' }).press('Enter');
  await expect(thread(page, 'Bruno Lima')).toContainText('Bora! Às 19h?');
  await expect(page.getByText('digitando…')).toBeHidden();
  await expect(thread(brunoPage, 'Ana Souza').getByText('Bora! Às 19h?')).toHaveCount(1);

  // Bruno leaves the chat; ten messages later his chat button says 9+.
  await brunoPage.goto('/notifications');
  const shortcut = brunoPage.getByRole('link', { name: /^Mensagens/ });
  await expect(shortcut).toBeVisible();
  // Ana's tab is connected (Bruno's reply came to it live): her messages go over that socket
  // (chat:send, decision 066), without an HTTP request each.
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/chat\/conversations\/[^/]+\/messages$/.test(request.url()))
      posted.push(request.url());
  });
  for (let n = 1; n <= 10; n += 1) await send(page, `Mensagem número ${n}`);
  await expect(thread(page, 'Bruno Lima').getByRole('img', { name: 'Enviada' })).toHaveCount(10);
  expect(posted).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/chat-thread-sent-1280.png' });
  await expect(shortcut).toContainText('9+');
  await expect(brunoPage.getByText('Nova mensagem de Ana Souza', { exact: true })).toBeVisible();

  await shortcut.click();
  const anaItem = brunoPage.getByRole('link', { name: /Ana Souza/ });
  await expect(anaItem).toContainText('9+');
  await anaItem.click();
  await expect(thread(brunoPage, 'Ana Souza')).toContainText('Mensagem número 10');
  await expect(anaItem).not.toContainText('9+');
  await expect(thread(page, 'Bruno Lima').getByRole('img', { name: 'Enviada' })).toHaveCount(0);

  expect(brunoErrors, 'console errors in the second browser').toEqual([]);
  await brunoContext.close();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(thread(page, 'Bruno Lima')).toContainText('Mensagem número 10');
  await page.screenshot({ path: 'test-results/screens/chat-thread-sent-390.png' });
});

test('on a phone the list and the thread take turns; a reconnection brings what was missed, once', async ({
  page,
  browser,
}) => {
  const anaId = await signIn(page, ANA);
  const brunoContext = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    viewport: { width: 360, height: 740 },
  });
  const brunoPage = await brunoContext.newPage();
  const brunoId = await signIn(brunoPage, BRUNO);
  await follow(page, brunoId);
  await follow(brunoPage, anaId);
  const started = await page.request.post('/api/chat/conversations', { data: { otherUserId: brunoId } });
  expect(started.ok()).toBe(true);
  const conversationId: string = (await started.json()).data.id;
  // Bruno's live connection goes through here, so the test can cut it and keep it down a while.
  let connections = 0;
  let isDown = false;
  const open: WebSocketRoute[] = [];
  await brunoPage.routeWebSocket(/\/socket\.io\//, (socket) => {
    if (isDown) return socket.close();
    connections += 1;
    socket.connectToServer();
    open.push(socket);
  });

  await brunoPage.goto('/chat');
  const list = brunoPage.getByRole('list', { name: 'Conversas' });
  await expect(list).toBeVisible();
  await expect(brunoPage.getByText('Selecione uma conversa para começar')).toBeHidden();
  await list.getByRole('link', { name: /Ana Souza/ }).click();
  await expect(brunoPage).toHaveURL(`/chat?conversation=${conversationId}`);
  await expect(thread(brunoPage, 'Ana Souza')).toBeVisible();
  await expect(list).toBeHidden();

  await page.goto(`/chat?conversation=${conversationId}`);
  await send(page, 'Antes da queda');
  await expect(thread(brunoPage, 'Ana Souza')).toContainText('Antes da queda');
  expect(connections).toBe(1);

  isDown = true;
  for (const socket of open.splice(0)) await socket.close();
  await send(page, 'Enquanto você estava fora');
  await expect(thread(page, 'Bruno Lima').getByRole('img', { name: 'Enviando' })).toHaveCount(0);
  await expect(thread(brunoPage, 'Ana Souza')).not.toContainText('Enquanto você estava fora');
  isDown = false;
  // Socket.IO tries again by itself (back-off) and the thread fetches what came meanwhile.
  await expect.poll(() => connections, { timeout: 15_000 }).toBe(2);
  await expect(thread(brunoPage, 'Ana Souza').getByText('Enquanto você estava fora')).toHaveCount(1);
  await send(page, 'Depois da volta');
  await expect(thread(brunoPage, 'Ana Souza')).toContainText('Depois da volta');
  await expect(thread(brunoPage, 'Ana Souza').getByText('Enquanto você estava fora')).toHaveCount(1);

  await brunoPage.getByRole('link', { name: 'Voltar para as conversas' }).click();
  await expect(list).toBeVisible();
  await brunoContext.close();
});

test('the chat list cuts a long last message with an ellipsis and keeps its time and unread badge in view, on the phone and beside an open thread', async ({
  page,
  browser,
}) => {
  const anaId = await signIn(page, ANA);
  const brunoContext = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'pt-BR' });
  const brunoPage = await brunoContext.newPage();
  const brunoId = await signIn(brunoPage, BRUNO);
  await follow(page, brunoId);
  await follow(brunoPage, anaId);
  const started = await brunoPage.request.post('/api/chat/conversations', { data: { otherUserId: anaId } });
  expect(started.ok()).toBe(true);
  const conversationId: string = (await started.json()).data.id;
  const long = `Ana, revisei a lista inteira de funções e equações do segundo grau ${'e ainda tenho dúvidas '.repeat(12)}fim`;
  const sent = await brunoPage.request.post(`/api/chat/conversations/${conversationId}/messages`, {
    data: { content: long },
  });
  expect(sent.ok()).toBe(true);
  await brunoContext.close();

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/chat');
    const item = page.getByRole('list', { name: 'Conversas' }).getByRole('link', { name: /Bruno Lima/ });
    await expect(item).toBeVisible();
    const box = await item.boundingBox();
    const preview = item.getByText(/^Ana, revisei a lista inteira/);
    await expect(preview).toBeVisible();
    // Cut on one line with an ellipsis, not wrapped and not pushing the rest out.
    const cut = await preview.evaluate((element) => ({
      overflowing: element.scrollWidth > element.clientWidth,
      ellipsis: getComputedStyle(element).textOverflow,
      lines: Math.round(
        element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
      ),
    }));
    expect(cut).toEqual({ overflowing: true, ellipsis: 'ellipsis', lines: 1 });
    for (const part of [item.locator('time'), item.getByText('1', { exact: true })]) {
      await expect(part).toBeVisible();
      const partBox = await part.boundingBox();
      expect(partBox!.x + partBox!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.screenshot({ path: `test-results/screens/chat-list-long-${viewport.width}.png` });
  }
  // Beside an open thread on the desktop, the same.
  await page.goto(`/chat?conversation=${conversationId}`);
  const item = page.getByRole('list', { name: 'Conversas' }).getByRole('link', { name: /Bruno Lima/ });
  await expect(item.locator('time')).toBeVisible();
  await expect(item.getByText(/^Ana, revisei a lista inteira/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});
