import type { ReportQueueItem } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, lastPage, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const admin = {
  ...ana,
  id: 'u-admin',
  displayName: 'Equipe Estudaí',
  username: 'admin',
  userType: 'admin' as const,
};
const report: ReportQueueItem = {
  id: 'r1',
  reason: 'outro',
  description: 'Vende respostas de prova',
  createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  reporter: { id: 'u-ana', displayName: 'Ana Souza', username: 'ana.souza', avatar: null, userType: 'aluno' },
  target: {
    id: 'u-ze',
    displayName: 'Zé Golpe',
    username: 'ze',
    avatar: null,
    userType: 'aluno',
    reportsCount: 1,
  },
};

describe('/admin/denuncias', () => {
  it("shows 'Page Not Found' to anyone but an admin", async () => {
    mockApi({}, ana);
    renderApp('/admin/denuncias');
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
  });

  it('lists open reports and suspends after a confirmation', async () => {
    let open = [report];
    const api = mockApi(
      {
        'GET /api/admin/reports': () => lastPage(open),
        'GET /api/admin/moderation-actions': lastPage([]),
        'POST /api/admin/reports/r1/resolve': () => {
          open = [];
          return ok({ message: 'Usuário suspenso.' });
        },
      },
      admin,
    );
    const { user } = renderApp('/admin/denuncias');
    const card = await screen.findByRole('article', { name: 'Denúncia contra Zé Golpe' });
    expect(within(card).getByRole('link', { name: 'Zé Golpe' })).toHaveAttribute('href', '/user/u-ze');
    expect(within(card).getByText('Outro')).toBeInTheDocument();
    expect(within(card).getByText('Vende respostas de prova')).toBeInTheDocument();
    expect(within(card).getByText('há 3h')).toBeInTheDocument();
    expect(within(card).getByText(/Ana Souza/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Suspender' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suspender Zé Golpe?' });
    expect(api.callsTo('POST', '/api/admin/reports/r1/resolve')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar suspensão' }));
    await expectToast('Denúncia resolvida', 'Usuário suspenso.');
    expect(api.callsTo('POST', '/api/admin/reports/r1/resolve')[0]?.body).toEqual({ action: 'suspend' });
    expect(await screen.findByText('Nenhuma denúncia aberta')).toBeInTheDocument();
  });
});
