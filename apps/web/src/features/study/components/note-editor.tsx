import { updateNotebookEntrySchema } from '@estudai/contract';
import { NOTEBOOK_NOTE_MAX, STUDY_LOOP_MESSAGES } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { useUpdateNote } from '../api/change-notebook.ts';

/** The entry's private note, 'Por que errei?', up to 1,000 characters, saved on demand. */
export function NoteEditor({ entryId, note }: { entryId: string; note: string }) {
  const id = useId();
  const { control, handleSubmit } = useForm({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(updateNotebookEntrySchema),
    defaultValues: { note },
  });
  // Controlled: a text pasted past the limit keeps its first 1,000 characters.
  const { field } = useController({ control, name: 'note' });
  // What the server has: 'Salvar anotação' wakes up when the text differs from it.
  const [saved, setSaved] = useState(note);
  const update = useUpdateNote();
  const changed = field.value.trim() !== saved.trim();

  const save = handleSubmit((input) => {
    if (!changed || update.isPending) return;
    update.mutate({ id: entryId, note: input.note }, { onSuccess: (entry) => setSaved(entry.note) });
  });

  return (
    <form className="grid gap-1.5" onSubmit={save}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {STUDY_LOOP_MESSAGES.notePlaceholder}
      </label>
      <Textarea
        id={id}
        size="sm"
        rows={2}
        maxLength={NOTEBOOK_NOTE_MAX}
        placeholder="Anote o que confundiu você, para lembrar na revisão."
        name={field.name}
        ref={field.ref}
        value={field.value}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.value.slice(0, NOTEBOOK_NOTE_MAX))}
        aria-describedby={`${id}-count`}
      />
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-count`} className="text-xs text-slate-500 dark:text-slate-400">
          {field.value.length}/{NOTEBOOK_NOTE_MAX} caracteres
        </span>
        <Button type="submit" size="sm" variant="secondary" disabled={!changed || update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar anotação'}
        </Button>
      </div>
    </form>
  );
}
