import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, lastPage, mockApi, ok } from '../../../test/api-mock.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { DURATION_LABEL } from '../components/duration-field.tsx';
import { makeDetail, makeSimulado, SIMULADO_ID } from '../testing/simulado-fixtures.ts';

const FIRST_RENDER = { timeout: 5_000 };

describe("'Monte seu simulado'", { timeout: 15_000 }, () => {
  it('sends the chosen filters, count and time, and opens the new simulado', async () => {
    const api = mockApi(
      {
        'GET /api/simulados/personal': lastPage([]),
        'POST /api/simulados/personal': ok(makeDetail({ studyGroupId: null, showRanking: false }), 201),
        [`GET /api/simulados/${SIMULADO_ID}`]: ok(makeDetail({ studyGroupId: null, showRanking: false })),
      },
      ana,
    );
    const { user } = renderApp('/simulados/monte-seu-simulado', { storedUser: ana });
    await user.click(await screen.findByRole('checkbox', { name: 'Matemática' }, FIRST_RENDER));
    await user.click(screen.getByRole('checkbox', { name: 'Física' }));
    await user.click(screen.getByRole('checkbox', { name: 'ENEM' }));
    await user.click(screen.getByRole('checkbox', { name: 'Difícil' }));
    const count = screen.getByLabelText(/^Número de questões/);
    await user.clear(count);
    await user.type(count, '20');
    // The same field as a group's simulado (components/duration-field.tsx), bounds and all.
    const time = screen.getByLabelText(DURATION_LABEL);
    expect(time).toHaveAttribute('min', '10');
    expect(time).toHaveAttribute('max', '330');
    await user.clear(time);
    await user.type(time, '45');
    await user.click(screen.getByRole('button', { name: 'Montar simulado' }));
    await waitFor(() => expect(currentPath()).toBe(`/simulados/${SIMULADO_ID}`));
    expect(api.callsTo('POST', '/api/simulados/personal')[0]?.body).toEqual({
      subjects: ['matematica', 'fisica'],
      exams: ['enem'],
      difficulties: ['dificil'],
      questionCount: 20,
      durationMinutes: 45,
      hideAnswered: true,
    });
  });

  it("checks the count before sending, and shows the server's pt-BR reason", async () => {
    const api = mockApi(
      {
        'GET /api/simulados/personal': lastPage([]),
        'POST /api/simulados/personal': fail(
          400,
          'Só 3 questões combinam com esses filtros: escolha menos questões ou mude os filtros.',
          'SIMULADO_PERSONAL_TOO_FEW',
        ),
      },
      ana,
    );
    const { user } = renderApp('/simulados/monte-seu-simulado', { storedUser: ana });
    const count = await screen.findByLabelText(/^Número de questões/, {}, FIRST_RENDER);
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'Montar simulado' }));
    expect(await screen.findByText('Escolha de 5 a 90 questões.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/simulados/personal')).toHaveLength(0);
    await user.clear(count);
    await user.type(count, '10');
    await user.click(screen.getByRole('button', { name: 'Montar simulado' }));
    expect(
      await screen.findByText(
        'Só 3 questões combinam com esses filtros: escolha menos questões ou mude os filtros.',
      ),
    ).toBeInTheDocument();
  });

  it("lists the student's own simulados under the form ('Seus simulados'), each opening its screen, without a live count", async () => {
    mockApi(
      {
        'GET /api/simulados/personal': lastPage([
          makeSimulado({
            studyGroupId: null,
            title: 'Meu simulado de 10 questões',
            inProgress: 1,
            showRanking: false,
            viewerAttempt: {
              status: 'in_progress',
              startedAt: '2026-11-26T12:00:00.000Z',
              endsAt: '2026-11-26T12:30:00.000Z',
              finishedAt: null,
              answeredCount: 3,
            },
          }),
        ]),
      },
      ana,
    );
    renderApp('/simulados/monte-seu-simulado', { storedUser: ana });
    const list = await screen.findByRole('region', { name: 'Seus simulados' }, FIRST_RENDER);
    const link = within(list).getByRole('link', { name: 'Meu simulado de 10 questões' });
    expect(link).toHaveAttribute('href', `/simulados/${SIMULADO_ID}`);
    expect(within(list).getByText('Em andamento')).toBeInTheDocument();
    expect(within(list).queryByText(/fazendo agora/)).not.toBeInTheDocument();
  });
});
