import { MEDIA_MESSAGES, PRACTICE_MESSAGES, type Resolution } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '../../../lib/current-user.ts';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { Resolutions } from './resolutions.tsx';

// Issue 40: resolutions 'with LaTeX and images'. The images go up through POST /api/media
// (resolution_image) and come back through the image rule (issue 43: a sensitive one blurred).

const QUESTION = { postId: 'p-funcao', questionIndex: 0, postType: 'question' as const };
const FIGURE = 'http://localhost/media/resolutions/0123456789abcdef0123456789abcdef.webp';
const SENSITIVE = 'http://localhost/media/resolutions/fedcba9876543210fedcba9876543210.webp';

const resolution = (overrides: Partial<Resolution>): Resolution => ({
  id: 'r-1',
  author: {
    id: 'u-diego',
    displayName: 'Diego Santos',
    username: 'diego.santos',
    avatar: null,
    userType: 'tutor',
    isVerified: true,
  },
  content: 'O gráfico corta o eixo em $x = 3$.',
  media: [],
  isTeacher: true,
  votes: 2,
  votedByMe: false,
  accepted: false,
  createdAt: '2026-11-28T12:00:00.000Z',
  ...overrides,
});

describe('resolutions with images', () => {
  it('shows a resolution’s figure, blurs a sensitive one, and sends the images chosen with a new one', async () => {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(ana));
    const { calls } = mockApi(
      {
        'GET /api/posts/p-funcao/resolutions': ok([
          resolution({ media: [{ url: FIGURE, sensitivity: 'ok' }] }),
          resolution({ id: 'r-2', media: [{ url: SENSITIVE, sensitivity: 'sensitive' }] }),
        ]),
        'POST /api/media': ok(
          { url: FIGURE, kind: 'image', width: 640, height: 480, sensitivity: 'pending' },
          201,
        ),
        'POST /api/posts/p-funcao/resolutions': ok(resolution({ id: 'r-3' }), 201),
      },
      ana,
    );
    const { user } = renderWithProviders(<Resolutions question={QUESTION} />);
    expect(await screen.findByRole('button', { name: 'Ver imagem 1 de 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MEDIA_MESSAGES.sensitiveCover })).toBeInTheDocument();

    await user.type(screen.getByLabelText(PRACTICE_MESSAGES.writeResolution), 'Veja o gráfico.');
    await user.upload(
      screen.getByLabelText('Imagem'),
      new File([new Uint8Array(500)], 'grafico.png', { type: 'image/png' }),
    );
    const chosen = await screen.findByRole('list', { name: 'Imagens da resolução' });
    expect(within(chosen).getByAltText('Imagem 1 da resolução')).toHaveAttribute('src', FIGURE);
    await user.click(screen.getByRole('button', { name: PRACTICE_MESSAGES.sendResolution }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.path === '/api/posts/p-funcao/resolutions')?.body,
      ).toEqual({
        content: 'Veja o gráfico.',
        mediaUrls: [FIGURE],
        questionIndex: 0,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Imagens da resolução' })).not.toBeInTheDocument(),
    );
  });
});
