import { GROUP_MESSAGES, GROUP_TAG_MAX, GROUP_TAGS_MAX } from '@estudai/contract/constants';
import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';

/** Tags typed one at a time (Enter adds), each removable; at most 10, no repeats (any case). */
export function TagsInput({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const message = refusal ?? error;

  const handleAdd = () => {
    const tag = draft.trim();
    if (!tag) return;
    if (value.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
      setDraft('');
      return;
    }
    if (value.length >= GROUP_TAGS_MAX) return setRefusal(GROUP_MESSAGES.tagsTooMany);
    if (tag.length > GROUP_TAG_MAX) return setRefusal(GROUP_MESSAGES.tagInvalid);
    onChange([...value, tag]);
    setDraft('');
    setRefusal(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the tag; it must not submit the whole form.
    event.preventDefault();
    handleAdd();
  };

  const handleRemove = (tag: string) => {
    onChange(value.filter((existing) => existing !== tag));
    setRefusal(null);
  };

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        Tags ({value.length}/{GROUP_TAGS_MAX})
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder="Digite uma tag e pressione Enter"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className={inputClasses}
        />
        <Button variant="outline" onClick={handleAdd}>
          Adicionar
        </Button>
      </div>
      {value.length > 0 && (
        <ul aria-label="Tags do grupo" className="flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200"
            >
              #{tag}
              <button
                type="button"
                aria-label={`Remover tag ${tag}`}
                onClick={() => handleRemove(tag)}
                className="flex size-5 items-center justify-center rounded-full hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-indigo-900"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}
