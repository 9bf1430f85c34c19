import { CONTEST_REASON_MAX, contestReportSchema, REPORT_MESSAGES } from '@estudai/contract';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { paths } from '../../../lib/paths.ts';
import { useContestReport } from '../api/contest-report.ts';

/**
 * /denuncias/{id}, where the notification 'Conteúdo removido pela moderação' leads: the author may
 * contest the decision once ('Contestar'); an admin then keeps or reverses it.
 */
export function ContestPage() {
  const { reportId = '' } = useParams();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const contest = useContestReport();
  const reasonId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contestReportSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    contest.mutate(
      { reportId, input: parsed.data },
      { onSuccess: ({ message }) => setSent(message), onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <Page title={REPORT_MESSAGES.contentRemovedTitle} back={paths.notifications()} backViaHistory>
      <Card className="grid gap-4">
        <p className="text-sm text-slate-700 dark:text-slate-200">{REPORT_MESSAGES.contentRemoved}</p>
        {sent ? (
          <p
            role="status"
            className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100"
          >
            {sent}
          </p>
        ) : (
          <form onSubmit={handleSubmit} noValidate className="grid gap-3">
            <label htmlFor={reasonId} className="text-sm font-medium">
              Por que você discorda?
            </label>
            <Textarea
              id={reasonId}
              rows={4}
              value={reason}
              maxLength={CONTEST_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={Boolean(error)}
            />
            {error && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            )}
            <Button type="submit" disabled={contest.isPending}>
              {contest.isPending ? 'Enviando...' : 'Contestar'}
            </Button>
          </form>
        )}
      </Card>
    </Page>
  );
}
