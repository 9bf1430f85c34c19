import { ESSAY_PAGES_MAX, MEDIA_MESSAGES, type ShownMedia } from '@estudai/contract/constants';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MediaGallery } from '../../../components/media-gallery/media-gallery.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { UploadImageButton } from '../../../components/upload-image-button.tsx';

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
        <UploadImageButton
          purpose="essay_image"
          icon="camera"
          label="Enviar foto da folha"
          onUploaded={(url) => save([...urls, url])}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </Card>
  );
}
