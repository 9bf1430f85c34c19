import { APPEAL_TEXT_MAX, MODERATION_MESSAGES } from '@estudai/contract/constants';
import { type FormEvent, useId, useState } from 'react';
import { Button } from './ui/button.tsx';
import { Textarea } from './ui/textarea.tsx';

/**
 * The text of an appeal ('Recorrer', issue 43) and its button: required, at most 1,000 characters
 * (checked here as the server does, without the schema: the sign-in page shows it too). `onSend`
 * gets the trimmed text and a way to show the server's refusal under the box.
 */
export function AppealTextForm({
  label,
  submitLabel,
  pending,
  onSend,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSend: (text: string, fail: (message: string) => void) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const textId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError(MODERATION_MESSAGES.appealRequired);
    if (trimmed.length > APPEAL_TEXT_MAX) return setError(MODERATION_MESSAGES.appealTooLong);
    setError(undefined);
    onSend(trimmed, setError);
  };
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-2">
      <label htmlFor={textId} className="text-sm font-medium">
        {label}
      </label>
      <Textarea
        id={textId}
        rows={3}
        value={text}
        maxLength={APPEAL_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={Boolean(error)}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? 'Enviando...' : submitLabel}
      </Button>
    </form>
  );
}
