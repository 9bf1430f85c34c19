import { describe, expect, it } from 'vitest';
import { derivedThumbnail } from './video-url.ts';

describe('derivedThumbnail', () => {
  it("uses YouTube's own picture for every form of YouTube link", () => {
    for (const link of [
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://youtu.be/aqz-KE-bpKQ',
      'https://www.youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube.com/shorts/aqz-KE-bpKQ',
    ]) {
      expect(derivedThumbnail(link)).toBe('https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg');
    }
  });

  it('has none for Vimeo (no network call) nor for other links', () => {
    expect(derivedThumbnail('https://vimeo.com/76979871')).toBeNull();
    expect(derivedThumbnail('https://cdn.exemplo.com.br/aula.mp4')).toBeNull();
  });
});
