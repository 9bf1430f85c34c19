import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastPage } from '../../../test/api-mock.ts';
import { fakeSocket } from '../../../test/fake-socket.ts';
import { GROUP_ID, memberGroup, ownGroup, renderGroup } from '../../../test/groups.ts';
import { makeSimulado, SIMULADO_ID } from '../testing/simulado-fixtures.ts';

vi.mock('../../../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../../../test/fake-socket.ts');
  return { useRealtimeSocket: () => fakeSocket };
});
beforeEach(() => fakeSocket.reset());

const FIRST_RENDER = { timeout: 5_000 };
const LIST = `GET /api/study-groups/${GROUP_ID}/simulados`;

describe("the group's simulados", { timeout: 15_000 }, () => {
  it("lists them with their window and 'N pessoas fazendo agora', live from the socket", async () => {
    const { user } = renderGroup(memberGroup(), {
      [LIST]: lastPage([
        makeSimulado({ inProgress: 2 }),
        makeSimulado({ id: 'outro', title: 'Simulado de ontem', window: 'closed' }),
      ]),
    });
    await user.click(await screen.findByRole('tab', { name: 'Simulados' }, FIRST_RENDER));
    expect(await screen.findByRole('link', { name: 'Simulado ENEM — Matemática' })).toBeInTheDocument();
    expect(screen.getByText('2 pessoas fazendo agora')).toBeInTheDocument();
    expect(screen.getAllByText(/Abre 26\/11 às 09:00 · fecha 27\/11 às 09:00/)).toHaveLength(2);
    expect(screen.getByText('Encerrado')).toBeInTheDocument();
    // Only the open one is watched.
    expect(fakeSocket.sentEvents('simulado:watch').map(([id]) => id)).toEqual([SIMULADO_ID]);
    fakeSocket.receive('simulado:live', { simuladoId: SIMULADO_ID, inProgress: 1 });
    expect(await screen.findByText('1 pessoa fazendo agora')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Criar simulado' })).not.toBeInTheDocument();
  });

  it('offers the owner to create one, and shows drafts as such', async () => {
    const { user } = renderGroup(ownGroup(), {
      [LIST]: lastPage([makeSimulado({ status: 'draft', canManage: true, publishedAt: null })]),
    });
    await user.click(await screen.findByRole('tab', { name: 'Simulados' }, FIRST_RENDER));
    expect(await screen.findByText('Rascunho')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar simulado' })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}/simulados/novo`,
    );
    expect(screen.queryByText(/pessoas fazendo agora/)).not.toBeInTheDocument();
  });
});
