import { AUTH_MESSAGES, MODERATION_MESSAGES } from '@estudai/contract/constants';
import { useState } from 'react';
import { AppealTextForm } from '../../../components/appeal-text-form.tsx';
import { useAppealSuspension } from '../api/appeal-suspension.ts';

/**
 * Shown when signing in is refused for a suspension: 'Recorrer' with the same e-mail and password
 * (issue 43), checked again by the server; another moderator decides.
 */
export function SuspensionAppeal({ email, password }: { email: string; password: string }) {
  const [sent, setSent] = useState<string>();
  const appeal = useAppealSuspension();
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
        <AppealTextForm
          label={MODERATION_MESSAGES.suspendedAppealHint}
          submitLabel="Recorrer da suspensão"
          pending={appeal.isPending}
          onSend={(text, fail) =>
            appeal.mutate(
              { email, password, text },
              { onSuccess: ({ message }) => setSent(message), onError: (failure) => fail(failure.message) },
            )
          }
        />
      )}
    </section>
  );
}
