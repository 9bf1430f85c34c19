import { SAFETY_TEXTS } from '@estudai/contract/constants';
import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 43: a minor's safety layer. Lucas (15, with a confirmed guardian) may chat only with adults
// who teach a group of his and whom he follows back (protected mode forbids adult strangers): his
// teacher Carla, owner of 'Matemática para o ENEM', is the adult the rules allow here.

const SHOTS = 'test-results/screens';

async function signedInPage(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return page;
}

async function idOf(page: Page) {
  return (await (await page.request.get('/api/users/me')).json()).data.id as string;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`${viewport.width}px: a held message from a teacher waits behind the safety card until Lucas taps 'Ver mensagem'`, async ({
    page,
    login,
    browser,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await login('lucas@estudai.dev');
    const carla = await signedInPage(browser, 'carla@estudai.dev', viewport);
    const started = await carla.request.post('/api/chat/conversations', {
      data: { otherUserId: await idOf(page) },
    });
    expect(started.status()).toBeLessThan(300);
    const conversationId: string = (await started.json()).data.id;
    const text = `Me chama no zap pra tirar dúvidas: (11) 9${String(Date.now()).slice(-4)}-${viewport.width}`;
    const sent = await carla.request.post(`/api/chat/conversations/${conversationId}/messages`, {
      data: { content: text },
    });
    expect(sent.status()).toBe(201);

    // The list's preview does not show it either.
    await page.goto('/chat');
    const item = page.getByRole('link', { name: /Carla Mendes/ });
    await expect(item).toContainText(SAFETY_TEXTS.heldPreview);
    await expect(item).not.toContainText('zap');

    await page.goto(`/chat?conversation=${conversationId}`);
    const log = page.getByRole('log', { name: 'Mensagens com Carla Mendes' });
    const card = log.getByRole('region', { name: 'Aviso de segurança' }).last();
    await expect(card).toContainText(SAFETY_TEXTS.firstContact);
    await expect(card.getByRole('button', { name: SAFETY_TEXTS.block })).toBeVisible();
    await expect(card.getByRole('button', { name: SAFETY_TEXTS.report })).toBeVisible();
    await expect(log.getByText(text)).toHaveCount(0);
    await expectSoundLayout(page, `held message ${viewport.width}`);
    await page.screenshot({ path: `${SHOTS}/teen-safety-held-${viewport.width}.png` });

    await log.getByRole('button', { name: SAFETY_TEXTS.showHeld }).last().click();
    await expect(log.getByText(text)).toBeVisible();

    // 'Denunciar' on the card opens the message's report dialog (the existing report call).
    await card.getByRole('button', { name: SAFETY_TEXTS.report }).click();
    await expect(page.getByRole('dialog', { name: 'Denunciar mensagem' })).toBeVisible();
    await carla.context().close();
  });

  test(`${viewport.width}px: a comment with one of Lucas's hidden words is folded and opens with 'ver mesmo assim'`, async ({
    page,
    login,
    browser,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await login('lucas@estudai.dev');
    const word = `spoiler${viewport.width}x${String(Date.now()).slice(-5)}`;

    // Lucas adds the word on Configurações › 'Palavras ocultas'; the default list is locked for him.
    await page.goto('/configuracoes/palavras-ocultas');
    await page.getByRole('textbox', { name: 'Nova palavra ou frase' }).fill(word);
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByRole('region', { name: 'Suas palavras' }).getByText(word)).toBeVisible();
    await expect(page.getByText('Sempre ativa para menores de 18 anos', { exact: false })).toBeVisible();
    await expectSoundLayout(page, `hidden words ${viewport.width}`);
    await page.screenshot({ path: `${SHOTS}/teen-safety-words-${viewport.width}.png` });

    const carla = await signedInPage(browser, 'carla@estudai.dev', viewport);
    const post = await carla.request.post('/api/posts', {
      data: { type: 'text', content: 'Revisão de funções: dúvidas aqui embaixo.' },
    });
    expect(post.status()).toBe(201);
    const postId: string = (await post.json()).data.id;
    const comment = `Cuidado, ${word.toUpperCase()} da lista 4!`;
    const created = await carla.request.post(`/api/posts/${postId}/comments`, { data: { content: comment } });
    expect(created.status()).toBe(201);
    await carla.context().close();

    await page.goto(`/post/${postId}/comments`);
    const fold = page.getByRole('button', { name: SAFETY_TEXTS.foldedComment });
    await expect(fold).toBeVisible();
    await expect(page.getByText(comment)).toHaveCount(0);
    await expectSoundLayout(page, `folded comment ${viewport.width}`);
    await page.screenshot({ path: `${SHOTS}/teen-safety-folded-${viewport.width}.png` });
    await fold.click();
    await expect(page.getByText(comment)).toBeVisible();
  });
}
