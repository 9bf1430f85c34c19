import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ana, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

// One route whose page throws while `broken` is set (a bug in a page, a response it cannot read).
const state = vi.hoisted(() => ({ broken: true }));
vi.mock('../features/videos/pages/videos-page.tsx', () => ({
  VideosPage: () => {
    if (state.broken) throw new Error('quebrou');
    return <h1>Vídeos</h1>;
  },
}));

describe('a route that throws', () => {
  beforeEach(() => {
    state.broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the message in its place while the shell and its tab bar stay', async () => {
    mockApi({}, ana);
    renderApp('/videos', { storedUser: ana });
    expect(await screen.findByRole('alert')).toHaveTextContent('Algo deu errado ao mostrar isto.');
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Grupos' })).toBeInTheDocument();
  });

  it("renders the page again on 'Tentar novamente'", async () => {
    mockApi({}, ana);
    const { user } = renderApp('/videos', { storedUser: ana });
    await screen.findByRole('alert');
    state.broken = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Vídeos' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves the other routes working: a tab opens its page', async () => {
    mockApi({}, ana);
    const { user } = renderApp('/videos', { storedUser: ana });
    await screen.findByRole('alert');
    await user.click(screen.getByRole('link', { name: 'Notificações' }));
    expect(await screen.findByRole('heading', { name: 'Notificações' })).toBeInTheDocument();
    expect(screen.queryByText('Algo deu errado ao mostrar isto.')).not.toBeInTheDocument();
  });

  it("keeps the title bar and its 'Offline' badge offline, and opens the page when the connection returns (issue 36)", async () => {
    mockApi({}, ana);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    renderApp('/videos', { storedUser: ana });
    expect(await screen.findByRole('alert')).toHaveTextContent('Algo deu errado ao mostrar isto.');
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('heading', { name: 'Sem conexão' })).toBeInTheDocument();
    expect(within(bar).getByRole('status')).toHaveTextContent('Você está offline');

    state.broken = false;
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Vídeos' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Você está offline/)).not.toBeInTheDocument();
  });
});
