import {
  SIMULADO_PAPER_GUEST_NAME_MAX,
  SIMULADO_PAPER_LETTERS,
  SIMULADO_PAPER_MESSAGES,
  type SimuladoPaperEntry,
  type SimuladoPaperSheet,
} from '@estudai/contract/constants';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useEnterPaperAnswers } from '../api/paper-answers.ts';

const GUEST = 'convidado';
const P = SIMULADO_PAPER_MESSAGES;

/** One question's letters: a click picks one, a second click on it leaves the question blank. */
function LetterRow({
  index,
  options,
  value,
  onChange,
}: {
  index: number;
  options: number;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle letters, not a fieldset of its own
    <div role="group" aria-label={`Questão ${index + 1}`} className="flex items-center gap-1.5">
      <span className="w-8 shrink-0 text-sm font-semibold tabular-nums">
        {String(index + 1).padStart(2, '0')}
      </span>
      {SIMULADO_PAPER_LETTERS.slice(0, options).map((letter, optionIndex) => {
        const checked = value === optionIndex;
        return (
          <button
            key={letter}
            type="button"
            aria-pressed={checked}
            aria-label={`${letter}, questão ${index + 1}`}
            onClick={() => onChange(checked ? null : optionIndex)}
            className={cn(
              'flex size-9 items-center justify-center rounded-full border text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-500',
              checked
                ? 'border-indigo-600 bg-indigo-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            {letter}
          </button>
        );
      })}
      {value === null && (
        <span className="ml-1 text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">em branco</span>
      )}
    </div>
  );
}

/**
 * 'Lançar respostas': pick a member (or type a guest's name), click each question's letter from the
 * sheet, save. The sheet is then that member's attempt, or a guest row.
 */
export function PaperAnswersForm({
  simuladoId,
  sheet,
  onSaved,
}: {
  simuladoId: string;
  sheet: SimuladoPaperSheet;
  onSaved: (entry: SimuladoPaperEntry) => void;
}) {
  const enter = useEnterPaperAnswers(simuladoId);
  const [who, setWho] = useState('');
  const [guestName, setGuestName] = useState('');
  const [answers, setAnswers] = useState<(number | null)[]>(() => sheet.optionCounts.map(() => null));
  const [error, setError] = useState<string | null>(null);
  const blanks = answers.filter((answer) => answer === null).length;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!who) return setError(P.whoRequired);
    if (who === GUEST && !guestName.trim()) return setError(P.guestNameRequired);
    enter.mutate(who === GUEST ? { guestName, answers } : { userId: who, answers }, {
      onSuccess: (entry) => {
        toast({ title: P.saved, description: `${entry.name}: ${entry.correctCount} de ${entry.total}` });
        setWho('');
        setGuestName('');
        setAnswers(sheet.optionCounts.map(() => null));
        onSaved(entry);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" noValidate>
      <Field label="Aluno">
        {({ id }) => (
          <select
            id={id}
            className={inputClasses}
            value={who}
            onChange={(event) => setWho(event.target.value)}
          >
            <option value="">Escolha um membro do grupo…</option>
            {sheet.members.map((member) => (
              <option key={member.userId} value={member.userId} disabled={member.hasAttempt}>
                {member.displayName} (@{member.username}){member.hasAttempt ? ' — já tem tentativa' : ''}
              </option>
            ))}
            <option value={GUEST}>Convidado (sem conta)</option>
          </select>
        )}
      </Field>
      {who === GUEST && (
        <Field label="Nome do convidado">
          {({ id }) => (
            <Input
              id={id}
              value={guestName}
              maxLength={SIMULADO_PAPER_GUEST_NAME_MAX}
              onChange={(event) => setGuestName(event.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
          Respostas do cartão ({answers.length - blanks} de {answers.length} marcadas)
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {sheet.optionCounts.map((options, index) => (
            <LetterRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a question is its place in the simulado
              key={index}
              index={index}
              options={options}
              value={answers[index] ?? null}
              onChange={(value) =>
                setAnswers((current) => current.map((old, n) => (n === index ? value : old)))
              }
            />
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={enter.isPending}>
        {enter.isPending ? 'Salvando...' : 'Salvar respostas'}
      </Button>
    </form>
  );
}
