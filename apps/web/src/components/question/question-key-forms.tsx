import {
  type CorrectKeyInput,
  correctKeySchema,
  type MarkQuestionInput,
  QUESTION_REPORT_MESSAGES,
  type QuestionMark,
  type QuestionOutcome,
} from '@estudai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { POSTS_KEY } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { RichText } from '../rich-text/rich-text.tsx';
import { Button } from '../ui/button.tsx';
import { OPTION_LETTERS } from './answer-options.tsx';

const M = QUESTION_REPORT_MESSAGES;

interface QuestionRef {
  postId: string;
  questionIndex: number;
}

const indexPart = (question: QuestionRef) =>
  question.questionIndex > 0 ? { questionIndex: question.questionIndex } : {};

/** A correction or a mark: the server's toast, then the bank, the caderno and the posts asked again. */
function useQuestionOutcome<T>(path: string, question: QuestionRef, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) =>
      api.post<QuestionOutcome>(`/posts/${encodeURIComponent(question.postId)}/${path}`, input),
    onSuccess: ({ message }) => {
      toast({ title: message });
      void client.invalidateQueries({ queryKey: ['study'] });
      void client.invalidateQueries({ queryKey: [POSTS_KEY] });
      onDone();
    },
    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
  });
}

/** 'Corrigir gabarito': the right alternative, then 'Confirmar correção' (every answer is graded again). */
export function CorrectKeyForm({
  question,
  options,
  correctAnswer,
  onDone,
}: {
  question: QuestionRef;
  options: string[];
  correctAnswer?: number;
  onDone: () => void;
}) {
  const [choice, setChoice] = useState<number | null>(null);
  const correct = useQuestionOutcome<CorrectKeyInput>('key', question, onDone);
  const body = choice === null ? null : { ...indexPart(question), correctAnswer: choice };
  const canSend = body !== null && choice !== correctAnswer && correctKeySchema.safeParse(body).success;

  return (
    <form
      className="grid gap-4 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend && body && !correct.isPending) correct.mutate(body);
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm text-slate-600 dark:text-slate-300">{M.correctKeyLegend}</legend>
        {options.map((option, index) => (
          <label
            key={OPTION_LETTERS[index]}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm',
              'has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
              choice === index
                ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
                : 'border-slate-200 dark:border-slate-700',
            )}
          >
            <input
              type="radio"
              name="correct-answer"
              className="accent-indigo-600"
              checked={choice === index}
              onChange={() => setChoice(index)}
            />
            <span className="min-w-0 flex-1">
              <strong className="font-semibold">{OPTION_LETTERS[index]}</strong>{' '}
              <RichText as="span" text={option} />
              {index === correctAnswer && ' (gabarito atual)'}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-slate-600 dark:text-slate-300">{M.correctKeyWarning}</p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {M.cancel}
        </Button>
        <Button type="submit" disabled={!canSend || correct.isPending}>
          {correct.isPending ? 'Enviando...' : M.correctKeyConfirm}
        </Button>
      </div>
    </form>
  );
}

/** 'Anular questão' or 'Marcar como desatualizada', confirmed. */
export function MarkQuestionForm({
  question,
  status,
  onDone,
}: {
  question: QuestionRef;
  status: QuestionMark;
  onDone: () => void;
}) {
  const mark = useQuestionOutcome<MarkQuestionInput>('status', question, onDone);
  const label = status === 'anulada' ? M.anularAction : M.desatualizadaAction;
  return (
    <div className="grid gap-4 p-5">
      {status === 'anulada' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{M.anularConfirm}</p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {M.cancel}
        </Button>
        <Button
          variant={status === 'anulada' ? 'destructive' : 'primary'}
          disabled={mark.isPending}
          onClick={() => {
            if (!mark.isPending) mark.mutate({ ...indexPart(question), status });
          }}
        >
          {mark.isPending ? 'Enviando...' : label}
        </Button>
      </div>
    </div>
  );
}
