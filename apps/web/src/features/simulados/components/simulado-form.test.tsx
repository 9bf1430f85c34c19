import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ana, mockApi } from '../../../test/api-mock.ts';
import { fakeSocket } from '../../../test/fake-socket.ts';
import { renderApp } from '../../../test/render-app.tsx';

vi.mock('../../../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../../../test/fake-socket.ts');
  return { useRealtimeSocket: () => fakeSocket };
});
beforeEach(() => fakeSocket.reset());

const FIRST_RENDER = { timeout: 5_000 };

describe('the simulado form', { timeout: 15_000 }, () => {
  it('reads the window back in pt-BR on the Brasília clock, whatever language the browser draws the fields in', async () => {
    // The bank stays loading: only the fields matter here.
    mockApi({ 'GET /api/questions': () => new Promise(() => {}) }, ana);
    const { user } = renderApp('/study-groups/g1/simulados/novo', { storedUser: ana });
    const closes = await screen.findByLabelText('Fecha em (horário de Brasília)', {}, FIRST_RENDER);
    expect(closes).toHaveAttribute('lang', 'pt-BR');
    fireEvent.change(closes, { target: { value: '2026-12-05T14:30' } });
    expect(closes).toHaveAccessibleDescription('05/12/2026 às 14:30, horário de Brasília');

    await user.click(screen.getByRole('checkbox', { name: 'Abrir agora' }));
    const opens = screen.getByLabelText('Abre em (horário de Brasília)');
    expect(opens).toHaveAttribute('lang', 'pt-BR');
    fireEvent.change(opens, { target: { value: '2026-12-01T08:05' } });
    expect(screen.getByText('01/12/2026 às 08:05, horário de Brasília')).toBeInTheDocument();
    fireEvent.change(opens, { target: { value: '' } });
    expect(opens).toHaveAccessibleDescription('Data e hora no horário de Brasília (dd/mm/aaaa, hh:mm)');
  });
});
