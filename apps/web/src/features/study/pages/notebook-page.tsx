import {
  DECK_MESSAGES,
  type NotebookEntry,
  type NotebookSummary,
  STUDY_LOOP_MESSAGES,
  SUBJECTS,
  type Subject,
} from '@estudai/contract/constants';
import { Download, Layers, NotebookPen, RefreshCw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { useNotebook, useNotebookSummary } from '../api/notebook.ts';
import { DueSummaryCard } from '../components/due-summary-card.tsx';
import { ListEnd } from '../components/list-end.tsx';
import { NotebookEntryCard } from '../components/notebook-entry-card.tsx';
import { ReminderSettings } from '../components/reminder-settings.tsx';
import { StudyNav } from '../components/study-nav.tsx';
import { subjectLabel } from '../study-format.ts';

type Group = { subject: Subject | null; count: number; entries: NotebookEntry[] };

/** The loaded entries under their subject, in the summary's order (most entries first), with its counts. */
function groupBySubject(entries: NotebookEntry[], summary: NotebookSummary | undefined): Group[] {
  const groups = new Map<Subject | null, Group>();
  for (const { subject, count } of summary?.bySubject ?? [])
    groups.set(subject, { subject, count, entries: [] });
  for (const entry of entries) {
    const subject = entry.question.questionData.subject ?? null;
    const group = groups.get(subject) ?? { subject, count: 0, entries: [] };
    group.entries.push(entry);
    groups.set(subject, group);
  }
  return [...groups.values()].filter((group) => group.entries.length > 0);
}

function SubjectFilter({
  summary,
  value,
  onChange,
}: {
  summary: NotebookSummary;
  value: Subject | '';
  onChange: (subject: Subject | '') => void;
}) {
  const choices: { subject: Subject | ''; label: string; count: number }[] = [
    { subject: '', label: 'Todas', count: summary.total },
    ...summary.bySubject.flatMap(({ subject, count }) =>
      subject ? [{ subject, label: subjectLabel(subject), count }] : [],
    ),
  ];
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Matéria</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.subject}
            className={cn(
              'flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500',
              value === choice.subject
                ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
                : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            <input
              type="radio"
              name="notebook-subject"
              className="sr-only"
              checked={value === choice.subject}
              onChange={() => onChange(choice.subject)}
            />
            {choice.label}
            <span className="text-xs text-slate-500 dark:text-slate-400">{choice.count}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function EntriesSkeleton() {
  return (
    <div role="status" aria-label={STUDY_LOOP_MESSAGES.notebookLoading} className="grid gap-4">
      {[0, 1].map((index) => (
        <Card key={index} padding="sm" className="grid gap-3">
          <Skeleton className="h-4 w-32" radius="full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-11 w-full" radius="xl" />
          <Skeleton className="h-11 w-full" radius="xl" />
        </Card>
      ))}
    </div>
  );
}

/** The caderno out (issue 42): a download of the whole caderno for Anki or a spreadsheet; the decks in. */
function NotebookExports() {
  const link = buttonClasses({ variant: 'outline', size: 'sm' });
  return (
    <div className="flex flex-wrap gap-2">
      <a href="/api/notebook/export?format=apkg" download="caderno-de-erros.apkg" className={link}>
        <Download className="size-4" aria-hidden />
        {DECK_MESSAGES.exportAnki}
      </a>
      <a href="/api/notebook/export?format=csv" download="caderno-de-erros.csv" className={link}>
        <Download className="size-4" aria-hidden />
        {DECK_MESSAGES.exportCsv}
      </a>
      <Link to={paths.cards()} className={link}>
        <Layers className="size-4" aria-hidden />
        {DECK_MESSAGES.cardsTitle}
      </Link>
    </div>
  );
}

/** /caderno: the questions one got wrong (or added), by subject, with notes and their review state. */
export function NotebookPage() {
  const [params, setParams] = useSearchParams();
  const subjectParam = params.get('subject');
  const subject = SUBJECTS.includes(subjectParam as Subject) ? (subjectParam as Subject) : '';
  const summary = useNotebookSummary();
  const notebook = useNotebook(subject);
  const entries = notebook.data?.pages.flatMap((page) => page.data) ?? [];
  const setSubject = (next: Subject | '') =>
    setParams(next ? new URLSearchParams({ subject: next }) : new URLSearchParams(), { replace: true });

  // The page shows once the summary and the first entries have answered, all at once: the summary's
  // card arriving after the entries pushed them down the screen, under a finger about to tap them.
  if (summary.isPending || notebook.isPending)
    return (
      <Page title={STUDY_LOOP_MESSAGES.notebookTitle}>
        <StudyNav />
        <EntriesSkeleton />
      </Page>
    );
  return (
    <Page title={STUDY_LOOP_MESSAGES.notebookTitle}>
      <StudyNav />
      {summary.data && <DueSummaryCard dueNow={summary.data.dueNow} />}
      <NotebookExports />
      {summary.data && summary.data.total > 0 && (
        <SubjectFilter summary={summary.data} value={subject} onChange={setSubject} />
      )}
      {notebook.isError ? (
        <Card role="alert" className="grid justify-items-center gap-3 text-center">
          <p className="font-medium">Não foi possível carregar o caderno.</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{notebook.error.message}</p>
          <Button variant="outline" onClick={() => void notebook.refetch()}>
            <RefreshCw className="size-4" aria-hidden />
            Tentar novamente
          </Button>
        </Card>
      ) : entries.length === 0 ? (
        <Card className="grid justify-items-center gap-3 py-10 text-center">
          <NotebookPen className="size-10 text-slate-400" aria-hidden />
          <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">
            {STUDY_LOOP_MESSAGES.notebookEmpty}
          </p>
        </Card>
      ) : (
        <>
          {groupBySubject(entries, summary.data).map((group) => (
            <section
              key={group.subject ?? 'none'}
              aria-label={subjectLabel(group.subject)}
              className="grid gap-3"
            >
              <h2 className="flex items-baseline gap-2 text-base font-semibold">
                {subjectLabel(group.subject)}
                <span className="text-sm font-normal text-slate-500 dark:text-slate-400">
                  {group.count || group.entries.length}{' '}
                  {(group.count || group.entries.length) === 1 ? 'questão' : 'questões'}
                </span>
              </h2>
              <ul className="grid gap-4">
                {group.entries.map((entry) => (
                  <li key={entry.id}>
                    <NotebookEntryCard entry={entry} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <ListEnd query={notebook} loadingLabel={STUDY_LOOP_MESSAGES.notebookLoading} />
        </>
      )}
      <ReminderSettings />
    </Page>
  );
}
