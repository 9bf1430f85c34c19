import {
  type ImageQueueItem,
  MEDIA_MESSAGES,
  type ModerationQueue,
  type ModerationQueueKind,
} from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const moderator = {
  ...ana,
  id: 'u-mod',
  displayName: 'Moderação',
  username: 'moderacao',
  userType: 'admin' as const,
};
const NAME = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const image: ImageQueueItem = {
  key: `uploads/posts/${NAME}.webp`,
  url: `http://localhost/media/posts/${NAME}.webp`,
  uploaderId: 'u-ze',
  purpose: 'post_image',
  sensitivity: 'sensitive',
  scores: { drawing: 0.02, hentai: 0.03, neutral: 0.2, porn: 0.31, sexy: 0.44 },
  decidedBy: null,
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  uploader: { id: 'u-ze', displayName: 'Zé Foto', username: 'ze.foto' },
};

const queue = (kind: ModerationQueueKind, data: ModerationQueue['data']): ModerationQueue => ({
  kind,
  data,
  hasMore: false,
  counts: { reports: 0, images: data.length, appeals: 0 },
  medianResolutionSeconds: null,
});

describe('/admin/moderacao, the images tab', () => {
  it('shows a flagged image blurred with who sent it and what the model saw; a decision takes it out', async () => {
    let waiting = [{ type: 'image' as const, ageSeconds: 2 * 3600, image }];
    const api = mockApi(
      {
        'GET /api/admin/moderation/queue': (request) => {
          const kind = (new URLSearchParams(request.query).get('kind') ?? 'reports') as ModerationQueueKind;
          return ok(queue(kind, kind === 'images' ? waiting : []));
        },
        [`POST /api/admin/images/${NAME}/decide`]: () => {
          waiting = [];
          return ok({ ...image, sensitivity: 'ok', decidedBy: 'u-mod' });
        },
      },
      moderator,
    );
    const { user } = renderApp('/admin/moderacao', { storedUser: moderator });
    await user.click(await screen.findByRole('tab', { name: /Imagens/ }));
    const card = await screen.findByRole('article', { name: 'Imagem enviada por Zé Foto' });
    expect(within(card).getByText('Sensível')).toBeInTheDocument();
    expect(within(card).getByText('Foto de post')).toBeInTheDocument();
    expect(within(card).getByText('Sensual: 44%')).toBeInTheDocument();
    expect(screen.getByText('Esperando há 2 h')).toBeInTheDocument();
    // Blurred until the moderator taps it.
    await user.click(within(card).getByRole('button', { name: MEDIA_MESSAGES.sensitiveCover }));
    expect(within(card).getByRole('button', { name: 'Imagem em revisão' })).toBeDisabled();

    await user.click(within(card).getByRole('button', { name: 'Liberar' }));
    await expectToast('Imagem revisada', MEDIA_MESSAGES.decided.ok);
    expect(api.callsTo('POST', `/api/admin/images/${NAME}/decide`).map((call) => call.body)).toEqual([
      { sensitivity: 'ok' },
    ]);
    expect(await screen.findByText('Nada esperando aqui')).toBeInTheDocument();
  });
});
