import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { lazyPage } from './lazy-page.tsx';

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
