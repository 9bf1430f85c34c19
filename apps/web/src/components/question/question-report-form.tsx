import {
  type CreateQuestionReportInput,
  createQuestionReportSchema,
  QUESTION_REPORT_MESSAGES,
  QUESTION_REPORT_REASON_LABELS,
  QUESTION_REPORT_REASONS,
  QUESTION_REPORT_TEXT_MAX,
  type QuestionReport,
  type QuestionReportReason,
} from '@estudai/contract';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { bodyResolver, CHECKED_WHEN_SENT } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../ui/button.tsx';
import { Textarea } from '../ui/textarea.tsx';

const M = QUESTION_REPORT_MESSAGES;

interface Values {
  reason: QuestionReportReason | null;
  text: string;
}

interface QuestionRef {
  postId: string;
  questionIndex: number;
}

const toBody =
  (question: QuestionRef) =>
  ({ reason, text }: Values) => ({
    ...(question.questionIndex > 0 ? { questionIndex: question.questionIndex } : {}),
    reason,
    ...(text.trim() ? { text } : {}),
  });

/** The reasons of an error report, a text ('Outro' needs one), and 'Enviar' with the server's toast. */
export function QuestionReportForm({ question, onDone }: { question: QuestionRef; onDone: () => void }) {
  const body = toBody(question);
  const { register, handleSubmit, watch } = useForm<Values, unknown, CreateQuestionReportInput>({
    ...CHECKED_WHEN_SENT,
    resolver: bodyResolver(createQuestionReportSchema, body),
    defaultValues: { reason: null, text: '' },
  });
  const textId = useId();
  const report = useMutation({
    mutationFn: (input: CreateQuestionReportInput) =>
      api.post<QuestionReport>(`/posts/${encodeURIComponent(question.postId)}/question-reports`, input),
  });
  const { reason, text } = watch();
  const canSend = createQuestionReportSchema.safeParse(body({ reason, text })).success;

  const send = handleSubmit((input) => {
    if (report.isPending) return;
    report.mutate(input, {
      onSuccess: ({ message }) => {
        toast({ title: message || M.reported });
        onDone();
      },
      onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    });
  });

  return (
    <form onSubmit={send} className="grid gap-4 p-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm text-slate-600 dark:text-slate-300">{M.reasonLegend}</legend>
        {QUESTION_REPORT_REASONS.map((value) => (
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
            {QUESTION_REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {reason !== null && (
        <div className="grid gap-1.5">
          <label htmlFor={textId} className="text-sm font-medium">
            {reason === 'outro' ? M.textLabel : M.textOptionalLabel}
          </label>
          <Textarea id={textId} rows={3} required={reason === 'outro'} {...register('text')} />
          <p
            className={cn(
              'text-right text-xs',
              text.length > QUESTION_REPORT_TEXT_MAX ? 'text-red-600' : 'text-slate-500',
            )}
          >
            {text.length}/{QUESTION_REPORT_TEXT_MAX}
          </p>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {M.cancel}
        </Button>
        <Button type="submit" disabled={!canSend || report.isPending}>
          {report.isPending ? 'Enviando...' : M.send}
        </Button>
      </div>
    </form>
  );
}
