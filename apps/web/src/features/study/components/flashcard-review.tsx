import { DECK_MESSAGES, type DueFlashcard, type ReviewRating } from '@estudai/contract/constants';
import { Layers } from 'lucide-react';
import { useId, useState } from 'react';
import { MediaGallery } from '../../../components/media-gallery/media-gallery.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSuggestCardEdit } from '../api/suggest-card-edit.ts';
import { RatingButtons } from './review-card.tsx';

/** 'Sugerir edição': the card as the student would have it, sent to the deck's owner. */
function SuggestEdit({ card }: { card: DueFlashcard }) {
  const id = useId();
  const [front, setFront] = useState(card.front);
  const [back, setBack] = useState(card.back);
  const suggest = useSuggestCardEdit(card.id);
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-indigo-700 dark:text-indigo-300">
        {DECK_MESSAGES.suggest}
      </summary>
      <form
        className="mt-2 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          suggest.mutate(
            { front, back },
            {
              onSuccess: () => toast({ title: DECK_MESSAGES.suggestionSent }),
              onError: (error) =>
                toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
            },
          );
        }}
      >
        <label htmlFor={`${id}-front`} className="font-medium">
          Frente
        </label>
        <Textarea
          id={`${id}-front`}
          rows={2}
          value={front}
          onChange={(event) => setFront(event.target.value)}
        />
        <label htmlFor={`${id}-back`} className="font-medium">
          Verso
        </label>
        <Textarea id={`${id}-back`} rows={2} value={back} onChange={(event) => setBack(event.target.value)} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={suggest.isPending}
        >
          Enviar sugestão
        </Button>
      </form>
    </details>
  );
}

/**
 * A flashcard of a deck in 'Revisão de hoje' (issue 42): the front, 'Mostrar verso', then the back
 * and the four ratings. Both sides are plain text (the server turned Anki's HTML into text), each
 * with the images its Anki field showed, through the image rule (blurred or hidden as it says).
 */
export function FlashcardReview({
  card,
  onRated,
}: {
  card: DueFlashcard;
  onRated: (rating: ReviewRating) => void;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Card padding="sm" className="grid gap-3" aria-label={DECK_MESSAGES.cardKind}>
      <p className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-indigo-700 dark:text-indigo-300">
        <Layers className="size-3.5 shrink-0" aria-hidden />
        <span className="truncate">
          {DECK_MESSAGES.cardKind} · {card.deckName}
        </span>
      </p>
      {card.front && <p className="font-medium break-words whitespace-pre-wrap">{card.front}</p>}
      <MediaGallery media={card.frontImages ?? []} whole />
      {shown ? (
        <>
          <hr className="border-slate-200 dark:border-slate-700" />
          {card.back && (
            <p className="break-words whitespace-pre-wrap text-slate-700 dark:text-slate-200">{card.back}</p>
          )}
          <MediaGallery media={card.backImages ?? []} whole />
          <RatingButtons
            card={card.card}
            suggested="good"
            onRate={onRated}
            legend="Como foi lembrar deste cartão?"
          />
          <SuggestEdit card={card} />
        </>
      ) : (
        <Button onClick={() => setShown(true)}>{DECK_MESSAGES.showBack}</Button>
      )}
    </Card>
  );
}
