import { BLOCK_MESSAGES, PROFILE_SURFACE_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, lastPage, mockApi, ok, profileOf } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

// Issue 21: 'Bloquear' and 'Desbloquear' in another person's profile menu.

const bruno = profileOf(
  { ...ana, id: 'u-bruno', displayName: 'Bruno Lima', username: 'bruno.lima', email: '' },
  { email: null, isOwnProfile: false, isFollowing: true, followsYou: true },
);

describe('blocking from a profile', () => {
  it("asks first, blocks, then shows the notice and 'Desbloquear' instead of following and messaging", async () => {
    let blocked = false;
    let postsAskedWhileBlocked = false;
    const { calls } = mockApi(
      {
        'GET /api/users/u-bruno': () =>
          ok({ ...bruno, isBlocked: blocked, isFollowing: false, followsYou: !blocked }),
        // Across a block the profile's posts are a 404 (issue 37): the screen must not ask for them then.
        'GET /api/users/u-bruno/posts': () => {
          postsAskedWhileBlocked ||= blocked;
          return blocked ? fail(404, PROFILE_SURFACE_MESSAGES.posts, 'NOT_FOUND') : lastPage([]);
        },
        'POST /api/users/u-bruno/block': () => {
          blocked = true;
          return ok({ isBlocked: true });
        },
        'DELETE /api/users/u-bruno/block': () => {
          blocked = false;
          return ok({ isBlocked: false });
        },
      },
      ana,
    );
    const { user } = renderApp('/user/u-bruno');
    expect(await screen.findByRole('heading', { name: 'Bruno Lima' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seguir' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mais opções do perfil' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bloquear' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bloquear Bruno Lima?' });
    expect(within(confirm).getByText(BLOCK_MESSAGES.confirmDescription)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/block'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Bloquear' }));

    await expectToast(BLOCK_MESSAGES.blockedTitle, BLOCK_MESSAGES.blocked);
    expect(await screen.findByText(BLOCK_MESSAGES.youBlockedNotice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Seguir' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mensagem/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mais opções do perfil' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desbloquear' }));
    await expectToast(BLOCK_MESSAGES.unblockedTitle);
    expect(await screen.findByRole('button', { name: 'Seguir' })).toBeInTheDocument();
    expect(screen.queryByText(BLOCK_MESSAGES.youBlockedNotice)).not.toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/users/u-bruno/block').map((call) => call.method),
    ).toEqual(['POST', 'DELETE']);
    expect(postsAskedWhileBlocked).toBe(false);
    // Unblocked, the profile's posts are asked for again (they were only marked stale).
    const unblockedAt = calls.findIndex((call) => call.method === 'DELETE');
    await waitFor(() =>
      expect(calls.slice(unblockedAt).some((call) => call.path === '/api/users/u-bruno/posts')).toBe(true),
    );
  });

  it("shows the server's message when blocking fails", async () => {
    mockApi(
      {
        'GET /api/users/u-bruno': ok(bruno),
        'GET /api/users/u-bruno/posts': lastPage([]),
        'POST /api/users/u-bruno/block': fail(404, 'Usuário não encontrado', 'NOT_FOUND'),
      },
      ana,
    );
    const { user } = renderApp('/user/u-bruno');
    await user.click(await screen.findByRole('button', { name: 'Mais opções do perfil' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bloquear' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bloquear Bruno Lima?' });
    await user.click(within(confirm).getByRole('button', { name: 'Bloquear' }));
    await expectToast('Erro', 'Usuário não encontrado');
    expect(screen.getByRole('dialog', { name: 'Bloquear Bruno Lima?' })).toBeInTheDocument();
  });
});
