import { type NotebookEntry, STUDY_LOOP_MESSAGES } from '@estudai/contract/constants';
import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { AnswerOptions } from '../../../components/question/answer-options.tsx';
import { Explanation } from '../../../components/question/explanation.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDayMonth, nextReviewLabel } from '../study-format.ts';
import { NoteEditor } from './note-editor.tsx';
import { RemoveEntryButton } from './remove-entry-button.tsx';

/** One caderno entry: the question with its key, why it is here, when it comes back, the note. */
export function NotebookEntryCard({ entry }: { entry: NotebookEntry }) {
  const name = useId();
  const headingId = useId();
  const { question, card } = entry;
  const data = question.questionData;
  const isDue = new Date(card.due).getTime() <= Date.now();

  return (
    <Card padding="sm">
      <article aria-labelledby={headingId} className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span
            className={cn(
              'rounded-full px-2 py-0.5 font-semibold',
              entry.reason === 'wrong'
                ? 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300'
                : 'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
            )}
          >
            {entry.reason === 'wrong' ? STUDY_LOOP_MESSAGES.reasonWrong : STUDY_LOOP_MESSAGES.reasonManual}
          </span>
          <span className="text-slate-500 dark:text-slate-400">
            Adicionada em {formatDayMonth(entry.createdAt)}
          </span>
        </div>
        <QuestionMetaChips meta={data} />
        <div id={headingId}>
          <RichText text={data.question} className="font-medium" />
        </div>
        <AnswerOptions
          name={name}
          legend="Alternativas"
          options={data.options}
          value={question.viewerAnswer}
          onChange={() => {}}
          locked
          correctAnswer={data.correctAnswer}
        />
        {data.explanation && <Explanation text={data.explanation} />}
        <p
          className={cn(
            'flex items-center gap-1.5 text-sm font-medium',
            isDue ? 'text-amber-700 dark:text-amber-400' : 'text-slate-600 dark:text-slate-300',
          )}
        >
          <CalendarClock className="size-4 shrink-0" aria-hidden />
          {nextReviewLabel(card.due)}
          {card.reps > 0 && (
            <span className="font-normal text-slate-500 dark:text-slate-400">
              · {card.reps} {card.reps === 1 ? 'revisão feita' : 'revisões feitas'}
            </span>
          )}
        </p>
        <NoteEditor entryId={entry.id} note={entry.note} />
        <div className="flex justify-end border-t border-slate-100 pt-2 dark:border-slate-800">
          <RemoveEntryButton entry={entry} />
        </div>
      </article>
    </Card>
  );
}
