import { VIDEO_MESSAGES, videoSource } from '@estudai/contract/constants';
import { Play } from 'lucide-react';
import { VideoThumbnail } from './video-thumbnail.tsx';

const frameClasses = 'aspect-video w-full rounded-2xl bg-black';

/**
 * The player for a link the viewer may watch: YouTube (through its no-cookie domain) and Vimeo
 * embedded, an .mp4 in the browser's own player, anything else as its picture (the page's play button opens it
 * in a new tab). The CSP's frame-src allows exactly these two embed origins.
 */
export function VideoPlayer({
  title,
  videoUrl,
  thumbnail,
}: {
  title: string;
  videoUrl: string;
  thumbnail: string | null;
}) {
  const source = videoSource(videoUrl);
  const playerTitle = VIDEO_MESSAGES.playerTitle(title);
  switch (source.kind) {
    case 'youtube':
    case 'vimeo':
      return (
        <iframe
          title={playerTitle}
          src={
            source.kind === 'youtube'
              ? `https://www.youtube-nocookie.com/embed/${source.id}`
              : `https://player.vimeo.com/video/${source.id}`
          }
          className={frameClasses}
          // Fullscreen through `allow` only: with allowFullScreen too, browsers warn that `allow` wins.
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      );
    case 'mp4':
      return (
        // biome-ignore lint/a11y/useMediaCaption: owners link their own files; no captions exist to offer.
        <video
          aria-label={playerTitle}
          src={videoUrl}
          poster={thumbnail ?? undefined}
          controls
          preload="metadata"
          className={frameClasses}
        />
      );
    default:
      return (
        <VideoThumbnail src={thumbnail} className="rounded-2xl">
          <span className="absolute inset-0 flex items-center justify-center bg-slate-950/20">
            <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg">
              <Play className="ml-1 size-7" aria-hidden />
            </span>
          </span>
        </VideoThumbnail>
      );
  }
}
