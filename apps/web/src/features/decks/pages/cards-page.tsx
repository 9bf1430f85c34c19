import { DECK_MESSAGES, STUDY_LOOP_MESSAGES, STUDY_PATHS } from '@estudai/contract/constants';
import { Layers, Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDecks } from '../api/decks.ts';
import { DeckCard } from '../components/deck-card.tsx';
import { ImportDeckButton } from '../components/import-deck-button.tsx';

/** /cartoes: the viewer's flashcard decks (imported from Anki, or shared by a group's teacher). */
export function CardsPage() {
  const decks = useDecks();
  const due = (decks.data ?? []).reduce((sum, deck) => sum + deck.dueCount, 0);
  return (
    <Page title={DECK_MESSAGES.cardsTitle}>
      <div className="flex flex-wrap gap-2">
        <ImportDeckButton />
        <Link to={STUDY_PATHS.review} className={buttonClasses({ variant: 'outline' })}>
          <Repeat className="size-4" aria-hidden />
          {STUDY_LOOP_MESSAGES.reviewTitle}
          {due > 0 ? ` (${due})` : ''}
        </Link>
      </div>
      {decks.isPending ? (
        <div role="status" aria-label={DECK_MESSAGES.decksLoading} className="grid gap-3">
          <Skeleton className="h-24 w-full" radius="xl" />
        </div>
      ) : decks.isError ? (
        <Card role="alert">{decks.error.message}</Card>
      ) : decks.data.length === 0 ? (
        <Card className="grid justify-items-center gap-3 py-10 text-center">
          <Layers className="size-10 text-slate-400" aria-hidden />
          <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">{DECK_MESSAGES.decksEmpty}</p>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {decks.data.map((deck) => (
            <li key={deck.id}>
              <DeckCard deck={deck} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
