import { REPORT_MESSAGES, REPORT_REASON_LABELS } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../test/api-mock.ts';
import { makePost, page } from '../test/posts.ts';
import { renderApp, renderWithProviders } from '../test/render-app.tsx';
import { ReportContentButton } from './report-content-button.tsx';

describe('report content', () => {
  it('reports another person’s post for child exploitation from the feed', async () => {
    const post = makePost({ id: 'p1' });
    const { calls } = mockApi(
      {
        'GET /api/posts': page([post]),
        'POST /api/posts/p1/report': ok({ message: REPORT_MESSAGES.sent }, 201),
      },
      ana,
    );
    const { user } = renderApp('/', { storedUser: ana });
    // Issue 21: 'Denunciar' lives in the card's '…' menu.
    await user.click(await screen.findByRole('button', { name: 'Opções da publicação' }, { timeout: 5_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Denunciar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Denunciar publicação' });
    await user.click(within(dialog).getByLabelText(REPORT_REASON_LABELS.exploracao_infantil));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar denúncia' }));
    expect(await screen.findByText(REPORT_MESSAGES.sent)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/posts/p1/report')?.body).toEqual({
      reason: 'exploracao_infantil',
    });
  });

  it('offers the spec’s reasons plus Exploração ou aliciamento de menores for a message', async () => {
    mockApi({
      'POST /api/chat/messages/m1/report': fail(
        409,
        REPORT_MESSAGES.contentAlreadyReported,
        'ALREADY_REPORTED',
      ),
    });
    const { user } = renderWithProviders(<ReportContentButton kind="message" id="m1" />);
    await user.click(screen.getByRole('button', { name: 'Denunciar mensagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Denunciar mensagem' });
    expect(within(dialog).getByText('Por que você está denunciando esta mensagem?')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Exploração ou aliciamento de menores')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(REPORT_REASON_LABELS.spam));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar denúncia' }));
    expect(await screen.findByText(REPORT_MESSAGES.contentAlreadyReported)).toBeInTheDocument();
  });

  it('reports a comment at its own address', async () => {
    const { calls } = mockApi({ 'POST /api/comments/c1/report': ok({ message: REPORT_MESSAGES.sent }, 201) });
    const { user } = renderWithProviders(<ReportContentButton kind="comment" id="c1" />);
    await user.click(screen.getByRole('button', { name: 'Denunciar comentário' }));
    await user.click(await screen.findByLabelText(REPORT_REASON_LABELS.assedio));
    await user.click(screen.getByRole('button', { name: 'Enviar denúncia' }));
    expect(await screen.findByText(REPORT_MESSAGES.sent)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/comments/c1/report')).toBe(true);
  });
});
