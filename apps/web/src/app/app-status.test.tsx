import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppStatus } from './app-status.tsx';

const pwa = vi.hoisted(() => ({ activate: null as (() => void) | null }));
vi.mock('../lib/pwa.ts', () => ({
  useServiceWorkerUpdate: () => pwa.activate,
}));

describe('app status', () => {
  it('shows nothing while online and up to date', () => {
    pwa.activate = null;
    const { container } = render(<AppStatus />);
    expect(container).toBeEmptyDOMElement();
  });

  it("offers 'Nova versão disponível' and switches to it on 'Atualizar'", async () => {
    const activate = vi.fn();
    pwa.activate = activate;
    render(<AppStatus />);
    const prompt = screen.getByRole('region', { name: 'Atualização' });
    expect(prompt).toHaveTextContent('Nova versão disponível');
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(activate).toHaveBeenCalledOnce();
  });

  it("hides the prompt on 'Depois'", async () => {
    pwa.activate = vi.fn();
    render(<AppStatus />);
    await userEvent.click(screen.getByRole('button', { name: 'Depois' }));
    expect(screen.queryByText('Nova versão disponível')).not.toBeInTheDocument();
  });
});
