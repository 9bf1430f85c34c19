import { REPORT_MESSAGES } from '@estudai/contract/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('contest page', () => {
  it('lets the author contest a removal once', async () => {
    const { calls } = mockApi(
      { 'POST /api/reports/r1/contest': ok({ message: REPORT_MESSAGES.contestSent }) },
      ana,
    );
    const { user } = renderApp('/denuncias/r1');
    expect(await screen.findByText(REPORT_MESSAGES.contentRemoved)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Por que você discorda?'), 'Era um exercício de biologia.');
    await user.click(screen.getByRole('button', { name: 'Contestar' }));
    expect(await screen.findByText(REPORT_MESSAGES.contestSent)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contestar' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Era um exercício de biologia.',
    });
  });

  it('asks for a reason, and says when the decision was contested already', async () => {
    mockApi(
      { 'POST /api/reports/r1/contest': fail(409, REPORT_MESSAGES.contestTwice, 'ALREADY_CONTESTED') },
      ana,
    );
    const { user } = renderApp('/denuncias/r1');
    await user.click(await screen.findByRole('button', { name: 'Contestar' }));
    expect(await screen.findByText(REPORT_MESSAGES.contestReasonRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Por que você discorda?'), 'Discordo.');
    await user.click(screen.getByRole('button', { name: 'Contestar' }));
    expect(await screen.findByText(REPORT_MESSAGES.contestTwice)).toHaveAttribute('role', 'alert');
  });
});
