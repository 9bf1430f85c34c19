import {
  REPORT_DESCRIPTION_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportInput,
  type ReportReason,
  reportInputSchema,
  TOAST_DURATION_REPORT_ERROR_MS,
  TOAST_DURATION_REPORT_SENT_MS,
  USER_ERROR_CODES,
} from '@estudai/contract';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { bodyResolver, CHECKED_WHEN_SENT } from '../lib/form.ts';
import { toast } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { Textarea } from './ui/textarea.tsx';

export const reportErrorToast = (title: string, description: string) =>
  toast({ title, description, variant: 'destructive', duration: TOAST_DURATION_REPORT_ERROR_MS });

interface ReportValues {
  reason: ReportReason | null;
  description: string;
}

/** The call's body: the description goes only with 'outro', the one reason that asks for it. */
const toReportBody = ({ reason, description }: ReportValues) => ({
  reason,
  ...(reason === 'outro' ? { description } : {}),
});

/**
 * The report's reasons (spec §5, plus 'Exploração ou aliciamento de menores'), a description for
 * 'outro', and the call `submit` makes: the same form for a person, a post, a comment or a message.
 */
export function ReportForm({
  question,
  submit,
  onDone,
}: {
  question: string;
  submit: (input: ReportInput) => Promise<{ message: string }>;
  onDone: () => void;
}) {
  const { register, handleSubmit, watch } = useForm<ReportValues, unknown, ReportInput>({
    ...CHECKED_WHEN_SENT,
    resolver: bodyResolver(reportInputSchema, toReportBody),
    defaultValues: { reason: null, description: '' },
  });
  const descriptionId = useId();
  const report = useMutation({ mutationFn: submit });
  const { reason, description } = watch();
  // Sent only once the contract's schema takes it: until then the button stays off.
  const canSend = reportInputSchema.safeParse(toReportBody({ reason, description })).success;

  const handleSend = handleSubmit((input) => {
    if (report.isPending) return;
    report.mutate(input, {
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
        if (code === USER_ERROR_CODES.alreadyReported)
          reportErrorToast(
            REPORT_MESSAGES.alreadyReportedTitle,
            error.message || REPORT_MESSAGES.alreadyReported,
          );
        else if (code === USER_ERROR_CODES.reportLimit)
          reportErrorToast(REPORT_MESSAGES.limitTitle, error.message || REPORT_MESSAGES.limitFallback);
        else reportErrorToast(REPORT_MESSAGES.failedTitle, error.message || REPORT_MESSAGES.failed);
      },
    });
  });

  return (
    <form onSubmit={handleSend} className="grid gap-4 p-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm text-slate-600 dark:text-slate-300">{question}</legend>
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
            <input type="radio" value={value} className="accent-indigo-600" {...register('reason')} />
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {reason === 'outro' && (
        <div className="grid gap-1.5">
          <label htmlFor={descriptionId} className="text-sm font-medium">
            Descreva o motivo
          </label>
          <Textarea id={descriptionId} rows={4} required {...register('description')} />
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
        <Button type="submit" variant="destructive" disabled={!canSend || report.isPending}>
          {report.isPending ? 'Enviando...' : 'Enviar denúncia'}
        </Button>
      </div>
    </form>
  );
}
