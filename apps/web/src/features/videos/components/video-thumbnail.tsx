import { VIDEO_MESSAGES } from '@estudai/contract/constants';
import { Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Image } from '../../../components/ui/image.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * A 16:9 picture of a video, or the spec's 'Player de Vídeo' placeholder when it has none (or its
 * picture fails to load). `children` sits on top (badges, a play button).
 */
export function VideoThumbnail({
  src,
  className,
  children,
}: {
  src: string | null;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('relative aspect-video overflow-hidden bg-slate-200 dark:bg-slate-800', className)}>
      <Image
        src={src}
        alt=""
        className="size-full object-cover"
        fallback={
          <div className="flex size-full flex-col items-center justify-center gap-1.5 bg-gradient-to-br from-slate-700 to-slate-900 text-slate-200">
            <Video className="size-8" aria-hidden />
            <span className="text-xs font-medium">{VIDEO_MESSAGES.playerPlaceholder}</span>
          </div>
        }
      />
      {children}
    </div>
  );
}
