import { DECK_MESSAGES } from '@estudai/contract/constants';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useImportDeck } from '../api/decks.ts';

/** 'Importar baralho do Anki': pick an .apkg, and it is imported at once. */
export function ImportDeckButton() {
  const input = useRef<HTMLInputElement>(null);
  const importDeck = useImportDeck();
  const handleFile = (file: File | undefined) => {
    if (!file) return;
    importDeck.mutate(file, {
      onSuccess: (result) =>
        toast({
          title: DECK_MESSAGES.imported(result.cards),
          // Issue 42: sound, video and other media are not imported; the student hears how many.
          ...(result.mediaSkipped > 0
            ? { description: DECK_MESSAGES.mediaSkipped(result.mediaSkipped) }
            : {}),
        }),
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <label
      className={cn(
        buttonClasses(),
        'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
      )}
    >
      <Upload className="size-4" aria-hidden />
      {importDeck.isPending ? DECK_MESSAGES.importing : DECK_MESSAGES.importDeck}
      <input
        ref={input}
        type="file"
        accept=".apkg"
        className="sr-only"
        disabled={importDeck.isPending}
        onChange={(event) => handleFile(event.target.files?.[0])}
      />
    </label>
  );
}
