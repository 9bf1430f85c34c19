import { MEDIA_MESSAGES } from '@estudai/contract/constants';
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { mediaFileProblem, uploadMedia } from '../../../lib/upload-media.ts';

/** 'Enviar do aparelho': the group's cover from a photo of the device (POST /api/media, group_cover). */
export function CoverUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = mediaFileProblem(file, 'group_cover');
    setError(problem);
    if (problem) return;
    setProgress(0);
    uploadMedia(file, 'group_cover', setProgress)
      .then((media) => onUploaded(media.url))
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : MEDIA_MESSAGES.uploadFailed),
      )
      .finally(() => setProgress(null));
  };

  return (
    <div className="grid gap-1">
      <label
        className={buttonClasses({
          variant: 'outline',
          size: 'sm',
          className: 'w-fit cursor-pointer has-[:disabled]:opacity-50',
        })}
      >
        <ImagePlus className="size-4" aria-hidden />
        {progress === null ? 'Enviar imagem do aparelho' : `Enviando... ${Math.round(progress * 100)}%`}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={progress !== null}
          onChange={handleFile}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
