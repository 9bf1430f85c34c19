import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '../../../lib/current-user.ts';
import { ana, fail, type MockReply, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const CODE = 'abc123';

describe('/auth/mgmt', () => {
  it('has its title, and signs the user out on load', async () => {
    const api = mockApi({}, ana);
    renderApp('/auth/mgmt', { storedUser: ana });
    expect(await screen.findByRole('heading', { name: 'Gerenciamento de Conta' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull());
  });

  it('rejects a link without mode or oobCode', async () => {
    mockApi();
    renderApp(`/auth/mgmt?mode=verifyEmail`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link inválido ou ausente. Por favor, tente novamente.',
    );
    expect(screen.getByRole('link', { name: 'Voltar para o Login' })).toHaveAttribute('href', '/auth');
  });

  it('rejects an unknown mode', async () => {
    mockApi();
    renderApp(`/auth/mgmt?mode=recoverEmail&oobCode=${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ação desconhecida. Link inválido.');
  });

  it('confirms the e-mail at once, showing the wait and then the success', async () => {
    let answer: (reply: MockReply) => void = () => {};
    const api = mockApi({
      'POST /api/auth/confirm-email': () => new Promise<MockReply>((resolve) => (answer = resolve)),
    });
    renderApp(`/auth/mgmt?mode=verifyEmail&oobCode=${CODE}`);
    expect(await screen.findByText('Verificando link...')).toBeInTheDocument();
    expect(screen.getByText('Aguarde enquanto processamos sua solicitação.')).toBeInTheDocument();
    answer(ok({ message: 'Email verificado com sucesso!' }));
    expect(await screen.findByText('Email verificado com sucesso!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o Login' })).toHaveAttribute('href', '/auth');
    expect(api.callsTo('POST', '/api/auth/confirm-email')).toEqual([
      { method: 'POST', path: '/api/auth/confirm-email', body: { oobCode: CODE } },
    ]);
  });

  it("shows the server's message when the e-mail link fails", async () => {
    mockApi({ 'POST /api/auth/confirm-email': fail(400, 'O link é inválido ou expirou. Solicite um novo.') });
    renderApp(`/auth/mgmt?mode=verifyEmail&oobCode=${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O link é inválido ou expirou. Solicite um novo.',
    );
    expect(screen.getByRole('link', { name: 'Voltar para o Login' })).toBeInTheDocument();
  });

  describe('resetPassword', () => {
    async function openReset(handlers = {}) {
      const api = mockApi(handlers);
      const view = renderApp(`/auth/mgmt?mode=resetPassword&oobCode=${CODE}`);
      expect(await screen.findByLabelText('Nova Senha')).toBeInTheDocument();
      expect(screen.getByText('Defina uma nova senha segura.')).toBeInTheDocument();
      return { api, ...view };
    }

    it('asks for a password of at least 6 characters', async () => {
      const { api, user } = await openReset();
      await user.click(screen.getByRole('button', { name: 'Salvar Nova Senha' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('A senha deve ter no mínimo 6 caracteres.');
      await user.type(screen.getByLabelText('Nova Senha'), '12345');
      await user.click(screen.getByRole('button', { name: 'Salvar Nova Senha' }));
      expect(screen.getByRole('alert')).toHaveTextContent('A senha deve ter no mínimo 6 caracteres.');
      expect(api.callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);
    });

    it('saves the new password', async () => {
      const { api, user } = await openReset({
        'POST /api/auth/reset-password': ok({ message: 'Senha alterada com sucesso!' }),
      });
      await user.type(screen.getByLabelText('Nova Senha'), 'nova-senha-boa');
      await user.click(screen.getByRole('button', { name: 'Salvar Nova Senha' }));
      expect(await screen.findByText('Senha alterada com sucesso!')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Ir para o Login' })).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({
        oobCode: CODE,
        newPassword: 'nova-senha-boa',
      });
    });

    it('shows the error when the link has expired', async () => {
      const { user } = await openReset({
        'POST /api/auth/reset-password': fail(
          400,
          'Ocorreu um erro ao alterar sua senha. O link pode ter expirado.',
          'INVALID_CODE',
        ),
      });
      await user.type(screen.getByLabelText('Nova Senha'), 'nova-senha-boa');
      await user.click(screen.getByRole('button', { name: 'Salvar Nova Senha' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Ocorreu um erro ao alterar sua senha. O link pode ter expirado.',
      );
      expect(screen.getByRole('link', { name: 'Voltar para o Login' })).toBeInTheDocument();
    });

    it('keeps the form when the server finds the password too common', async () => {
      const { user } = await openReset({
        'POST /api/auth/reset-password': fail(
          400,
          'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
          'WEAK_PASSWORD',
        ),
      });
      await user.type(screen.getByLabelText('Nova Senha'), '123456');
      await user.click(screen.getByRole('button', { name: 'Salvar Nova Senha' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Essa senha é muito comum');
      expect(screen.getByLabelText('Nova Senha')).toBeInTheDocument();
    });
  });
});
