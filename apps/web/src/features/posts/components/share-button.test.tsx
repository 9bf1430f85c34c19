import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { makePost, page, questionPost } from '../../../test/posts.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

describe('Compartilhar', () => {
  it('without the Web Share API, copies the link and offers WhatsApp', async () => {
    mockApi({ 'GET /api/posts': page([makePost({ id: 'p1', content: 'Resumo de funções' })]) }, ana);
    const { user } = renderApp('/', { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: 'Compartilhar' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Compartilhar publicação' });
    const link = `${window.location.origin}/post/p1`;
    expect(within(dialog).getByLabelText('Link da publicação')).toHaveValue(link);
    await user.click(within(dialog).getByRole('button', { name: 'Copiar link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument();
    const whatsApp = within(dialog).getByRole('link', { name: 'Enviar no WhatsApp' });
    expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Resumo de funções — no Estudaí ${link}`)}`,
    );
    expect(whatsApp).toHaveAttribute('target', '_blank');
  });

  it("uses the phone's share sheet when there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    mockApi({ 'GET /api/posts': page([questionPost({ id: 'p2' })]) }, ana);
    const { user } = renderApp('/', { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: 'Compartilhar' }, { timeout: 5_000 }));
    expect(share).toHaveBeenCalledWith({
      title: 'Estudaí',
      text: 'Qual organela produz ATP? — no Estudaí',
      url: `${window.location.origin}/post/p2`,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a shared link opened signed out', () => {
  it('shows the post read-only with a call to sign up', async () => {
    mockApi({
      'GET /api/public/posts/p2': ok(questionPost({ id: 'p2', content: 'Quem acerta?' })),
    });
    renderApp('/post/p2');
    expect(await screen.findByText('Qual organela produz ATP?', undefined, { timeout: 5_000 })).toBeVisible();
    expect(screen.getByText('Mitocôndria')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Criar conta grátis' })).toHaveAttribute(
      'href',
      '/auth?criar-conta=1',
    );
    expect(screen.queryByRole('button', { name: /Curtir/ })).not.toBeInTheDocument();
  });

  it('says so when the post is not open to visitors (a group post, deleted)', async () => {
    mockApi({ 'GET /api/public/posts/p3': fail(404, 'Post não encontrado', 'NOT_FOUND') });
    renderApp('/post/p3');
    expect(await screen.findByRole('alert', undefined, { timeout: 5_000 })).toHaveTextContent(
      'Esta publicação não está disponível',
    );
    expect(screen.getByRole('link', { name: 'Criar conta grátis' })).toBeInTheDocument();
  });
});
