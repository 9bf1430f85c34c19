import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { Image, ImagePlaceholder } from '../ui/image.tsx';

/** A post's photos full size, one at a time, with arrows (and the keyboard's) between them. */
export function ImageViewer({
  urls,
  index,
  onIndexChange,
  onClose,
}: {
  urls: string[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const count = urls.length;
  const go = (step: number) => onIndexChange((index + step + count) % count);
  const navClasses =
    'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-slate-950/60 text-white hover:bg-slate-950/80 focus-visible:outline-2 focus-visible:outline-white';
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
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
    </Dialog>
  );
}
