import { videoSource } from '@estudai/contract';

/**
 * The picture shown for a video link when the owner gave none: YouTube serves one per video at a
 * fixed address. Vimeo needs a call to its oEmbed API (or a third-party service such as
 * vumbnail.com) to find one; we make no network calls on a write and add no third party, so a
 * Vimeo video without its own thumbnail shows the 'Player de Vídeo' placeholder.
 */
export function derivedThumbnail(videoUrl: string): string | null {
  const source = videoSource(videoUrl);
  return source.kind === 'youtube' ? `https://i.ytimg.com/vi/${source.id}/hqdefault.jpg` : null;
}
