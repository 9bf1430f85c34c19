import { MEDIA_MESSAGES, MEDIA_URLS_MAX, type MediaPurpose } from '@estudai/contract/constants';
import { Camera, FileUp, ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { mediaFileProblem, uploadMedia } from '../../../lib/upload-media.ts';

interface Upload {
  id: number;
  name: string;
  /** A local preview of a photo while it goes up. */
  preview: string | null;
  progress: number;
  error?: string;
}

const problem = (description: string) =>
  toast({ title: 'Não foi possível adicionar', description, variant: 'destructive' });

let nextId = 0;

/**
 * Foto: pick photos from the device or shoot one (the camera on a phone); Anexo: pick PDFs. Each
 * goes up at once, shown with its progress; once stored its address joins the post's links.
 */
export function DeviceUploads({
  kind,
  taken,
  onUploaded,
  onPendingChange,
}: {
  kind: 'photo' | 'attachment';
  /** Links already in the post: together with the uploads, at most ten. */
  taken: number;
  onUploaded: (url: string) => void;
  onPendingChange: (pending: number) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const aborts = useRef(new Map<number, AbortController>());
  const purpose: MediaPurpose = kind === 'photo' ? 'post_image' : 'post_attachment';
  const pending = uploads.filter((upload) => !upload.error).length;

  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);
  useEffect(
    () => () => {
      for (const controller of aborts.current.values()) controller.abort();
    },
    [],
  );

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));
  const remove = (id: number) =>
    setUploads((list) => {
      const gone = list.find((upload) => upload.id === id);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return list.filter((upload) => upload.id !== id);
    });

  const start = (file: File) => {
    const id = nextId++;
    const controller = new AbortController();
    aborts.current.set(id, controller);
    const preview = kind === 'photo' ? URL.createObjectURL(file) : null;
    setUploads((list) => [...list, { id, name: file.name, preview, progress: 0 }]);
    uploadMedia(file, purpose, (progress) => update(id, { progress }), controller.signal)
      .then((media) => {
        remove(id);
        onUploaded(media.url);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : MEDIA_MESSAGES.uploadFailed;
        update(id, { error: message });
      })
      .finally(() => aborts.current.delete(id));
  };

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const room = MEDIA_URLS_MAX - taken - pending;
    if (files.length > room)
      problem(
        kind === 'photo' ? MEDIA_MESSAGES.tooManyImages : `Adicione no máximo ${MEDIA_URLS_MAX} arquivos.`,
      );
    for (const file of files.slice(0, Math.max(room, 0))) {
      const why = mediaFileProblem(file, purpose);
      if (why) problem(`${file.name}: ${why}`);
      else start(file);
    }
  };

  const full = taken + pending >= MEDIA_URLS_MAX;
  const pickClasses = buttonClasses({
    variant: 'outline',
    size: 'sm',
    className: 'cursor-pointer has-[:disabled]:opacity-50',
  });
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {kind === 'photo' ? (
          <>
            <label className={pickClasses}>
              <ImagePlus className="size-4" aria-hidden />
              Escolher fotos
              <input
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                disabled={full}
                onChange={handleFiles}
              />
            </label>
            <label className={pickClasses}>
              <Camera className="size-4" aria-hidden />
              Tirar foto
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                disabled={full}
                onChange={handleFiles}
              />
            </label>
          </>
        ) : (
          <label className={pickClasses}>
            <FileUp className="size-4" aria-hidden />
            Escolher PDF
            <input
              type="file"
              accept="application/pdf,.pdf"
              multiple
              className="sr-only"
              disabled={full}
              onChange={handleFiles}
            />
          </label>
        )}
      </div>
      {uploads.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Arquivos sendo enviados">
          {uploads.map((upload) => (
            <li key={upload.id} className="relative grid min-w-0 gap-1">
              {upload.preview ? (
                <img src={upload.preview} alt="" className="aspect-square w-full rounded-lg object-cover" />
              ) : (
                <span className="truncate rounded-lg bg-slate-100 p-2 text-xs dark:bg-slate-800">
                  {upload.name}
                </span>
              )}
              {upload.error ? (
                <>
                  <p role="alert" className="text-xs text-red-600 dark:text-red-400">
                    {upload.error}
                  </p>
                  <Button
                    variant="secondary"
                    size="icon"
                    aria-label={`Remover ${upload.name}`}
                    className="absolute top-1 right-1 size-7"
                    onClick={() => remove(upload.id)}
                  >
                    <X className="size-4" aria-hidden />
                  </Button>
                </>
              ) : (
                <progress
                  aria-label={`Enviando ${upload.name}`}
                  value={Math.round(upload.progress * 100)}
                  max={100}
                  className="h-1.5 w-full overflow-hidden rounded-full accent-indigo-600"
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
