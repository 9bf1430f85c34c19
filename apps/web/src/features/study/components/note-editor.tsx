import { NOTEBOOK_NOTE_MAX, STUDY_LOOP_MESSAGES } from '@estudai/contract/constants';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useUpdateNote } from '../api/change-notebook.ts';

/** The entry's private note, 'Por que errei?', up to 1,000 characters, saved on demand. */
export function NoteEditor({ entryId, note }: { entryId: string; note: string }) {
  const id = useId();
  const [text, setText] = useState(note);
  const [saved, setSaved] = useState(note);
  const update = useUpdateNote();
  const changed = text.trim() !== saved.trim();

  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed || update.isPending) return;
        update.mutate({ id: entryId, note: text }, { onSuccess: (entry) => setSaved(entry.note) });
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {STUDY_LOOP_MESSAGES.notePlaceholder}
      </label>
      <Textarea
        id={id}
        size="sm"
        rows={2}
        maxLength={NOTEBOOK_NOTE_MAX}
        placeholder="Anote o que confundiu você, para lembrar na revisão."
        value={text}
        onChange={(event) => setText(event.target.value.slice(0, NOTEBOOK_NOTE_MAX))}
        aria-describedby={`${id}-count`}
      />
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-count`} className="text-xs text-slate-500 dark:text-slate-400">
          {text.length}/{NOTEBOOK_NOTE_MAX} caracteres
        </span>
        <Button type="submit" size="sm" variant="secondary" disabled={!changed || update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar anotação'}
        </Button>
      </div>
    </form>
  );
}
