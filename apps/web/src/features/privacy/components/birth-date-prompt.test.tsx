import { MINORS_MESSAGES } from '@estudai/contract/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { meOf } from '../../../test/me.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('birth date prompt', () => {
  it('asks an account without a birth date once and saves it', async () => {
    const { calls } = mockApi(
      { 'PUT /api/users/me/birth-date': ok(meOf(ana, { birthDate: '2001-02-03' })) },
      meOf(ana, { birthDate: null, needsBirthDate: true }),
    );
    const { user } = renderApp('/notifications');
    expect(
      await screen.findByRole('heading', { name: 'Qual é a sua data de nascimento?' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(MINORS_MESSAGES.birthDateLabel), '2001-02-03');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MINORS_MESSAGES.birthDateSaved)).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Qual é a sua data de nascimento?' }),
    ).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ birthDate: '2001-02-03' });
  });

  it('refuses a date in the future without calling the server', async () => {
    const { calls } = mockApi({}, meOf(ana, { birthDate: null, needsBirthDate: true }));
    const { user } = renderApp('/notifications');
    await user.type(await screen.findByLabelText(MINORS_MESSAGES.birthDateLabel), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MINORS_MESSAGES.birthDateFuture)).toHaveAttribute('role', 'alert');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server’s message when it refuses the date', async () => {
    mockApi(
      { 'PUT /api/users/me/birth-date': fail(403, MINORS_MESSAGES.underMinAge, 'UNDER_MIN_AGE') },
      meOf(ana, { birthDate: null, needsBirthDate: true }),
    );
    const { user } = renderApp('/notifications');
    await user.type(await screen.findByLabelText(MINORS_MESSAGES.birthDateLabel), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MINORS_MESSAGES.underMinAge)).toHaveAttribute('role', 'alert');
  });

  it('does not ask an account that has answered', async () => {
    mockApi({}, meOf(ana));
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'Notificações' })).toBeInTheDocument();
    expect(screen.queryByLabelText(MINORS_MESSAGES.birthDateLabel)).not.toBeInTheDocument();
  });
});
