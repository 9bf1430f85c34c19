import { BLOCK_MESSAGES, type BlockedUser } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, lastPage, mockApi, ok, profileOf } from '../../../test/api-mock.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

// Issue 21: Settings › 'Usuários bloqueados', and unblocking from there.

const blockedBruno: BlockedUser = {
  id: 'u-bruno',
  displayName: 'Bruno Lima',
  username: 'bruno.lima',
  avatar: null,
  blockedAt: new Date().toISOString(),
};

describe("'Usuários bloqueados'", () => {
  it('is reached from the settings of the own profile', async () => {
    mockApi(
      {
        'GET /api/users/me/blocks': lastPage([]),
        'GET /api/users/u-ana': ok(profileOf(ana)),
        'GET /api/users/u-ana/posts': lastPage([]),
      },
      ana,
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Configurações' }, { timeout: 5_000 }));
    await user.click(await screen.findByRole('link', { name: 'Usuários bloqueados' }));
    expect(currentPath()).toBe('/configuracoes/bloqueados');
    expect(await screen.findByText(BLOCK_MESSAGES.listEmpty)).toBeInTheDocument();
  });

  it('lists whom one blocked and unblocks one of them', async () => {
    let list = [blockedBruno];
    const { calls } = mockApi(
      {
        'GET /api/users/me/blocks': () => lastPage(list),
        'DELETE /api/users/u-bruno/block': () => {
          list = [];
          return ok({ isBlocked: false });
        },
      },
      ana,
    );
    const { user } = renderApp('/configuracoes/bloqueados');
    expect(await screen.findByRole('heading', { name: BLOCK_MESSAGES.listTitle })).toBeInTheDocument();
    const rows = await screen.findByRole('list', { name: BLOCK_MESSAGES.listTitle });
    expect(within(rows).getByRole('link', { name: 'Bruno Lima' })).toHaveAttribute('href', '/user/u-bruno');
    expect(within(rows).getByText('@bruno.lima')).toBeInTheDocument();
    await user.click(within(rows).getByRole('button', { name: 'Desbloquear Bruno Lima' }));
    await expectToast(BLOCK_MESSAGES.unblockedTitle);
    expect(await screen.findByText(BLOCK_MESSAGES.listEmpty)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/users/u-bruno/block')).toBe(
      true,
    );
  });
});
