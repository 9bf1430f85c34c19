import {
  REPORT_DESCRIPTION_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  reportInputSchema,
  TOAST_DURATION_REPORT_ERROR_MS,
  TOAST_DURATION_REPORT_SENT_MS,
  USER_ERROR_CODES,
} from '@estudai/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import {
  getReportCheckQueryOptions,
  getReportIntegrityQueryOptions,
  useReportUser,
} from '../api/report-user.ts';

const errorToast = (title: string, description: string) =>
  toast({ title, description, variant: 'destructive', duration: TOAST_DURATION_REPORT_ERROR_MS });

const alreadyReportedToast = () =>
  errorToast(REPORT_MESSAGES.alreadyReportedTitle, REPORT_MESSAGES.alreadyReported);

function ReportForm({ userId, name, onDone }: { userId: string; name: string; onDone: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [description, setDescription] = useState('');
  const descriptionId = useId();
  const report = useReportUser();
  const parsed = reportInputSchema.safeParse({
    reason,
    ...(reason === 'outro' ? { description } : {}),
  });

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!parsed.success || report.isPending) return;
    report.mutate(
      { userId, input: parsed.data },
      {
        onSuccess: ({ message }) => {
          toast({
            title: REPORT_MESSAGES.sentTitle,
            description: message || REPORT_MESSAGES.sent,
            duration: TOAST_DURATION_REPORT_SENT_MS,
          });
          onDone();
        },
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : '';
          if (code === USER_ERROR_CODES.alreadyReported) alreadyReportedToast();
          else if (code === USER_ERROR_CODES.reportLimit)
            errorToast(REPORT_MESSAGES.limitTitle, error.message || REPORT_MESSAGES.limitFallback);
          else errorToast(REPORT_MESSAGES.failedTitle, error.message || REPORT_MESSAGES.failed);
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} className="grid gap-4 p-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm text-slate-600 dark:text-slate-300">
          Por que você está denunciando {name}?
        </legend>
        {REPORT_REASONS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm',
              'has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
              reason === value
                ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
                : 'border-slate-200 dark:border-slate-700',
            )}
          >
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="accent-indigo-600"
            />
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {reason === 'outro' && (
        <div className="grid gap-1.5">
          <label htmlFor={descriptionId} className="text-sm font-medium">
            Descreva o motivo
          </label>
          <Textarea
            id={descriptionId}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={4}
            required
          />
          <p
            className={cn(
              'text-right text-xs',
              description.length > REPORT_DESCRIPTION_MAX ? 'text-red-600' : 'text-slate-500',
            )}
          >
            {description.length}/{REPORT_DESCRIPTION_MAX}
          </p>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" variant="destructive" disabled={!parsed.success || report.isPending}>
          {report.isPending ? 'Enviando...' : 'Enviar denúncia'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The report icon of another person's profile. Before the dialog opens it asks whether this
 * person was reported already and whether the daily limit allows another (spec §5).
 */
export function ReportButton({ userId, name }: { userId: string; name: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);

  const handleClick = async () => {
    if (checking) return;
    setChecking(true);
    try {
      const [check, integrity] = await Promise.all([
        queryClient.fetchQuery(getReportCheckQueryOptions(userId)),
        queryClient.fetchQuery(getReportIntegrityQueryOptions()),
      ]);
      if (check.hasReported) alreadyReportedToast();
      else if (!integrity.canReport)
        errorToast(REPORT_MESSAGES.limitTitle, integrity.message || REPORT_MESSAGES.limitFallback);
      else setOpen(true);
    } catch (error) {
      errorToast(
        REPORT_MESSAGES.failedTitle,
        error instanceof Error ? error.message : REPORT_MESSAGES.failed,
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="icon"
        aria-label="Denunciar usuário"
        // Not `disabled`: a disabled button loses focus, which then had nowhere to go back to.
        aria-disabled={checking}
        onClick={() => void handleClick()}
      >
        <Flag className="size-5" aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent title="Denunciar usuário">
            <ReportForm userId={userId} name={name} onDone={() => setOpen(false)} />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
