import { DECK_MESSAGES, type Deck } from '@estudai/contract/constants';
import { Layers, Repeat, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useAnswerSuggestion, useOwnGroups, useShareDeck, useSuggestions } from '../api/decks.ts';

function ShareForm({ deck, userId }: { deck: Deck; userId: string }) {
  const id = useId();
  const groups = useOwnGroups(userId);
  const share = useShareDeck(deck.id);
  const [groupId, setGroupId] = useState('');
  const options = groups.data ?? [];
  if (options.length === 0) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!groupId) return;
        share.mutate(groupId, {
          onSuccess: () => toast({ title: DECK_MESSAGES.shared }),
          onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
        });
      }}
    >
      <label htmlFor={id} className="grid min-w-0 flex-1 gap-1 text-sm font-medium">
        {DECK_MESSAGES.share}
        <select
          id={id}
          value={groupId}
          onChange={(event) => setGroupId(event.target.value)}
          className="h-11 min-w-0 rounded-xl border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900"
        >
          <option value="">Escolha um grupo</option>
          {options.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="outline" disabled={!groupId || share.isPending}>
        <Share2 className="size-4" aria-hidden />
        Compartilhar
      </Button>
    </form>
  );
}

function Suggestions({ deck }: { deck: Deck }) {
  const suggestions = useSuggestions(deck.id, deck.pendingSuggestions > 0);
  const answer = useAnswerSuggestion(deck.id);
  if (!suggestions.data?.length) return null;
  return (
    <section aria-label={DECK_MESSAGES.suggestionsTitle} className="grid gap-2">
      <h3 className="text-sm font-semibold">{DECK_MESSAGES.suggestionsTitle}</h3>
      <ul className="grid gap-2">
        {suggestions.data.map((suggestion) => (
          <li
            key={suggestion.id}
            className="grid gap-2 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700"
          >
            <p className="text-xs text-slate-500 dark:text-slate-400">{suggestion.author.name} sugeriu:</p>
            <p className="break-words whitespace-pre-wrap">
              <span className="font-medium">Frente:</span> {suggestion.front}
            </p>
            <p className="break-words whitespace-pre-wrap">
              <span className="font-medium">Verso:</span> {suggestion.back}
            </p>
            <p className="break-words whitespace-pre-wrap text-xs text-slate-500 dark:text-slate-400">
              Hoje: {suggestion.currentFront} / {suggestion.currentBack}
            </p>
            <div className="flex gap-2">
              <Button size="sm" onClick={() => answer.mutate({ id: suggestion.id, accept: true })}>
                {DECK_MESSAGES.accept}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => answer.mutate({ id: suggestion.id, accept: false })}
              >
                {DECK_MESSAGES.reject}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DeckCard({ deck }: { deck: Deck }) {
  const { user } = useAuth();
  return (
    <Card padding="sm" className="grid gap-3">
      <div className="flex min-w-0 items-start gap-3">
        <Layers className="mt-0.5 size-5 shrink-0 text-indigo-500" aria-hidden />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2 className="font-semibold break-words">{deck.name}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {DECK_MESSAGES.cardsCount(deck.cardsCount)} · {deck.dueCount} para revisar
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {deck.isOwner
              ? deck.sharedGroup
                ? DECK_MESSAGES.sharedWith(deck.sharedGroup.name)
                : 'Baralho pessoal'
              : DECK_MESSAGES.sharedBy(deck.owner.name)}
          </p>
        </div>
      </div>
      {deck.dueCount > 0 && (
        <Link
          to={`${paths.review()}?baralho=${encodeURIComponent(deck.id)}`}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}
        >
          <Repeat className="size-4" aria-hidden />
          Revisar este baralho
        </Link>
      )}
      {deck.isOwner && user && !deck.sharedGroup && <ShareForm deck={deck} userId={user.id} />}
      {deck.isOwner && deck.pendingSuggestions > 0 && <Suggestions deck={deck} />}
    </Card>
  );
}
