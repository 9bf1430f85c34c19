import {
  currentQuestionYear,
  EXAM_LABELS,
  EXAMS,
  QUESTION_META_LABELS,
  QUESTION_STATUS_LABELS,
  QUESTION_STATUSES,
  QUESTION_YEAR_MIN,
  SUBJECT_LABELS,
  SUBJECTS,
  TOPIC_MAX,
} from '@estudai/contract/constants';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import type { BankFilters as Filters } from '../../lib/queries/bank-questions.ts';
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

const STATUS_CHOICES = [{ value: '', label: 'Todas' }].concat(
  QUESTION_STATUSES.map((status) => ({ value: status, label: QUESTION_STATUS_LABELS[status] })),
);

/** The bank's filters: search, Matéria, Banca, Ano, Assunto and Situação, all combined. */
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
        <Select
          label={QUESTION_META_LABELS.subject}
          value={filters.subject}
          onChange={(value) => set({ subject: value as Filters['subject'] })}
        >
          <option value="">Todas</option>
          {SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {SUBJECT_LABELS[subject]}
            </option>
          ))}
        </Select>
        <Select
          label={QUESTION_META_LABELS.exam}
          value={filters.exam}
          onChange={(value) => set({ exam: value as Filters['exam'] })}
        >
          <option value="">Todas</option>
          {EXAMS.map((exam) => (
            <option key={exam} value={exam}>
              {EXAM_LABELS[exam]}
            </option>
          ))}
        </Select>
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
            <label
              key={choice.value}
              className={cn(
                'cursor-pointer rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500',
                filters.status === choice.value
                  ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
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
    </section>
  );
}
