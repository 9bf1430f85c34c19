import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { lazyPage, routePage } from './lazy-page.tsx';
import { RouteError } from './route-error.tsx';

function LoadedPage() {
  return <h1>Página carregada</h1>;
}

describe('lazyPage', () => {
  it("asks for a chunk that failed to arrive again on 'Tentar novamente'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ Page: () => ReactNode }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Page: LoadedPage });
    const Page = lazyPage(load, 'Page');
    const user = userEvent.setup();
    render(
      <ErrorBoundary variant="page">
        <Page />
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Algo deu errado ao mostrar isto.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Página carregada' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('routePage', () => {
  it("gives the route its page's component at once when the chunk has already arrived", async () => {
    const Page = lazyPage(async () => ({ Page: LoadedPage }), 'Page');
    expect(routePage(Page)).toHaveProperty('lazy');
    await Page.preload();
    expect(routePage(Page)).toEqual({ Component: LoadedPage });
  });

  it("asks for a route's chunk that failed to arrive again on 'Tentar novamente'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Offline: the router's `lazy` and then the page's own render both fail to get the chunk.
    let offline = true;
    const load = vi.fn(async () => {
      if (offline) throw new TypeError('Failed to fetch dynamically imported module');
      return { Page: LoadedPage };
    });
    const router = createMemoryRouter([
      { path: '/', ...routePage(lazyPage(load, 'Page')), errorElement: <RouteError /> },
    ]);
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Algo deu errado ao mostrar isto.')).toBeInTheDocument();
    const asked = load.mock.calls.length;
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Página carregada' })).toBeInTheDocument();
    expect(load.mock.calls.length).toBeGreaterThan(asked);
  });
});
