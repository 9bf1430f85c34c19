import { VIDEO_MESSAGES } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, type MockReply, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { GROUP_ID, lockedVideo, makeVideo } from '../testing/video-fixtures.ts';

const VIDEO_PATH = `/api/study-groups/${GROUP_ID}/videos/v-1`;
const openVideo = (reply: MockReply) => {
  mockApi({ [`GET ${VIDEO_PATH}`]: reply }, ana);
  return renderApp(`/study-groups/${GROUP_ID}/videos/v-1`);
};

describe('/study-groups/{groupId}/videos/{videoId}', () => {
  it('shows the video with every element of the spec for a viewer who may watch it', async () => {
    openVideo(ok(makeVideo({ views: 1_284 })));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Revisão de cinemática' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: VIDEO_MESSAGES.back })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}`,
    );
    expect(screen.getByText('1,2k visualizações')).toBeInTheDocument();
    expect(screen.getByTitle(VIDEO_MESSAGES.duration)).toHaveTextContent('Duração: 1:02:05');
    expect(screen.getByText('Revisão')).toHaveAttribute('data-category', 'revisao');
    expect(screen.getByText('MRU e MRUV em 20 minutos.')).toBeInTheDocument();

    const play = screen.getByRole('link', { name: VIDEO_MESSAGES.play });
    expect(play).toHaveAttribute('href', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    expect(play).toHaveAttribute('target', '_blank');
    expect(play.getAttribute('rel')).toContain('noopener');

    const links = screen.getByRole('region', { name: VIDEO_MESSAGES.advertiserLinks });
    const download = within(links).getByRole('link', { name: /Lista de exercícios/ });
    expect(download).toHaveAttribute('href', 'https://exemplo.com.br/lista.pdf');
    expect(download).toHaveAttribute('download');
    expect(download).toHaveTextContent(VIDEO_MESSAGES.download);
    const link = within(links).getByRole('link', { name: 'Simulado online' });
    expect(link).not.toHaveAttribute('download');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /Assinar por/ })).not.toBeInTheDocument();
  });

  it("shows the spec's '{n} visualizações' under 1,000 as the number itself", async () => {
    openVideo(ok(makeVideo({ views: 2 })));
    expect(await screen.findByText('2 visualizações')).toBeInTheDocument();
  });

  it.each([
    ['YouTube', 'https://youtu.be/aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    [
      'YouTube Shorts',
      'https://www.youtube.com/shorts/aqz-KE-bpKQ',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    ],
    ['Vimeo', 'https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('embeds a %s link in its own player', async (_, videoUrl, src) => {
    openVideo(ok(makeVideo({ videoUrl })));
    const player = await screen.findByTitle('Vídeo: Revisão de cinemática');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', src);
    // Fullscreen is allowed once, by `allow` (allowfullscreen beside it makes the browser warn).
    expect(player.getAttribute('allow')?.split('; ')).toContain('fullscreen');
    expect(player).not.toHaveAttribute('allowfullscreen');
  });

  it("plays an .mp4 in the browser's own player", async () => {
    const { container } = openVideo(
      ok(makeVideo({ videoUrl: 'https://cdn.exemplo.com.br/aula.mp4', thumbnail: null })),
    );
    const player = await screen.findByLabelText('Vídeo: Revisão de cinemática');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', 'https://cdn.exemplo.com.br/aula.mp4');
    expect(player).toHaveAttribute('controls');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('shows the picture of any other link, with the play button opening it in a new tab', async () => {
    const { container } = openVideo(
      ok(
        makeVideo({
          videoUrl: 'https://aulas.exemplo.com.br/assistir/42',
          thumbnail: 'https://exemplo.com.br/capa.png',
        }),
      ),
    );
    const play = await screen.findByRole('link', { name: VIDEO_MESSAGES.play });
    expect(play).toHaveAttribute('href', 'https://aulas.exemplo.com.br/assistir/42');
    expect(container.querySelector('iframe, video')).toBeNull();
    expect(container.querySelector('img[src="https://exemplo.com.br/capa.png"]')).not.toBeNull();
  });

  it("shows a non-member of a paid group the 'Player de Vídeo' card and the subscribe button, no player", async () => {
    const { container } = openVideo(ok(lockedVideo()));
    expect(await screen.findByText(VIDEO_MESSAGES.playerPlaceholder)).toBeInTheDocument();
    expect(screen.getByText(VIDEO_MESSAGES.membersOnly)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assinar por R$\u00a049,90' })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}/payment`,
    );
    expect(container.querySelector('iframe, video')).toBeNull();
    expect(screen.queryByRole('link', { name: VIDEO_MESSAGES.play })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: VIDEO_MESSAGES.advertiserLinks })).not.toBeInTheDocument();
    // The card itself stays: title, views, duration and category.
    expect(screen.getByRole('heading', { level: 1, name: 'Revisão de cinemática' })).toBeInTheDocument();
    expect(screen.getByText('2 visualizações')).toBeInTheDocument();
  });

  it("shows a non-member of a free group no player either, and 'Entrar no grupo' to the group page", async () => {
    const { container } = openVideo(
      ok(lockedVideo({ group: { ...lockedVideo().group, isPaid: false, price: 0 } })),
    );
    expect(await screen.findByText(VIDEO_MESSAGES.membersOnlyFree)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar no grupo' })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}`,
    );
    expect(container.querySelector('iframe, video')).toBeNull();
    expect(screen.queryByRole('link', { name: /Assinar por/ })).not.toBeInTheDocument();
  });

  it("shows a non-member the video's own picture when it has one", async () => {
    const { container } = openVideo(ok(lockedVideo({ thumbnail: 'https://exemplo.com.br/capa.png' })));
    await screen.findByRole('link', { name: /Assinar por/ });
    expect(container.querySelector('img[src="https://exemplo.com.br/capa.png"]')).not.toBeNull();
    expect(screen.queryByText(VIDEO_MESSAGES.playerPlaceholder)).not.toBeInTheDocument();
  });

  it("answers an unknown video with 'Vídeo não encontrado' and 'Voltar ao Grupo'", async () => {
    openVideo(fail(404, VIDEO_MESSAGES.notFound, 'NOT_FOUND'));
    expect(await screen.findByRole('heading', { name: VIDEO_MESSAGES.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: VIDEO_MESSAGES.backToGroup })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}`,
    );
  });

  it('refuses to turn a javascript: link into a player or a link', async () => {
    const { container } = openVideo(
      ok(
        makeVideo({
          videoUrl: 'javascript:alert(1)',
          links: [{ title: 'Malicioso', url: 'javascript:alert(2)', type: 'link' }],
        }),
      ),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('a[href^="javascript"], iframe, video')).toBeNull();
    expect(screen.queryByText('Malicioso')).not.toBeInTheDocument();
  });
});
