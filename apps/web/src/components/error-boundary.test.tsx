import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

let broken = true;
function Fragile({ label = 'Conteúdo' }: { label?: string }) {
  if (broken) throw new Error('quebrou');
  return <p>{label}</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    broken = true;
    // React reports the caught error on the console; the test reads the screen instead.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows a pt-BR message and Tentar novamente in place of a part that throws', () => {
    render(
      <>
        <ErrorBoundary>
          <Fragile />
        </ErrorBoundary>
        <p>Vizinho</p>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Algo deu errado ao mostrar isto.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.getByText('Vizinho')).toBeInTheDocument();
  });

  it("renders the part again on 'Tentar novamente'", async () => {
    const user = userEvent.setup();
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.getByText('Conteúdo')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back again when the part still throws', async () => {
    const user = userEvent.setup();
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Algo deu errado ao mostrar isto.');
  });

  it('tries again by itself when its reset key changes (another route)', () => {
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    broken = false;
    rerender(
      <ErrorBoundary resetKey="/b">
        <Fragile label="Outra página" />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Outra página')).toBeInTheDocument();
  });
});
