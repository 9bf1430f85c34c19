import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ana, fail, felipe, type MockReply, mockApi, ok } from '../../../test/api-mock.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';

const SENT = 'E-mail de verificação enviado! Verifique sua caixa de entrada e a pasta de spam.';

/** Lets `seconds` of the countdown pass, one tick at a time. */
async function wait(seconds: number) {
  for (let i = 0; i < seconds; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}

async function openVerifyEmail(replies: MockReply[]) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const api = mockApi(
    { 'POST /api/auth/send-verification-email': () => replies.shift() ?? ok({ message: SENT }) },
    felipe,
  );
  const view = renderApp('/verify-email', { advanceTimers: vi.advanceTimersByTime });
  await screen.findByRole('heading', { name: 'Verifique seu e-mail' });
  const sends = () => api.callsTo('POST', '/api/auth/send-verification-email');
  const resend = () => screen.getByRole('button', { name: 'Reenviar E-mail' });
  return { ...view, api, sends, resend };
}

describe('/verify-email', () => {
  it("sends the e-mail once when shown, to the user's address, and says so inline", async () => {
    const { sends } = await openVerifyEmail([]);
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.getByText('felipe@estudai.dev')).toBeInTheDocument();
    expect(screen.getByText(/Confira a pasta de spam/)).toBeInTheDocument();
    expect(sends()).toHaveLength(1);
    expect(sends()[0]?.body).toEqual({ email: 'felipe@estudai.dev' });
  });

  it("shows the server's message when the first send fails", async () => {
    await openVerifyEmail([fail(503, 'Serviço temporariamente indisponível. Tente novamente em instantes.')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Serviço temporariamente indisponível. Tente novamente em instantes.',
    );
  });

  it("keeps the success message and counts down the server's wait when a mail was sent moments ago (429)", async () => {
    const { resend } = await openVerifyEmail([
      {
        status: 429,
        body: { error: 'Aguarde um pouco antes de pedir outro e-mail de verificação.', code: 'RATE_LIMITED' },
        headers: { 'retry-after': '12' },
      },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Aguarde 12 s para reenviar.')).toBeInTheDocument();
    expect(resend()).toBeDisabled();
    await wait(12);
    expect(resend()).toBeEnabled();
  });

  it('does not send again when shown again while the link is valid: it says it was sent and what is left of the wait', async () => {
    const first = await openVerifyEmail([]);
    await screen.findByRole('status');
    expect(first.sends()).toHaveLength(1);
    await wait(10);
    first.unmount();

    const again = await openVerifyEmail([]);
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(again.sends()).toHaveLength(0);
    expect(screen.getByText('Aguarde 20 s para reenviar.')).toBeInTheDocument();
    await wait(20);
    expect(again.resend()).toBeEnabled();
  });

  it('sends a fresh link on arrival once the last one has expired (24 h)', async () => {
    localStorage.setItem('verificationSentAt:felipe@estudai.dev', String(Date.now() - 25 * 3_600_000));
    const { sends } = await openVerifyEmail([]);
    await screen.findByRole('status');
    expect(sends()).toHaveLength(1);
  });

  it('waits 30 s after a resend, then 60 s after the second one', async () => {
    const { user, sends, resend } = await openVerifyEmail([]);
    await screen.findByRole('status');
    // The e-mail sent on arrival also waits 30 s, so the server's 25 s limit is never hit.
    expect(resend()).toBeDisabled();
    await wait(30);
    expect(resend()).toBeEnabled();

    await user.click(resend());
    expect(await screen.findByText('Aguarde 30 s para reenviar.')).toBeInTheDocument();
    expect(resend()).toBeDisabled();
    await wait(29);
    expect(resend()).toBeDisabled();
    await wait(1);
    expect(resend()).toBeEnabled();

    await user.click(resend());
    expect(await screen.findByText('Aguarde 60 s para reenviar.')).toBeInTheDocument();
    await wait(59);
    expect(resend()).toBeDisabled();
    await wait(1);
    expect(resend()).toBeEnabled();
    expect(sends()).toHaveLength(3);
  });

  it('rolls back the countdown and the resend count when a resend fails', async () => {
    const { user, resend } = await openVerifyEmail([
      ok({ message: SENT }),
      ok({ message: SENT }),
      'network-error',
    ]);
    await screen.findByRole('status');
    await wait(30);
    await user.click(resend()); // first resend: 30 s
    await wait(30);
    await user.click(resend()); // second resend fails: back to 0 and to one earlier resend
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ocorreu um erro ao reenviar o e-mail. Tente novamente.',
    );
    expect(resend()).toBeEnabled();
    expect(screen.queryByText(/Aguarde \d+ s/)).not.toBeInTheDocument();
    await user.click(resend()); // counts as the second resend again: 60 s
    expect(await screen.findByText('Aguarde 60 s para reenviar.')).toBeInTheDocument();
  });

  it("signs out and goes to /auth with 'Voltar para o Login'", async () => {
    const { user, api } = await openVerifyEmail([]);
    await user.click(screen.getByRole('button', { name: 'Voltar para o Login' }));
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('moves on once the server says the e-mail is confirmed', async () => {
    const { user, api } = await openVerifyEmail([]);
    let verified = false;
    api.fetchMock.mockImplementationOnce(async () => {
      verified = true;
      return new Response(JSON.stringify({ data: ana }), { status: 200 });
    });
    await user.click(screen.getByRole('button', { name: 'Já confirmei meu e-mail' }));
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(verified).toBe(true);
  });

  it('says so when the e-mail is not confirmed yet', async () => {
    const { user } = await openVerifyEmail([]);
    await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Já confirmei meu e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ainda não encontramos a confirmação.');
  });
});
