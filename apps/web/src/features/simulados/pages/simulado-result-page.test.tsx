import { SIMULADO_MESSAGES as M, SIMULADO_ESTIMATE_LABEL } from '@estudai/contract/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeResult, SIMULADO_ID } from '../testing/simulado-fixtures.ts';

const FIRST_RENDER = { timeout: 5_000 };
const RESULT = `GET /api/simulados/${SIMULADO_ID}/attempts/me/result`;

describe('the result', { timeout: 15_000 }, () => {
  it('shows the count, the estimate with its label, error and provisional mark, why, the key and the ranking', async () => {
    mockApi({ [RESULT]: ok(makeResult()) }, ana);
    renderApp(`/simulados/${SIMULADO_ID}/resultado`, { storedUser: ana });
    expect(await screen.findByText('1/2', { selector: 'p' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText('512')).toBeInTheDocument();
    expect(screen.getByText(SIMULADO_ESTIMATE_LABEL)).toBeInTheDocument();
    expect(screen.getByText('± 87,4 (erro padrão)')).toBeInTheDocument();
    expect(screen.getByText('provisória')).toBeInTheDocument();
    expect(
      screen.getByText('Você errou 1 questão fácil: na TRI, errar questões fáceis pesa mais.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Questões que mais pesaram' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Questão 2: 90% do grupo acertou' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Acertos por assunto' })).toHaveTextContent(
      'Matemática · Soma1/2',
    );
    expect(screen.getByText('Some 1 duas vezes.')).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: /resposta correta/ })).toHaveLength(2);
    expect(screen.getByText('2º Ana (você)')).toBeInTheDocument();
  });

  it('says when the ranking comes and omits the provisional mark once calibrated', async () => {
    const result = makeResult({
      estimate: { score: 600, standardError: 40, provisional: false, label: SIMULADO_ESTIMATE_LABEL },
      ranking: { status: 'after_close', availableAt: '2026-11-27T12:00:00.000Z', entries: [] },
    });
    mockApi({ [RESULT]: ok(result) }, ana);
    renderApp(`/simulados/${SIMULADO_ID}/resultado`, { storedUser: ana });
    expect(
      await screen.findByText(
        /O ranking aparece quando o simulado fechar\. \(27\/11 às 09:00/,
        {},
        FIRST_RENDER,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('provisória')).not.toBeInTheDocument();
  });

  it("shows no ranking at all for a student's own simulado ('Monte seu simulado', issue 36)", async () => {
    const result = makeResult({
      personal: true,
      ranking: { status: 'disabled', availableAt: null, entries: [] },
    });
    mockApi({ [RESULT]: ok(result) }, ana);
    renderApp(`/simulados/${SIMULADO_ID}/resultado`, { storedUser: ana });
    expect(await screen.findByText('1/2', { selector: 'p' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: M.rankingTitle })).not.toBeInTheDocument();
    expect(screen.queryByText(M.rankingDisabled)).not.toBeInTheDocument();
  });

  it("shows the server's reason when the result is not ready", async () => {
    mockApi(
      {
        [RESULT]: fail(
          409,
          'O resultado sai quando o seu tempo acabar ou quando você entregar a prova.',
          'SIMULADO_RESULT_NOT_READY',
        ),
      },
      ana,
    );
    renderApp(`/simulados/${SIMULADO_ID}/resultado`, { storedUser: ana });
    expect(await screen.findByText('O resultado ainda não saiu.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(
      screen.getByText('O resultado sai quando o seu tempo acabar ou quando você entregar a prova.'),
    ).toBeInTheDocument();
  });
});
