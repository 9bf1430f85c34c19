import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, mockApi } from '../test/api-mock.ts';
import { currentPath, renderApp } from '../test/render-app.tsx';

describe('shell', () => {
  it('shows the four tabs with the round create button between the second and the third', async () => {
    mockApi({}, ana);
    renderApp('/study-groups/g1');
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    const items = [...nav.querySelectorAll('a, button')].map(
      (item) => item.getAttribute('aria-label') ?? item.textContent,
    );
    expect(items).toEqual(['Início', 'Grupos', 'Criar novo post', 'Notificações', 'Perfil']);
    expect(within(nav).getByRole('link', { name: 'Grupos' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
  });

  it('moves between tabs', async () => {
    mockApi({}, ana);
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Notificações' }));
    expect(screen.getByRole('heading', { name: 'Notificações' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Perfil' }));
    expect(await screen.findByRole('heading', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(currentPath()).toBe('/profile');
  });

  it('hides the tab bar on paths starting with /chat', async () => {
    mockApi({}, ana);
    renderApp('/chat?conversation=c1');
    expect(await screen.findByRole('heading', { name: 'Mensagens' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
  });

  it('offers the study timer on the feed', async () => {
    mockApi({}, ana);
    renderApp('/');
    expect(await screen.findByRole('button', { name: /^Cronômetro de estudo/ })).toBeInTheDocument();
  });

  it('keeps the tab bar and the study timer off the comments screen, whose composer sits at the bottom', async () => {
    mockApi({ 'GET /api/posts/p1': () => new Promise(() => {}) }, ana);
    renderApp('/post/p1/comments');
    expect(await screen.findByRole('heading', { name: 'Comentários' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cronômetro de estudo/ })).not.toBeInTheDocument();
  });

  it('puts the study timer and messages in the title bar, not floating over the page', async () => {
    mockApi({}, ana);
    renderApp('/videos');
    const titleBar = (await screen.findByRole('heading', { name: 'Vídeos' })).closest('header');
    expect(titleBar).not.toBeNull();
    expect(
      within(titleBar as HTMLElement).getByRole('button', { name: /^Cronômetro de estudo/ }),
    ).toBeInTheDocument();
    expect(within(titleBar as HTMLElement).getByRole('link', { name: /Mensagens/ })).toBeInTheDocument();
  });

  it('sends the create button to the feed with the create-post parameter', async () => {
    mockApi({}, ana);
    const { user } = renderApp('/videos');
    await user.click(await screen.findByRole('button', { name: 'Criar novo post' }));
    // The feed opens its dialog from the parameter and takes it off the address.
    expect(await screen.findByRole('dialog', { name: 'Criar novo post' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Início', hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/'));
  });
});
