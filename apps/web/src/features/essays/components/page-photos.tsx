import { ESSAY_PAGES_MAX, MEDIA_MESSAGES, type ShownMedia } from '@estudai/contract/constants';
import { Camera, Trash2 } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { MediaGallery } from '../../../components/media-gallery/media-gallery.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { mediaFileProblem, uploadMedia } from '../../../lib/upload-media.ts';

/**
 * 'Foto da folha' (issue 38): a handwritten essay sent as photos of its sheet, at most
 * ESSAY_PAGES_MAX pages. Each photo goes through `POST /api/media` as `essay_image` (the image check
 * looks at it; graders read it) and the draft keeps the list (`onSave` answers the stored pages).
 */
export function PagePhotos({
  pages,
  onSave,
}: {
  pages: ShownMedia[];
  onSave: (urls: string[]) => Promise<ShownMedia[]>;
}) {
  const [shown, setShown] = useState(pages);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const urls = shown.flatMap((page) => (page.url ? [page.url] : []));

  const save = async (next: string[]) => {
    try {
      setShown(await onSave(next));
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MEDIA_MESSAGES.uploadFailed);
    }
  };

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = mediaFileProblem(file, 'essay_image');
    setError(problem);
    if (problem) return;
    setProgress(0);
    uploadMedia(file, 'essay_image', setProgress)
      .then((media) => save([...urls, media.url]))
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : MEDIA_MESSAGES.uploadFailed),
      )
      .finally(() => setProgress(null));
  };

  return (
    <Card padding="sm" className="grid gap-3">
      <div className="grid gap-1">
        <h2 className="font-semibold">Redação escrita à mão</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Fotografe a folha de cima, com boa luz, e envie até {ESSAY_PAGES_MAX} páginas. Quem corrigir lê a
          foto.
        </p>
      </div>
      {shown.length > 0 && (
        <ol className="grid gap-3 sm:grid-cols-2">
          {shown.map((page, index) => (
            <li key={page.url ?? `pagina-${index}`} className="grid min-w-0 gap-2">
              <MediaGallery media={[page]} own />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm">Página {index + 1}</span>
                {page.url && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void save(urls.filter((url) => url !== page.url))}
                  >
                    <Trash2 className="size-4" aria-hidden />
                    Remover página {index + 1}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {shown.length < ESSAY_PAGES_MAX && (
        <label
          className={buttonClasses({
            variant: 'outline',
            size: 'sm',
            className: 'w-fit cursor-pointer has-[:disabled]:opacity-50',
          })}
        >
          <Camera className="size-4" aria-hidden />
          {progress === null ? 'Enviar foto da folha' : `Enviando... ${Math.round(progress * 100)}%`}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={progress !== null}
            onChange={handleFile}
          />
        </label>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </Card>
  );
}
