import { SIMULADO_MESSAGES } from '@estudai/contract/constants';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { fakeSocket } from '../../../test/fake-socket.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { DURATION_LABEL } from './duration-field.tsx';

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

  it("shows the first problem of the contract's schema, then sends the window on the Brasília clock", async () => {
    const api = mockApi(
      {
        'GET /api/questions': () => new Promise(() => {}),
        'POST /api/study-groups/g1/simulados': ok({ id: 's1', studyGroupId: 'g1' }, 201),
        'GET /api/simulados/s1': () => new Promise(() => {}),
      },
      ana,
    );
    const { user } = renderApp('/study-groups/g1/simulados/novo', { storedUser: ana });
    const title = await screen.findByLabelText('Título', {}, FIRST_RENDER);
    // The duration field a student's own simulado has too ('Monte seu simulado').
    expect(screen.getByLabelText(DURATION_LABEL)).toHaveAttribute('max', '330');
    await user.click(screen.getByRole('checkbox', { name: 'Abrir agora' }));
    fireEvent.change(screen.getByLabelText('Abre em (horário de Brasília)'), {
      target: { value: '2026-12-05T15:00' },
    });
    fireEvent.change(screen.getByLabelText('Fecha em (horário de Brasília)'), {
      target: { value: '2026-12-05T14:00' },
    });
    await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIMULADO_MESSAGES.titleRequired);

    await user.type(title, 'Simulado ENEM');
    await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIMULADO_MESSAGES.windowInverted);
    expect(api.callsTo('POST', '/api/study-groups/g1/simulados')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Fecha em (horário de Brasília)'), {
      target: { value: '2026-12-05T18:30' },
    });
    await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/study-groups/g1/simulados')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/study-groups/g1/simulados')[0]?.body).toEqual({
      title: 'Simulado ENEM',
      questions: [],
      durationMinutes: 90,
      opensAt: '2026-12-05T15:00:00-03:00',
      closesAt: '2026-12-05T18:30:00-03:00',
      showRanking: true,
    });
  });
});
