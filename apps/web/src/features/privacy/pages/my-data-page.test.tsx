import { type DataExport, MINORS_MESSAGES, PRIVACY_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { meOf, teenOf } from '../../../test/me.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';

const running: DataExport = {
  id: 'e1',
  status: 'pending',
  createdAt: '2026-11-26T12:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  downloadUrl: null,
  problem: null,
};
const ready: DataExport = {
  ...running,
  status: 'ready',
  finishedAt: '2026-11-26T12:00:20.000Z',
  expiresAt: '2026-12-03T12:00:20.000Z',
  downloadUrl: '/api/me/export/e1/download',
};

describe('Meus dados', () => {
  it('is reached from the profile settings', async () => {
    mockApi({}, meOf(ana));
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Configurações' }));
    await user.click(await screen.findByRole('link', { name: 'Meus dados' }));
    expect(await screen.findByRole('heading', { name: 'Meus dados' })).toBeInTheDocument();
    expect(currentPath()).toBe('/meus-dados');
  });

  it('asks for an export, follows it and offers the ZIP once ready', async () => {
    let asked = 0;
    mockApi(
      {
        'POST /api/me/export': () => ok(running, 202),
        // Still running the first times it is asked (StrictMode mounts twice), then ready.
        'GET /api/me/export/e1': () => ok(++asked > 2 ? ready : running),
      },
      meOf(ana),
    );
    const { user } = renderApp('/meus-dados');
    await user.click(await screen.findByRole('button', { name: 'Pedir cópia dos meus dados' }));
    expect(await screen.findByText(PRIVACY_MESSAGES.exportStarted)).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Baixar arquivo (ZIP)' }, { timeout: 5_000 });
    expect(link).toHaveAttribute('href', '/api/me/export/e1/download');
    expect(screen.getByText(/O link vale até 03\/12\/2026/)).toBeInTheDocument();
  });

  it('says what went wrong while a failed try waits for the next one', async () => {
    mockApi(
      {
        'POST /api/me/export': () => ok(running, 202),
        'GET /api/me/export/e1': ok({ ...running, problem: PRIVACY_MESSAGES.exportRetryingStorage }),
      },
      meOf(ana),
    );
    const { user } = renderApp('/meus-dados');
    await user.click(await screen.findByRole('button', { name: 'Pedir cópia dos meus dados' }));
    expect(await screen.findByText(PRIVACY_MESSAGES.exportRetryingStorage)).toBeInTheDocument();
    expect(screen.getByText(PRIVACY_MESSAGES.exportStarted)).toBeInTheDocument();
  });

  it('shows the export already running when asked twice', async () => {
    mockApi(
      {
        'POST /api/me/export': {
          status: 409,
          body: { error: PRIVACY_MESSAGES.exportRunning, code: 'EXPORT_RUNNING', id: 'e1' },
        },
        'GET /api/me/export/e1': ok(ready),
      },
      meOf(ana),
    );
    const { user } = renderApp('/meus-dados');
    await user.click(await screen.findByRole('button', { name: 'Pedir cópia dos meus dados' }));
    expect(await screen.findByText(PRIVACY_MESSAGES.exportRunning)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Baixar arquivo (ZIP)' })).toBeInTheDocument();
  });

  it('schedules the deletion with the password and says the date', async () => {
    const { calls } = mockApi(
      {
        'DELETE /api/users/me': ok({ scheduledFor: '2026-12-03T15:00:00.000Z', message: 'ok' }, 202),
      },
      meOf(ana),
    );
    const { user } = renderApp('/meus-dados');
    await user.type(await screen.findByLabelText('Digite sua senha para confirmar'), 'Segredo@123');
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    expect(await screen.findByText(/Sua conta será excluída em 3 de dezembro de 2026/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ password: 'Segredo@123' });
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('says when the password is wrong', async () => {
    mockApi(
      { 'DELETE /api/users/me': fail(403, PRIVACY_MESSAGES.wrongPassword, 'WRONG_PASSWORD') },
      meOf(ana),
    );
    const { user } = renderApp('/meus-dados');
    await user.type(await screen.findByLabelText('Digite sua senha para confirmar'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    expect(await screen.findByText(PRIVACY_MESSAGES.wrongPassword)).toHaveAttribute('role', 'alert');
    expect(currentPath()).toBe('/meus-dados');
  });

  it('lets a teen tighten privacy and says a guardian must approve loosening it', async () => {
    const { calls } = mockApi(
      {
        'PATCH /api/users/me/privacy': (request) =>
          (request.body as { discoverable?: boolean }).discoverable
            ? fail(403, MINORS_MESSAGES.privacyLooser, 'PRIVACY_NEEDS_GUARDIAN')
            : ok({ profileVisibility: 'followers', allowAdultChat: false, discoverable: false }),
      },
      teenOf(ana, {
        protectedMode: false,
        privacy: { profileVisibility: 'followers', allowAdultChat: true, discoverable: false },
      }),
    );
    const { user } = renderApp('/meus-dados');
    await user.click(await screen.findByRole('checkbox', { name: /Aceitar conversas com adultos/ }));
    expect(await screen.findByText('Privacidade atualizada')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Aceitar conversas com adultos/ })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Aparecer em/ }));
    expect(await screen.findByText(MINORS_MESSAGES.privacyLooser)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2);
  });
});
