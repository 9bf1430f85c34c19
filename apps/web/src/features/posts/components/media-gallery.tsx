import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Image, ImagePlaceholder } from '../../../components/ui/image.tsx';
import { cn } from '../../../lib/cn.ts';

const SHOWN = 4;

/** Photos in a grid (at most four, the last telling how many more); a tap opens the viewer. */
export function MediaGallery({ urls }: { urls: string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const shown = urls.slice(0, SHOWN);
  const hidden = urls.length - shown.length;

  return (
    <>
      <ul className={cn('grid gap-1 overflow-hidden rounded-xl', urls.length > 1 && 'grid-cols-2')}>
        {shown.map((url, index) => (
          <li key={url} className={cn(urls.length === 3 && index === 0 && 'row-span-2')}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-label={`Ver imagem ${index + 1} de ${urls.length}`}
              className="relative block size-full focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500"
            >
              <Image
                src={url}
                alt=""
                className={cn(
                  'size-full bg-slate-100 object-cover dark:bg-slate-800',
                  urls.length === 1 ? 'max-h-96' : 'aspect-square',
                )}
              />
              {hidden > 0 && index === SHOWN - 1 && (
                <span className="absolute inset-0 flex items-center justify-center bg-slate-950/60 text-xl font-semibold text-white">
                  +{hidden}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
        {open !== null && <ImageViewer urls={urls} index={open} onIndexChange={setOpen} />}
      </Dialog>
    </>
  );
}

function ImageViewer({
  urls,
  index,
  onIndexChange,
}: {
  urls: string[];
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const count = urls.length;
  const go = (step: number) => onIndexChange((index + step + count) % count);
  const navClasses =
    'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-slate-950/60 text-white hover:bg-slate-950/80 focus-visible:outline-2 focus-visible:outline-white';
  return (
    <DialogContent
      title={`Imagem ${index + 1} de ${count}`}
      size="lg"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        if (event.key === 'ArrowLeft') go(-1);
      }}
    >
      <div className="relative flex items-center justify-center bg-slate-950 p-2">
        <Image
          src={urls[index]}
          alt={`Imagem ${index + 1} de ${count}`}
          loading="eager"
          className="max-h-[75dvh] w-auto object-contain"
          fallback={
            <ImagePlaceholder label={`Imagem ${index + 1} de ${count}`} className="size-48 rounded-xl" />
          }
        />
        {count > 1 && (
          <>
            <button
              type="button"
              aria-label="Imagem anterior"
              onClick={() => go(-1)}
              className={cn(navClasses, 'left-2')}
            >
              <ChevronLeft className="size-6" aria-hidden />
            </button>
            <button
              type="button"
              aria-label="Próxima imagem"
              onClick={() => go(1)}
              className={cn(navClasses, 'right-2')}
            >
              <ChevronRight className="size-6" aria-hidden />
            </button>
          </>
        )}
      </div>
    </DialogContent>
  );
}
