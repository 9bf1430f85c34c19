import {
  SIMULADO_ESTIMATE_LABEL,
  type SimuladoPaperEntry,
  type SimuladoPaperSheet,
} from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { SIMULADO_ID } from '../testing/simulado-fixtures.ts';

const BASE = `/api/simulados/${SIMULADO_ID}`;
const FIRST_RENDER = { timeout: 5_000 };

const sheet = (overrides: Partial<SimuladoPaperSheet> = {}): SimuladoPaperSheet => ({
  simuladoId: SIMULADO_ID,
  total: 3,
  optionCounts: [4, 5, 4],
  members: [
    { userId: 'u-bruno', displayName: 'Bruno Lima', username: 'bruno.lima', hasAttempt: false },
    { userId: 'u-caio', displayName: 'Caio Reis', username: 'caio.reis', hasAttempt: true },
  ],
  entries: [],
  ...overrides,
});

const entry: SimuladoPaperEntry = {
  kind: 'member',
  id: 'a-1',
  userId: 'u-bruno',
  name: 'Bruno Lima',
  answers: [1, 4, null],
  correctCount: 2,
  total: 3,
  answeredCount: 2,
  blankCount: 1,
  estimate: { score: 540, standardError: 0.8, provisional: true, label: SIMULADO_ESTIMATE_LABEL },
  enteredAt: '2026-11-26T13:00:00.000Z',
};

describe("'Lançar respostas'", { timeout: 20_000 }, () => {
  it("sends the member's letters in order (blank as null) and shows the score", async () => {
    let saved = false;
    const api = mockApi(
      {
        [`GET ${BASE}/paper-answers`]: () => ok(saved ? sheet({ entries: [entry] }) : sheet()),
        [`POST ${BASE}/paper-answers`]: () => {
          saved = true;
          return ok(entry, 201);
        },
      },
      ana,
    );
    const { user } = renderApp(`/simulados/${SIMULADO_ID}/lancar-respostas`, { storedUser: ana });
    const who = await screen.findByLabelText('Aluno', {}, FIRST_RENDER);
    expect(within(who).getByRole('option', { name: /Caio Reis.*já tem tentativa/ })).toBeDisabled();
    // Only the second question has an E.
    expect(screen.queryByRole('button', { name: 'E, questão 1' })).toBeNull();
    await user.selectOptions(who, 'u-bruno');
    await user.click(screen.getByRole('button', { name: 'B, questão 1' }));
    await user.click(screen.getByRole('button', { name: 'A, questão 2' }));
    await user.click(screen.getByRole('button', { name: 'E, questão 2' }));
    await user.click(screen.getByRole('button', { name: 'C, questão 3' }));
    // A second click leaves it blank.
    await user.click(screen.getByRole('button', { name: 'C, questão 3' }));
    expect(screen.getByText('Respostas do cartão (2 de 3 marcadas)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar respostas' }));
    expect(await screen.findByText('Resultado de Bruno Lima')).toBeInTheDocument();
    expect(screen.getByText('2 de 3 acertos')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/paper-answers`)[0]?.body).toEqual({
      userId: 'u-bruno',
      answers: [1, 4, null],
    });
    const typed = await screen.findByRole('listitem');
    expect(within(typed).getByText('no papel')).toBeInTheDocument();
  });

  it("shows the server's pt-BR reason and keeps what was typed", async () => {
    mockApi(
      {
        [`GET ${BASE}/paper-answers`]: ok(sheet()),
        [`POST ${BASE}/paper-answers`]: fail(
          409,
          'Já há respostas lançadas para “Ana” neste simulado.',
          'SIMULADO_PAPER_GUEST_EXISTS',
        ),
      },
      ana,
    );
    const { user } = renderApp(`/simulados/${SIMULADO_ID}/lancar-respostas`, { storedUser: ana });
    await user.selectOptions(await screen.findByLabelText('Aluno', {}, FIRST_RENDER), 'convidado');
    await user.type(screen.getByLabelText('Nome do convidado'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'B, questão 1' }));
    await user.click(screen.getByRole('button', { name: 'Salvar respostas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Já há respostas lançadas para “Ana” neste simulado.',
    );
    expect(screen.getByRole('button', { name: 'B, questão 1' })).toHaveAttribute('aria-pressed', 'true');
  });
});
