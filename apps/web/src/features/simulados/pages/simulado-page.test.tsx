import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { fakeSocket } from '../../../test/fake-socket.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import {
  makeAttempt,
  makeClassResults,
  makeDetail,
  makeProgress,
  SIMULADO_ID,
  simuladoQuestion,
} from '../testing/simulado-fixtures.ts';

vi.mock('../../../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../../../test/fake-socket.ts');
  return { useRealtimeSocket: () => fakeSocket };
});
beforeEach(() => fakeSocket.reset());

const FIRST_RENDER = { timeout: 5_000 };
const BASE = `/api/simulados/${SIMULADO_ID}`;

describe('a simulado', { timeout: 15_000 }, () => {
  it('lets a member start it and opens the attempt', async () => {
    const now = new Date().toISOString();
    let started = false;
    const api = mockApi(
      {
        [`GET ${BASE}`]: () =>
          ok(
            started
              ? makeDetail({ questions: [0, 1, 2, 3, 4].map(simuladoQuestion), attempt: makeAttempt(now) })
              : makeDetail({ inProgress: 3 }),
          ),
        [`POST ${BASE}/attempts`]: () => {
          started = true;
          return ok(makeAttempt(now), 201);
        },
      },
      ana,
    );
    const { user } = renderApp(`/simulados/${SIMULADO_ID}`, { storedUser: ana });
    expect(await screen.findByText('3 pessoas fazendo agora', {}, FIRST_RENDER)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Começar simulado' }));
    await waitFor(() => expect(currentPath()).toBe(`/simulados/${SIMULADO_ID}/prova`));
    expect(api.callsTo('POST', `${BASE}/attempts`)).toHaveLength(1);
    expect(await screen.findByText('Questão 1 de 5')).toBeInTheDocument();
  });

  it("shows the server's pt-BR reason when publishing is refused", async () => {
    mockApi(
      {
        [`GET ${BASE}`]: ok(makeDetail({ status: 'draft', canManage: true, questionCount: 3 })),
        [`POST ${BASE}/publish`]: fail(
          409,
          'Um simulado precisa de pelo menos 5 questões para ser publicado.',
          'SIMULADO_NOT_PUBLISHABLE',
        ),
      },
      ana,
    );
    const { user } = renderApp(`/simulados/${SIMULADO_ID}`, { storedUser: ana });
    expect(
      await screen.findByText('Escolha pelo menos 5 questões para publicar.', {}, FIRST_RENDER),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publicar' }));
    expect(
      await screen.findByText('Um simulado precisa de pelo menos 5 questões para ser publicado.'),
    ).toBeInTheDocument();
  });

  it("updates the owner's progress list live, answered counts only", async () => {
    mockApi(
      {
        [`GET ${BASE}`]: ok(makeDetail({ canManage: true })),
        [`GET ${BASE}/progress`]: ok(makeProgress()),
      },
      ana,
    );
    renderApp(`/simulados/${SIMULADO_ID}`, { storedUser: ana });
    expect(await screen.findByText('1 de 5 respondidas', {}, FIRST_RENDER)).toBeInTheDocument();
    fakeSocket.receive('simulado:progress', {
      simuladoId: SIMULADO_ID,
      userId: 'u-ana',
      displayName: 'Ana Souza',
      answered: 4,
      total: 5,
      finished: false,
    });
    expect(await screen.findByText('4 de 5 respondidas')).toBeInTheDocument();
    fakeSocket.receive('simulado:progress', {
      simuladoId: SIMULADO_ID,
      userId: 'u-bruno',
      displayName: 'Bruno Lima',
      answered: 5,
      total: 5,
      finished: true,
    });
    expect(await screen.findByText('Bruno Lima')).toBeInTheDocument();
    expect(screen.getByText('Terminou')).toBeInTheDocument();
  });

  it("lists a draft's questions before publishing", async () => {
    mockApi(
      {
        [`GET ${BASE}`]: ok(
          makeDetail({ status: 'draft', canManage: true, questions: [0, 1, 2].map(simuladoQuestion) }),
        ),
      },
      ana,
    );
    renderApp(`/simulados/${SIMULADO_ID}`, { storedUser: ana });
    const list = await screen.findByRole('list', { name: 'Questões do simulado' }, FIRST_RENDER);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('Questão 2 · Matemática · Soma · 4 alternativas');
    expect(items[1]).toHaveTextContent('Quanto é 1 + 1?');
  });

  it('shows the owner the class results after the close: ranking, distribution, alternatives and the CSV', async () => {
    const api = mockApi(
      {
        [`GET ${BASE}`]: ok(makeDetail({ canManage: true, readsClassResults: true, window: 'closed' })),
        [`GET ${BASE}/progress`]: ok(makeProgress()),
        [`GET ${BASE}/class-results`]: ok(makeClassResults()),
      },
      ana,
    );
    renderApp(`/simulados/${SIMULADO_ID}`, { storedUser: ana });
    const ranking = await screen.findByRole('table', { name: 'Ranking da turma' }, FIRST_RENDER);
    const rows = within(ranking).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1ºBruno Lima4/5580*');
    expect(rows[2]).toHaveTextContent('Participante 2 (menor de idade)');
    expect(
      screen.getByText('2 participantes · média de 3,5 de 5 acertos · Estimativa TRI média 540'),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '3 acertos: 1 participante' })).toBeInTheDocument();
    const first = screen.getByRole('list', { name: 'Alternativas da questão 1' });
    expect(within(first).getAllByRole('listitem')).toHaveLength(5);
    expect(within(first).getByText('Gabarito')).toBeInTheDocument();
    expect(within(first).getByText('Distrator mais escolhido')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      `${BASE}/class-results.csv`,
    );
    expect(api.callsTo('GET', `${BASE}/class-results`).length).toBeGreaterThan(0);
  });

  it('asks no class results while the simulado is open', async () => {
    const api = mockApi(
      {
        [`GET ${BASE}`]: ok(makeDetail({ canManage: true, readsClassResults: true })),
        [`GET ${BASE}/progress`]: ok(makeProgress()),
      },
      ana,
    );
    renderApp(`/simulados/${SIMULADO_ID}`, { storedUser: ana });
    expect(await screen.findByText('1 de 5 respondidas', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByText('Resultados da turma')).not.toBeInTheDocument();
    expect(api.callsTo('GET', `${BASE}/class-results`)).toHaveLength(0);
  });
});
