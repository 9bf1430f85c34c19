import type { ImageQueueItem, StoredImagePurpose } from '@estudai/contract/constants';
import { MEDIA_MESSAGES } from '@estudai/contract/constants';
import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDecideImage } from '../api/get-moderation-queue.ts';

const PURPOSE_LABELS: Record<StoredImagePurpose, string> = {
  post_image: 'Foto de post',
  post_attachment: 'Anexo de post',
  group_cover: 'Capa de grupo',
  essay_image: 'Imagem de redação',
  resolution_image: 'Imagem de resolução',
  avatar: 'Foto de perfil',
  card_image: 'Imagem de cartão (Anki)',
};

/** The model's scores that made it sensitive, in percent. */
const SCORE_LABELS = { porn: 'Pornografia', hentai: 'Hentai', sexy: 'Sensual' } as const;

/**
 * One image the check flagged (issue 43): blurred until the moderator taps it, who sent it, what the
 * model saw, and the three words a moderator may give — final, the check never overwrites them.
 */
export function ImageQueueCard({ image }: { image: ImageQueueItem }) {
  const [revealed, setRevealed] = useState(false);
  const decide = useDecideImage();
  const act = (sensitivity: 'ok' | 'sensitive' | 'blocked') =>
    decide.mutate({ key: image.key, input: { sensitivity } });
  return (
    <Card
      role="article"
      className="grid gap-3"
      aria-label={`Imagem enviada por ${image.uploader.displayName}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="min-w-0 font-semibold wrap-anywhere">
          {image.uploader.displayName}{' '}
          <span className="font-normal text-slate-500">@{image.uploader.username}</span>
        </h2>
        <Badge tone={image.sensitivity === 'blocked' ? 'red' : 'yellow'}>
          {image.sensitivity === 'blocked' ? 'Bloqueada' : 'Sensível'}
        </Badge>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{PURPOSE_LABELS[image.purpose]}</p>
      <button
        type="button"
        onClick={() => setRevealed(true)}
        disabled={revealed}
        aria-label={revealed ? 'Imagem em revisão' : MEDIA_MESSAGES.sensitiveCover}
        className="relative block min-h-48 overflow-hidden rounded-xl bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-800"
      >
        <img
          src={image.url}
          alt=""
          loading="lazy"
          className={`mx-auto max-h-80 w-full object-contain ${revealed ? '' : 'scale-110 blur-2xl'}`}
        />
        {!revealed && (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-900/40 p-4 text-center text-sm font-medium text-white">
            <EyeOff className="size-6" aria-hidden />
            {MEDIA_MESSAGES.sensitiveCover}
          </span>
        )}
      </button>
      {image.scores && (
        <ul aria-label="O que o modelo viu" className="flex flex-wrap gap-2 text-xs">
          {Object.entries(SCORE_LABELS).map(([score, label]) => (
            <li key={score}>
              <Badge>
                {label}: {Math.round((image.scores?.[score as keyof typeof SCORE_LABELS] ?? 0) * 100)}%
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => act('ok')}>
          Liberar
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => act('sensitive')}>
          Manter sensível
        </Button>
        <Button size="sm" variant="destructive" disabled={decide.isPending} onClick={() => act('blocked')}>
          Bloquear
        </Button>
      </div>
    </Card>
  );
}
