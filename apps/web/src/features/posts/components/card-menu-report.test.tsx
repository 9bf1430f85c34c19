import { REPORT_MESSAGES, REPORT_REASON_LABELS } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { author, makeComment, makePost, page } from '../../../test/posts.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

// Issue 21: 'Denunciar' in the '…' of someone else's post and comment, the one report dialog.

describe("'Denunciar' in the card menus", () => {
  const post = makePost({ id: 'p1', commentsCount: 2 });
  const theirs = makeComment({ id: 'c1', postId: 'p1', content: 'Comentário da Carla', author });
  const mine = makeComment({ id: 'c2', postId: 'p1', content: 'Meu comentário' });

  it("reports someone else's comment with a reason and a description for 'Outro'", async () => {
    const { calls } = mockApi(
      {
        'GET /api/posts/p1': ok(post),
        'GET /api/posts/p1/comments': page([theirs, mine]),
        'POST /api/comments/c1/report': ok({ message: REPORT_MESSAGES.sent }, 201),
      },
      ana,
    );
    const { user } = renderApp('/post/p1/comments', { storedUser: ana });
    const comment = (
      await screen.findAllByRole('article', { name: /Comentário de/ }, { timeout: 5_000 })
    )[0]!;
    // Only someone else's comment has the menu; one's own keeps 'Editar' and 'Excluir'.
    expect(screen.getAllByRole('button', { name: 'Opções do comentário' })).toHaveLength(1);
    await user.click(within(comment).getByRole('button', { name: 'Opções do comentário' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Denunciar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Denunciar comentário' });
    expect(within(dialog).getByText('Por que você está denunciando este comentário?')).toBeInTheDocument();
    for (const label of Object.values(REPORT_REASON_LABELS)) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    const send = within(dialog).getByRole('button', { name: 'Enviar denúncia' });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Outro'));
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Descreva o motivo'), 'Divulga respostas da prova.');
    await user.click(send);
    await expectToast(REPORT_MESSAGES.sentTitle, REPORT_MESSAGES.sent);
    expect(calls.find((call) => call.path === '/api/comments/c1/report')?.body).toEqual({
      reason: 'outro',
      description: 'Divulga respostas da prova.',
    });
  });

  it('says so when the post was reported already (409)', async () => {
    mockApi(
      {
        'GET /api/posts': page([makePost({ id: 'p2', content: 'Post da Carla' })]),
        'POST /api/posts/p2/report': fail(409, REPORT_MESSAGES.contentAlreadyReported, 'ALREADY_REPORTED'),
      },
      ana,
    );
    const { user } = renderApp('/', { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: 'Opções da publicação' }, { timeout: 5_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Denunciar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Denunciar publicação' });
    await user.click(within(dialog).getByLabelText(REPORT_REASON_LABELS.spam));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar denúncia' }));
    await expectToast(REPORT_MESSAGES.alreadyReportedTitle, REPORT_MESSAGES.contentAlreadyReported);
  });
});
