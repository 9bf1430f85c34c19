import { APPEAL_TEXT_MAX, AUTH_MESSAGES, MODERATION_MESSAGES } from '@estudai/contract/constants';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useAppealSuspension } from '../api/appeal-suspension.ts';

/**
 * Shown when signing in is refused for a suspension: 'Recorrer' with the same e-mail and password
 * (issue 43), checked again by the server; another moderator decides.
 */
export function SuspensionAppeal({ email, password }: { email: string; password: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const appeal = useAppealSuspension();
  const textId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(MODERATION_MESSAGES.appealRequired);
    if (text.trim().length > APPEAL_TEXT_MAX) return setError(MODERATION_MESSAGES.appealTooLong);
    setError(undefined);
    appeal.mutate(
      { email, password, text },
      { onSuccess: ({ message }) => setSent(message), onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <section
      aria-label="Conta suspensa"
      className="mt-4 grid gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950/40"
    >
      <p className="font-medium">{AUTH_MESSAGES.accountSuspended}</p>
      {sent ? (
        <p role="status" className="text-emerald-800 dark:text-emerald-200">
          {sent}
        </p>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="grid gap-2">
          <label htmlFor={textId}>{MODERATION_MESSAGES.suspendedAppealHint}</label>
          <Textarea
            id={textId}
            rows={3}
            value={text}
            maxLength={APPEAL_TEXT_MAX}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={Boolean(error)}
          />
          {error && (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <Button type="submit" disabled={appeal.isPending}>
            {appeal.isPending ? 'Enviando...' : 'Recorrer da suspensão'}
          </Button>
        </form>
      )}
    </section>
  );
}
