import { MEDIA_MESSAGES, type ShownMedia } from '@estudai/contract/constants';
import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { Image } from '../ui/image.tsx';

// Its own chunk: the full-size viewer opens on a tap (first-route budget).
const ImageViewer = lazyPart(() => import('./image-viewer.tsx'), 'ImageViewer');

const SHOWN = 4;

/** What hides an image (issue 43): nothing, a blur with a cover, or the whole image (no address). */
function coverOf(item: ShownMedia, revealed: boolean, own: boolean): 'none' | 'blur' | 'hidden' {
  if (item.url === null) return 'hidden';
  // The uploader chose the photo: it waits blurred for everyone else, not for them.
  if (item.sensitivity === 'pending') return own ? 'none' : 'blur';
  if (item.sensitivity === 'sensitive' && !revealed) return 'blur';
  return 'none';
}

const coverText = (item: ShownMedia) =>
  item.url === null
    ? item.sensitivity === 'blocked'
      ? MEDIA_MESSAGES.blockedImage
      : MEDIA_MESSAGES.hiddenForMinor
    : item.sensitivity === 'pending'
      ? MEDIA_MESSAGES.pendingCover
      : MEDIA_MESSAGES.sensitiveCover;

/**
 * Photos in a grid (at most four, the last telling how many more); a tap opens the viewer. An image
 * being checked waits blurred; a sensitive one is blurred behind 'Conteúdo sensível — toque para
 * ver' until a tap; one without an address (a minor's view, a blocked image) is a grey tile.
 */
export function MediaGallery({
  media,
  own = false,
  whole = false,
}: {
  /** `alt`: the author's description of a post's photo (issue 36). */
  media: (ShownMedia & { alt?: string })[];
  own?: boolean;
  /** Each image whole, one under the other (pages to read: an essay's sheet), not cropped into a grid. */
  whole?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set());
  if (media.length === 0) return null;
  const shown = media.slice(0, SHOWN);
  const hidden = media.length - shown.length;
  // The viewer pages through the images shown in full only.
  const viewable = media.flatMap((item, index) =>
    item.url !== null && coverOf(item, revealed.has(index), own) === 'none' ? [{ url: item.url, index }] : [],
  );
  const openAt = open === null ? -1 : viewable.findIndex((item) => item.index === open);

  return (
    <>
      <ul
        className={cn('grid gap-1 overflow-hidden rounded-xl', media.length > 1 && !whole && 'grid-cols-2')}
      >
        {shown.map((item, index) => {
          const cover = coverOf(item, revealed.has(index), own);
          return (
            <li
              key={item.url ?? `oculta-${index}`}
              className={cn(
                'relative overflow-hidden',
                media.length === 3 && index === 0 && !whole && 'row-span-2',
              )}
            >
              {cover === 'hidden' ? (
                <div
                  className={cn(
                    'flex size-full min-h-40 flex-col items-center justify-center gap-2 bg-slate-200 p-4 text-center text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200',
                    media.length === 1 ? 'max-h-96' : 'aspect-square',
                  )}
                >
                  <EyeOff className="size-6" aria-hidden />
                  {coverText(item)}
                </div>
              ) : (
                <button
                  type="button"
                  onClick={() =>
                    cover === 'blur'
                      ? item.sensitivity === 'sensitive' && setRevealed(new Set(revealed).add(index))
                      : setOpen(index)
                  }
                  aria-label={
                    cover === 'blur'
                      ? coverText(item)
                      : `Ver imagem ${index + 1} de ${media.length}${item.alt ? `: ${item.alt}` : ''}`
                  }
                  className="relative block size-full focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500"
                >
                  <Image
                    src={item.url ?? undefined}
                    alt={(cover === 'none' && item.alt) || ''}
                    className={cn(
                      'bg-slate-100 dark:bg-slate-800',
                      whole ? 'h-auto w-full' : 'size-full object-cover',
                      !whole && (media.length === 1 ? 'max-h-96' : 'aspect-square'),
                      cover === 'blur' && 'scale-110 blur-2xl',
                    )}
                  />
                  {cover === 'blur' && (
                    <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-950/40 p-4 text-center text-sm font-semibold text-white">
                      <EyeOff className="size-6" aria-hidden />
                      {coverText(item)}
                    </span>
                  )}
                  {cover === 'none' && hidden > 0 && index === SHOWN - 1 && (
                    <span className="absolute inset-0 flex items-center justify-center bg-slate-950/60 text-xl font-semibold text-white">
                      +{hidden}
                    </span>
                  )}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {openAt >= 0 && (
        <ImageViewer
          urls={viewable.map((item) => item.url)}
          index={openAt}
          onIndexChange={(at) => setOpen(viewable[at]?.index ?? null)}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
