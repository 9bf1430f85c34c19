import { describe, expect, it } from 'vitest';
import {
  createVideoInputSchema,
  updateVideoInputSchema,
  VIDEO_MESSAGES,
  videoListQuerySchema,
  videoSource,
} from './index.ts';

describe('videoSource', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://youtube.com/watch?v=aqz-KE-bpKQ&t=42s', 'aqz-KE-bpKQ'],
    ['https://m.youtube.com/watch?v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ?si=abc', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
  ])('recognises the YouTube link %s', (link, id) => {
    expect(videoSource(link)).toEqual({ kind: 'youtube', id });
  });

  it.each([
    ['https://vimeo.com/76979871', '76979871'],
    ['https://vimeo.com/76979871/abc123def', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=1', '76979871'],
  ])('recognises the Vimeo link %s', (link, id) => {
    expect(videoSource(link)).toEqual({ kind: 'vimeo', id });
  });

  it('recognises .mp4 files and leaves other links alone', () => {
    expect(videoSource('https://cdn.exemplo.com.br/aulas/fisica.MP4')).toEqual({ kind: 'mp4' });
    expect(videoSource('https://www.youtube.com/watch?v=curto')).toEqual({ kind: 'other' });
    expect(videoSource('https://www.youtube.com/@canal')).toEqual({ kind: 'other' });
    expect(videoSource('https://vimeo.com/sobre')).toEqual({ kind: 'other' });
    expect(videoSource('https://evil.example/youtube.com/watch?v=aqz-KE-bpKQ')).toEqual({ kind: 'other' });
    expect(videoSource('javascript:alert(1)//.mp4')).toEqual({ kind: 'other' });
    expect(videoSource('não é um link')).toEqual({ kind: 'other' });
  });
});

describe('createVideoInputSchema', () => {
  const valid = {
    title: 'Revisão de cinemática',
    category: 'revisao',
    videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
  };

  it('fills the defaults and turns an empty thumbnail into null', () => {
    expect(createVideoInputSchema.parse({ ...valid, thumbnail: '  ' })).toEqual({
      ...valid,
      description: '',
      thumbnail: null,
      duration: 0,
      links: [],
      isVisible: true,
    });
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://exemplo.com/v.mp4', ''])(
    'refuses the video link %s with a pt-BR message',
    (videoUrl) => {
      const result = createVideoInputSchema.safeParse({ ...valid, videoUrl });
      expect(result.error?.issues[0]?.message).toBe(VIDEO_MESSAGES.videoUrlInvalid);
    },
  );

  it('refuses non-http links, more than ten links and a bad link type', () => {
    const link = { title: 'Lista', url: 'https://exemplo.com.br/lista.pdf', type: 'download' };
    expect(
      createVideoInputSchema.safeParse({ ...valid, links: [{ ...link, url: 'javascript:void(0)' }] }).error
        ?.issues[0]?.message,
    ).toBe(VIDEO_MESSAGES.linkUrlInvalid);
    expect(
      createVideoInputSchema.safeParse({ ...valid, links: Array.from({ length: 11 }, () => link) }).error
        ?.issues[0]?.message,
    ).toBe(VIDEO_MESSAGES.linksTooMany);
    expect(
      createVideoInputSchema.safeParse({ ...valid, links: [{ ...link, type: 'video' }] }).error?.issues[0]
        ?.message,
    ).toBe(VIDEO_MESSAGES.linkTypeInvalid);
  });

  it('bounds the duration to whole seconds from 0 to 24 hours', () => {
    for (const duration of [-1, 1.5, 86_401]) {
      expect(createVideoInputSchema.safeParse({ ...valid, duration }).error?.issues[0]?.message).toBe(
        VIDEO_MESSAGES.durationInvalid,
      );
    }
    expect(createVideoInputSchema.parse({ ...valid, duration: 86_400 }).duration).toBe(86_400);
  });

  it('lets an update change a single field and nothing unknown', () => {
    expect(updateVideoInputSchema.parse({ isVisible: false })).toEqual({ isVisible: false });
    expect(updateVideoInputSchema.safeParse({ views: 10 }).success).toBe(false);
  });
});

describe('videoListQuerySchema', () => {
  it('defaults to the first page of every category and refuses an unknown one', () => {
    expect(videoListQuerySchema.parse({})).toEqual({ page: 1, limit: 10, search: '', category: 'all' });
    expect(videoListQuerySchema.safeParse({ category: 'filmes' }).error?.issues[0]?.message).toBe(
      VIDEO_MESSAGES.categoryInvalid,
    );
  });
});
