import { MODERATION_MESSAGES, type MyModerationAction } from '@estudai/contract/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const warning: MyModerationAction = {
  id: 'a1',
  kind: 'content_removed',
  kindLabel: 'Conteúdo removido',
  rule: 'assedio',
  ruleLabel: 'Assédio',
  item: { type: 'post', id: 'p1', label: 'uma publicação sua' },
  strike: true,
  strikeExpiresAt: '2027-02-26T12:00:00.000Z',
  endsAt: null,
  createdAt: '2026-11-28T12:00:00.000Z',
  reversed: false,
  appealable: true,
  appeal: null,
};

describe("'Minhas advertências'", () => {
  it('lists each action with its rule and item, and appeals it once', async () => {
    const { calls } = mockApi(
      {
        'GET /api/users/me/moderation-actions': ok([warning]),
        'POST /api/moderation-actions/a1/appeal': ok({ id: 'ap1', message: MODERATION_MESSAGES.appealSent }),
      },
      ana,
    );
    const { user } = renderApp('/configuracoes/advertencias');
    expect(await screen.findByRole('heading', { name: 'Conteúdo removido' })).toBeInTheDocument();
    expect(screen.getByText('Assédio')).toBeInTheDocument();
    expect(screen.getByText(/uma publicação sua/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recorrer' }));
    await user.click(screen.getByRole('button', { name: 'Enviar recurso' }));
    expect(await screen.findByText(MODERATION_MESSAGES.appealRequired)).toHaveAttribute('role', 'alert');
    await user.type(screen.getByLabelText('Por que você discorda?'), 'Era uma piada entre amigos.');
    await user.click(screen.getByRole('button', { name: 'Enviar recurso' }));
    await expect
      .poll(() => calls.find((call) => call.method === 'POST')?.body)
      .toEqual({
        text: 'Era uma piada entre amigos.',
      });
  });

  it('shows the server refusing a second appeal', async () => {
    mockApi(
      {
        'GET /api/users/me/moderation-actions': ok([warning]),
        'POST /api/moderation-actions/a1/appeal': fail(
          409,
          MODERATION_MESSAGES.appealTwice,
          'ALREADY_APPEALED',
        ),
      },
      ana,
    );
    const { user } = renderApp('/configuracoes/advertencias');
    await user.click(await screen.findByRole('button', { name: 'Recorrer' }));
    await user.type(screen.getByLabelText('Por que você discorda?'), 'Discordo.');
    await user.click(screen.getByRole('button', { name: 'Enviar recurso' }));
    expect(await screen.findByText(MODERATION_MESSAGES.appealTwice)).toHaveAttribute('role', 'alert');
  });
});
