import type { ReportQueueItem } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, lastPage, mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Issue 21: a reported post or comment shows in the queue with a link to open it.

const admin = {
  ...ana,
  id: 'u-admin',
  displayName: 'Equipe Estudaí',
  username: 'admin',
  userType: 'admin' as const,
};
const party = { displayName: 'Zé Golpe', username: 'ze', avatar: null, userType: 'aluno' as const };
const base = {
  reason: 'spam' as const,
  description: '',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  reporter: {
    id: 'u-ana',
    displayName: 'Ana Souza',
    username: 'ana.souza',
    avatar: null,
    userType: 'aluno' as const,
  },
  urgent: false,
  contest: null,
};
const postReport: ReportQueueItem = {
  ...base,
  id: 'r1',
  target: { id: 'u-ze', ...party, reportsCount: 2 },
  content: {
    kind: 'post',
    id: 'p1',
    text: 'Compre seguidores!',
    mediaUrls: [],
    hidden: false,
    deleted: false,
    postId: 'p1',
  },
};
const commentReport: ReportQueueItem = {
  ...base,
  id: 'r2',
  target: { id: 'u-ze', ...party, reportsCount: 2 },
  content: {
    kind: 'comment',
    id: 'c9',
    text: 'Link suspeito',
    mediaUrls: [],
    hidden: false,
    deleted: false,
    postId: 'p1',
  },
};

describe('the moderation queue', () => {
  it('shows the reported post and comment with links to them', async () => {
    mockApi(
      {
        'GET /api/admin/reports': lastPage([postReport, commentReport]),
        'GET /api/admin/moderation-actions': lastPage([]),
      },
      admin,
    );
    renderApp('/admin/denuncias');
    const [first, second] = await screen.findAllByRole('article', { name: 'Denúncia contra Zé Golpe' });
    const post = within(first!).getByRole('region', { name: 'Publicação denunciada' });
    expect(within(post).getByText('Compre seguidores!')).toBeInTheDocument();
    expect(within(post).getByRole('link', { name: 'Abrir publicação' })).toHaveAttribute('href', '/post/p1');
    const comment = within(second!).getByRole('region', { name: 'Comentário denunciado' });
    expect(within(comment).getByText('Link suspeito')).toBeInTheDocument();
    expect(within(comment).getByRole('link', { name: 'Abrir comentário' })).toHaveAttribute(
      'href',
      '/post/p1/comments/c9',
    );
  });
});
