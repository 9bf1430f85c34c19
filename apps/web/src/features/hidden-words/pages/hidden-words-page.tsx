import {
  HIDDEN_WORD_MAX,
  HIDDEN_WORDS_MAX,
  HIDDEN_WORDS_MESSAGES,
  type HiddenWords,
} from '@estudai/contract/constants';
import { Lock, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useHiddenWords, useSaveHiddenWords } from '../api/hidden-words.ts';

const failed = (error: { message?: string }) =>
  toast({ title: 'Não foi possível salvar.', description: error.message, variant: 'destructive' });

/** The default list: locked for a minor, a switch for an adult. Its words behind 'Ver a lista'. */
function DefaultList({ settings, onToggle }: { settings: HiddenWords; onToggle: (on: boolean) => void }) {
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start gap-3">
        {settings.defaultsLocked ? (
          <Lock className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
        ) : (
          <input
            id="hidden-words-defaults"
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-indigo-600"
            checked={settings.defaultsOn}
            onChange={(event) => onToggle(event.target.checked)}
          />
        )}
        <label htmlFor="hidden-words-defaults" className="grid gap-1">
          <span className="font-medium">Lista padrão de termos ofensivos e sexuais</span>
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {settings.defaultsLocked
              ? 'Sempre ativa para menores de 18 anos. Você pode acrescentar palavras, mas não desativar esta lista.'
              : `Oculta ${settings.defaults.length} termos ofensivos e sexuais, além das suas palavras.`}
          </span>
        </label>
      </div>
      <details className="text-sm text-slate-600 dark:text-slate-300">
        <summary className="cursor-pointer font-medium">
          Ver a lista ({settings.defaults.length} termos)
        </summary>
        <p className="mt-2 break-words">{settings.defaults.join(', ')}</p>
      </details>
    </Card>
  );
}

/** Settings › 'Palavras ocultas' (issue 43): one's own words and phrases, and the default list. */
export function HiddenWordsPage() {
  const query = useHiddenWords();
  const save = useSaveHiddenWords();
  const [draft, setDraft] = useState('');
  const settings = query.data;

  const saveWords = (words: string[], useDefaults?: boolean) =>
    save.mutate({ words, ...(useDefaults === undefined ? {} : { useDefaults }) }, { onError: failed });

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    const word = draft.trim();
    if (!settings) return;
    if (!word) return failed({ message: HIDDEN_WORDS_MESSAGES.wordRequired });
    if (word.length > HIDDEN_WORD_MAX) return failed({ message: HIDDEN_WORDS_MESSAGES.wordTooLong });
    if (settings.words.length >= HIDDEN_WORDS_MAX) return failed({ message: HIDDEN_WORDS_MESSAGES.tooMany });
    save.mutate({ words: [...settings.words, word] }, { onSuccess: () => setDraft(''), onError: failed });
  };

  return (
    <Page title="Palavras ocultas" back={paths.profile()} backViaHistory>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Comentários, respostas e mensagens com estas palavras ou frases ficam ocultos para você, com a opção
        de ver mesmo assim. Acentos e maiúsculas não importam.
      </p>
      {query.isPending ? (
        <ListSkeleton label="Carregando palavras ocultas" rows={3} />
      ) : query.isError || !settings ? (
        <ErrorState
          title="Não foi possível carregar suas palavras."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <form onSubmit={handleAdd} className="flex gap-2">
            <Input
              aria-label="Nova palavra ou frase"
              placeholder="Palavra ou frase"
              value={draft}
              maxLength={HIDDEN_WORD_MAX + 1}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit" disabled={save.isPending}>
              Adicionar
            </Button>
          </form>
          <section aria-label="Suas palavras" className="grid gap-2">
            <h2 className="text-sm font-semibold">
              Suas palavras ({settings.words.length} de {HIDDEN_WORDS_MAX})
            </h2>
            {settings.words.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">Nenhuma palavra sua ainda.</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {settings.words.map((word) => (
                  <li
                    key={word}
                    className="flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm dark:bg-slate-800"
                  >
                    <span className="min-w-0 break-words">{word}</span>
                    <button
                      type="button"
                      aria-label={`Remover ${word}`}
                      disabled={save.isPending}
                      onClick={() => saveWords(settings.words.filter((w) => w !== word))}
                      className="flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-700"
                    >
                      <X className="size-4" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <DefaultList settings={settings} onToggle={(on) => saveWords(settings.words, on)} />
        </>
      )}
    </Page>
  );
}
