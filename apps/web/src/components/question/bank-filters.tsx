import {
  currentQuestionYear,
  EXAM_LABELS,
  EXAMS,
  QUESTION_DIFFICULTIES,
  QUESTION_DIFFICULTY_LABELS,
  QUESTION_META_LABELS,
  QUESTION_REPORT_MESSAGES,
  QUESTION_STATUS_LABELS,
  QUESTION_STATUSES,
  QUESTION_YEAR_MIN,
  SUBJECT_LABELS,
  SUBJECTS,
  TOPIC_MAX,
} from '@estudai/contract/constants';
import { ChevronDown, Search } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { type BankFilters as Filters, listValues } from '../../lib/queries/bank-questions.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Field, Input, inputClasses } from '../ui/input.tsx';

/** Spec §5's search delay, for the bank's search box and topic too. */
const BANK_SEARCH_DEBOUNCE_MS = 300;

const years = () =>
  Array.from({ length: currentQuestionYear() - QUESTION_YEAR_MIN + 1 }, (_, i) =>
    String(currentQuestionYear() - i),
  );

/** A text box whose value reaches `onChange` once typing stops for 300 ms. */
function useDebouncedText(value: string, onChange: (value: string) => void) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, BANK_SEARCH_DEBOUNCE_MS);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    if (debounced !== latest.current.value) latest.current.onChange(debounced);
  }, [debounced]);
  return [text, setText] as const;
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field label={label}>
      {({ id }) => (
        <select
          id={id}
          className={inputClasses}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

/** Adds or removes `value` from a comma list, keeping the order of `all`. */
function toggled(list: string, value: string, all: readonly string[]): string {
  const chosen = new Set(listValues(list));
  if (chosen.has(value)) chosen.delete(value);
  else chosen.add(value);
  return all.filter((item) => chosen.has(item)).join(',');
}

/**
 * Several values of one filter (issue 36: 'Matemática e Física'): a button naming what is chosen,
 * opening a list of check boxes; a tap outside or Esc closes it.
 */
function MultiSelect({
  label,
  values,
  labels,
  selected,
  onChange,
}: {
  label: string;
  values: readonly string[];
  labels: Record<string, string>;
  selected: string;
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // The boxes answer the tap at once, while the page's address (and the list) follows: a controlled
  // box waiting for the navigation would flick back on a slow phone.
  const [current, setCurrent] = useState(selected);
  useEffect(() => setCurrent(selected), [selected]);
  const chosen = listValues(current);
  const summary =
    chosen.length === 0
      ? 'Todas'
      : chosen.length <= 2
        ? chosen.map((value) => labels[value] ?? value).join(', ')
        : `${chosen.length} selecionadas`;
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Field label={label}>
      {({ id }) => (
        <div ref={box} className="relative">
          <button
            id={id}
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-list`}
            className={cn(inputClasses, 'flex items-center justify-between gap-2 text-left')}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="truncate">{summary}</span>
            <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden />
          </button>
          {open && (
            <fieldset
              id={`${id}-list`}
              className="absolute inset-x-0 z-20 mt-1 grid max-h-72 min-w-44 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
            >
              <legend className="sr-only">{label}</legend>
              {values.map((value) => (
                <label
                  key={value}
                  className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  <input
                    type="checkbox"
                    className="size-4 accent-indigo-600"
                    checked={chosen.includes(value)}
                    onChange={() => {
                      const next = toggled(current, value, values);
                      setCurrent(next);
                      onChange(next);
                    }}
                  />
                  {labels[value] ?? value}
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </Field>
  );
}

const STATUS_CHOICES = [{ value: '', label: 'Todas' }].concat(
  QUESTION_STATUSES.map((status) => ({ value: status, label: QUESTION_STATUS_LABELS[status] })),
);

/** A filter's chip: a radio or a check box inside, shown as chosen or not. */
const chip = (on: boolean) =>
  cn(
    'cursor-pointer rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
    'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500',
    on
      ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
      : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
  );

/**
 * The bank's filters: search, Matéria and Banca (several each), Assunto, Ano, Situação, Dificuldade,
 * and whether anuladas and desatualizadas show too.
 */
export function BankFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const [search, setSearch] = useDebouncedText(filters.search, (text) => set({ search: text }));
  const [topic, setTopic] = useDebouncedText(filters.topic, (text) => set({ topic: text }));

  return (
    <section aria-label="Filtros" className="grid gap-3">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Buscar questões"
          placeholder="Buscar questões..."
          className="pl-10"
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <MultiSelect
          label={QUESTION_META_LABELS.subject}
          values={SUBJECTS}
          labels={SUBJECT_LABELS}
          selected={filters.subject}
          onChange={(subject) => set({ subject })}
        />
        <MultiSelect
          label={QUESTION_META_LABELS.exam}
          values={EXAMS}
          labels={EXAM_LABELS}
          selected={filters.exam}
          onChange={(exam) => set({ exam })}
        />
        <Field label={QUESTION_META_LABELS.topic}>
          {({ id }) => (
            <Input
              id={id}
              placeholder="Ex.: Funções"
              maxLength={TOPIC_MAX}
              value={topic}
              onChange={(event) => setTopic(event.target.value)}
            />
          )}
        </Field>
        <Select
          label={QUESTION_META_LABELS.year}
          value={filters.year}
          onChange={(value) => set({ year: value })}
        >
          <option value="">Todos</option>
          {years().map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </Select>
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Situação</legend>
        <div className="flex flex-wrap gap-2">
          {STATUS_CHOICES.map((choice) => (
            <label key={choice.value} className={chip(filters.status === choice.value)}>
              <input
                type="radio"
                name="bank-status"
                className="sr-only"
                value={choice.value}
                checked={filters.status === choice.value}
                onChange={() => set({ status: choice.value as Filters['status'] })}
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Dificuldade</legend>
        <div className="flex flex-wrap gap-2">
          {QUESTION_DIFFICULTIES.map((difficulty) => {
            const on = listValues(filters.difficulty).includes(difficulty);
            return (
              <label key={difficulty} className={chip(on)}>
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={on}
                  onChange={() =>
                    set({ difficulty: toggled(filters.difficulty, difficulty, QUESTION_DIFFICULTIES) })
                  }
                />
                {QUESTION_DIFFICULTY_LABELS[difficulty]}
              </label>
            );
          })}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
        <input
          type="checkbox"
          className="size-4 accent-indigo-600"
          checked={filters.includeInactive === 'true'}
          onChange={(event) => set({ includeInactive: event.target.checked ? 'true' : '' })}
        />
        {QUESTION_REPORT_MESSAGES.includeInactive}
      </label>
    </section>
  );
}
