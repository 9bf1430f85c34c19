import type { MasteryCell } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, lastPage, mockApi, ok, profileOf } from '../../test/api-mock.ts';
import { currentPath, renderApp } from '../../test/render-app.tsx';

// Issue 40: the mastery map is on the profile too, the viewer's own only (the data is private).

const cells: MasteryCell[] = [
  { subject: 'biologia', topic: null, level: 'em_progresso', theta: 0.4, standardError: 0.5, answered: 7 },
  {
    subject: 'biologia',
    topic: 'Genética',
    level: 'iniciante',
    theta: -0.2,
    standardError: 0.8,
    answered: 5,
  },
];

const carla = profileOf(
  {
    ...ana,
    id: 'u-carla',
    displayName: 'Carla Mendes',
    username: 'prof.carla',
    userType: 'professor',
    email: '',
  },
  { email: null, isOwnProfile: false },
);

describe('the mastery map on the profile', () => {
  it("shows one's own 'Mapa de domínio' with a link 'treinar este assunto' per cell, to /treino", async () => {
    const api = mockApi(
      {
        'GET /api/users/me/mastery': ok(cells),
        'GET /api/practice/next': { body: { kind: 'question', item: null, ability: null } },
      },
      ana,
    );
    const { user } = renderApp('/profile');
    const map = await screen.findByRole('region', { name: 'Mapa de domínio' });
    expect(await within(map).findByText('Em progresso')).toBeInTheDocument();
    expect(within(map).getByText(/7 questões/)).toBeInTheDocument();
    expect(within(map).getByText('Genética')).toBeInTheDocument();
    const links = within(map).getAllByRole('link', { name: /^treinar este assunto/ });
    expect(links).toHaveLength(2);
    expect(links[1]).toHaveAccessibleName('treinar este assunto: Genética');
    expect(api.callsTo('GET', '/api/users/me/mastery').length).toBeGreaterThan(0);

    await user.click(links[1] as HTMLElement);
    expect(currentPath()).toBe('/treino?materia=biologia&assunto=Gen%C3%A9tica');
  });

  it("says how to fill one's map before any answer", async () => {
    mockApi({}, ana);
    renderApp('/profile');
    const map = await screen.findByRole('region', { name: 'Mapa de domínio' });
    expect(
      await within(map).findByText('Responda questões para ver seu mapa de domínio.'),
    ).toBeInTheDocument();
  });

  it("shows nothing of it on someone else's profile, and never asks for it", async () => {
    const api = mockApi(
      {
        'GET /api/users/u-carla': ok(carla),
        'GET /api/users/u-carla/posts': lastPage([]),
        'GET /api/users/me/mastery': ok(cells),
      },
      ana,
    );
    renderApp('/user/u-carla');
    expect(await screen.findByRole('heading', { name: 'Carla Mendes' })).toBeInTheDocument();
    expect(await screen.findByText('Ainda não há posts de Carla Mendes')).toBeInTheDocument();
    expect(screen.queryByText('Mapa de domínio')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/me/mastery')).toHaveLength(0);
  });
});
