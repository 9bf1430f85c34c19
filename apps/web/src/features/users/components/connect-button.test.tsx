import { NOTIFICATION_MESSAGES } from '@estudai/contract/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, lastPage, mockApi, ok, profileOf } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const carla = (overrides: Parameters<typeof profileOf>[1] = {}) =>
  profileOf(
    { ...ana, id: 'u-carla', displayName: 'Carla Mendes', username: 'prof.carla', userType: 'professor' },
    { email: null, isOwnProfile: false, ...overrides },
  );

function openCarla(overrides: Parameters<typeof profileOf>[1] = {}, handlers = {}) {
  const api = mockApi(
    {
      'GET /api/users/u-carla': ok(carla(overrides)),
      'GET /api/users/u-carla/posts': lastPage([]),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp('/user/u-carla', { storedUser: ana }) };
}

describe("'Conectar' on another user's profile", () => {
  it("sends a connection request: 'Solicitação enviada'", async () => {
    const { api, user } = openCarla(
      { isFollowing: true },
      { 'POST /api/users/u-carla/connect': ok({ message: 'Solicitação enviada' }, 201) },
    );
    await user.click(await screen.findByRole('button', { name: 'Conectar' }));
    await expectToast(NOTIFICATION_MESSAGES.requestSent);
    expect(api.callsTo('POST', '/api/users/u-carla/connect')).toHaveLength(1);
  });

  it("shows the server's reason when it cannot be sent", async () => {
    const { user } = openCarla(
      {},
      { 'POST /api/users/u-carla/connect': fail(409, NOTIFICATION_MESSAGES.alreadyConnected, 'CONFLICT') },
    );
    await user.click(await screen.findByRole('button', { name: 'Conectar' }));
    await expectToast('Erro', NOTIFICATION_MESSAGES.alreadyConnected);
  });

  it('is not offered when both already follow each other', async () => {
    openCarla({ isFollowing: true, followsYou: true });
    expect(await screen.findByRole('button', { name: 'Deixar de seguir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conectar' })).not.toBeInTheDocument();
  });

  it("shows the request waiting once it is sent: 'Solicitação enviada', disabled", async () => {
    const { user } = openCarla({}, { 'POST /api/users/u-carla/connect': ok({ message: 'ok' }, 201) });
    await user.click(await screen.findByRole('button', { name: 'Conectar' }));
    expect(await screen.findByRole('button', { name: 'Solicitação enviada' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Conectar' })).not.toBeInTheDocument();
  });

  it("shows a request already waiting as 'Solicitação enviada'", async () => {
    openCarla({ connectionRequested: true });
    expect(await screen.findByRole('button', { name: 'Solicitação enviada' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Conectar' })).not.toBeInTheDocument();
  });

  it("shows 'Conectados' when both follow each other", async () => {
    openCarla({ isFollowing: true, followsYou: true });
    expect(await screen.findByText('Conectados')).toBeInTheDocument();
  });

  it('is not offered on the own profile', async () => {
    mockApi({}, ana);
    renderApp('/profile', { storedUser: ana });
    expect(await screen.findByRole('button', { name: 'Editar perfil' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conectar' })).not.toBeInTheDocument();
  });
});
