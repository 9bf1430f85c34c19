import { MEDIA_MESSAGES, type MediaPurpose } from '@estudai/contract/constants';
import { Camera, ImagePlus } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { mediaFileProblem, uploadMedia } from '../lib/upload-media.ts';
import { buttonClasses } from './ui/button.tsx';

/**
 * A button that sends one image from the device through `POST /api/media` as `purpose`, showing how
 * much has gone, and hands back its address; a refusal (the file's or the server's) shows below it
 * in pt-BR. A group's cover, an essay's page, a resolution's figure.
 */
export function UploadImageButton({
  purpose,
  label,
  onUploaded,
  icon = 'image',
}: {
  purpose: MediaPurpose;
  label: string;
  onUploaded: (url: string) => unknown;
  icon?: 'image' | 'camera';
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const Icon = icon === 'camera' ? Camera : ImagePlus;

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = mediaFileProblem(file, purpose);
    setError(problem);
    if (problem) return;
    setProgress(0);
    uploadMedia(file, purpose, setProgress)
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
        <Icon className="size-4" aria-hidden />
        {progress === null ? label : `Enviando... ${Math.round(progress * 100)}%`}
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
