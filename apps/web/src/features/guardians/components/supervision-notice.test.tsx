import { inviteSentMessage, MINORS_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { meOf, teenOf } from '../../../test/me.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('supervision notice', () => {
  it('tells a teen in modo protegido what is blocked and sends the guardian invitation', async () => {
    let me = teenOf(ana);
    const { calls } = mockApi(
      {
        'GET /api/auth/session': () => ok(me),
        'POST /api/guardian/invite': () => {
          me = teenOf(ana, { supervision: { status: 'pending', invitedEmail: 'mae@exemplo.com' } });
          return ok(
            {
              id: 'i1',
              email: 'mae@exemplo.com',
              expiresAt: '2026-12-03T12:00:00.000Z',
              message: inviteSentMessage('mae@exemplo.com'),
            },
            201,
          );
        },
      },
      null,
    );
    const { user } = renderApp('/notifications');
    const notice = await screen.findByRole('region', { name: MINORS_MESSAGES.protectedMode });
    expect(notice).toHaveTextContent('sem chat e sem grupos pagos, perfil só para seguidores');
    await user.click(within(notice).getByRole('button', { name: 'Convidar responsável' }));
    await user.type(screen.getByLabelText('E-mail do responsável'), 'mae@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText(inviteSentMessage('mae@exemplo.com'))).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/guardian/invite')?.body).toEqual({
      email: 'mae@exemplo.com',
    });
    expect(await screen.findByText(/Aguardando seu responsável confirmar o convite/)).toBeInTheDocument();
  });

  it('shows the server’s refusal of an invitation to one’s own address', async () => {
    mockApi(
      { 'POST /api/guardian/invite': fail(400, MINORS_MESSAGES.inviteSelf, 'BAD_REQUEST') },
      teenOf(ana),
    );
    const { user } = renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Convidar responsável' }));
    await user.type(screen.getByLabelText('E-mail do responsável'), ana.email);
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText(MINORS_MESSAGES.inviteSelf)).toHaveAttribute('role', 'alert');
  });

  it('always shows Supervisão ativa to a linked teen', async () => {
    mockApi(
      {},
      teenOf(ana, { protectedMode: false, supervision: { status: 'active', guardianName: 'Marta Souza' } }),
    );
    renderApp('/notifications');
    expect(await screen.findByText(MINORS_MESSAGES.supervisionActive)).toBeInTheDocument();
    expect(screen.getByText(/Marta Souza acompanha sua conta/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: MINORS_MESSAGES.protectedMode })).not.toBeInTheDocument();
  });

  it('folds to one line with its title on every screen, remembered on the device (issue 36)', async () => {
    const linked = teenOf(ana, {
      protectedMode: false,
      supervision: { status: 'active', guardianName: 'Marta Souza', canEnd: true, linkId: 'l1' },
    });
    mockApi({}, linked);
    const first = renderApp('/notifications');
    const fold = await screen.findByRole('button', { name: 'Recolher aviso de supervisão' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await first.user.click(fold);
    expect(screen.getByText(MINORS_MESSAGES.supervisionActive)).toBeInTheDocument();
    expect(screen.queryByText(/Marta Souza acompanha sua conta/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desfazer vínculo' })).not.toBeInTheDocument();
    first.unmount();

    mockApi({}, linked);
    const again = renderApp('/notifications');
    const unfold = await screen.findByRole('button', { name: 'Mostrar aviso de supervisão' });
    expect(unfold).toHaveAttribute('aria-expanded', 'false');
    await again.user.click(unfold);
    expect(screen.getByText(/Marta Souza acompanha sua conta/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desfazer vínculo' })).toBeInTheDocument();
  });

  it('shows nothing to an adult', async () => {
    mockApi({}, meOf(ana));
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'Notificações' })).toBeInTheDocument();
    expect(screen.queryByText(MINORS_MESSAGES.supervisionActive)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convidar responsável' })).not.toBeInTheDocument();
  });

  it('lets a teen of 16 or 17 undo the link after asking, and no younger one', async () => {
    let me = teenOf(ana, {
      protectedMode: false,
      supervision: { status: 'active', guardianName: 'Marta Souza', linkId: 'l1', canEnd: true },
    });
    const { callsTo } = mockApi(
      {
        'GET /api/auth/session': () => ok(me),
        'DELETE /api/guardian/links/l1': () => {
          me = teenOf(ana, { protectedMode: false, supervision: { status: 'none' } });
          return ok({ message: MINORS_MESSAGES.unlinked });
        },
      },
      null,
    );
    const { user } = renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Desfazer vínculo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desfazer vínculo?' });
    expect(dialog).toHaveTextContent('Marta Souza deixa de acompanhar sua conta.');
    await user.click(within(dialog).getByRole('button', { name: 'Desfazer vínculo' }));
    expect(await screen.findByText(MINORS_MESSAGES.unlinked)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText(MINORS_MESSAGES.supervisionActive)).not.toBeInTheDocument(),
    );
    expect(callsTo('DELETE', '/api/guardian/links/l1')).toHaveLength(1);
  });

  it('offers no way out of the link to a teen under 16', async () => {
    mockApi(
      {},
      teenOf(ana, {
        protectedMode: false,
        supervision: { status: 'active', guardianName: 'Marta Souza', linkId: 'l1', canEnd: false },
      }),
    );
    renderApp('/notifications');
    expect(await screen.findByText(MINORS_MESSAGES.supervisionActive)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desfazer vínculo' })).not.toBeInTheDocument();
  });
});
