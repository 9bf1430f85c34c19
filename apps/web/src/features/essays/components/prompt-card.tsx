import type { EssayPrompt } from '@estudai/contract/constants';
import { MediaGallery } from '../../../components/media-gallery/media-gallery.tsx';
import { Card } from '../../../components/ui/card.tsx';

/** A proposal: its theme, motivating texts (words or an image) and, unless compact, the instruction. */
export function PromptCard({
  prompt,
  compact = false,
}: {
  prompt: Pick<EssayPrompt, 'title' | 'motivatingTexts' | 'instruction'>;
  compact?: boolean;
}) {
  return (
    <Card padding="sm" className="grid gap-2">
      <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
        Tema
      </p>
      <h2 className="font-semibold break-words">{prompt.title}</h2>
      <details open={!compact} className="text-sm text-slate-700 dark:text-slate-300">
        <summary className="cursor-pointer font-medium">Textos motivadores</summary>
        <ol className="mt-2 grid gap-2">
          {prompt.motivatingTexts.map((item, index) => (
            <li
              key={item.text ?? item.mediaUrl ?? `texto-${index}`}
              className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60"
            >
              <span className="mb-1 block text-xs font-semibold">Texto {index + 1}</span>
              {item.text ?? (
                // An image, blurred or withheld as the image check says (issue 43).
                <MediaGallery
                  media={[{ url: item.mediaUrl ?? null, sensitivity: item.sensitivity ?? 'ok' }]}
                />
              )}
            </li>
          ))}
        </ol>
        {!compact && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{prompt.instruction}</p>}
      </details>
    </Card>
  );
}
