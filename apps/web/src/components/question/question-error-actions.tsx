import {
  QUESTION_ITEM_STATUS_LABELS,
  QUESTION_REPORT_MESSAGES,
  type QuestionItemStatus,
} from '@estudai/contract/constants';
import { Flag, PenLine } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../lib/auth.tsx';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';

// 'Reportar erro na questão' and, for its author or an admin, 'Corrigir gabarito', 'Anular questão'
// and 'Marcar como desatualizada' (issue 40). The forms, and zod with the contract's schemas, load
// when a dialog opens: not with the bank or the feed, where every answered question has the action.
const QuestionReportForm = lazyPart(() => import('./question-report-form.tsx'), 'QuestionReportForm');
const CorrectKeyForm = lazyPart(() => import('./question-key-forms.tsx'), 'CorrectKeyForm');
const MarkQuestionForm = lazyPart(() => import('./question-key-forms.tsx'), 'MarkQuestionForm');

const M = QUESTION_REPORT_MESSAGES;

/** A question that is no longer 'ativa': 'Anulada' or 'Desatualizada'. */
export function QuestionStatusBadge({ status }: { status: QuestionItemStatus }) {
  if (status === 'ativa') return null;
  return <Badge tone={status === 'anulada' ? 'red' : 'yellow'}>{QUESTION_ITEM_STATUS_LABELS[status]}</Badge>;
}

export interface ErrorActionsQuestion {
  postId: string;
  questionIndex: number;
  authorId: string;
  options: string[];
  /** The key, once the viewer may see it. */
  correctAnswer?: number;
  /** Unknown where the reply does not carry it (a post in the feed): every mark is offered. */
  status?: QuestionItemStatus;
}

type Open = 'report' | 'key' | 'anulada' | 'desatualizada' | null;

/**
 * Under an answered question (or one's own): a reader reports an error; its author or an admin
 * corrects the key or marks it (the bank and the posts are asked again after).
 */
export function QuestionErrorActions({
  question,
  answered,
}: {
  question: ErrorActionsQuestion;
  answered: boolean;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState<Open>(null);
  const isAuthor = user?.id === question.authorId;
  const mayEdit = isAuthor || user?.userType === 'admin';
  const mayReport = answered && !isAuthor;
  if (!user || (!mayReport && !mayEdit)) return null;
  const close = () => setOpen(null);
  const onOpenChange = (next: boolean) => {
    if (!next) close();
  };
  const ref = { postId: question.postId, questionIndex: question.questionIndex };
  const titles: Record<Exclude<Open, null>, string> = {
    report: M.reportTitle,
    key: M.correctKeyTitle,
    anulada: M.anularAction,
    desatualizada: M.desatualizadaAction,
  };

  return (
    <div className="flex flex-wrap items-center gap-1">
      {mayReport && (
        <Button variant="ghost" size="sm" onClick={() => setOpen('report')}>
          <Flag className="size-4" aria-hidden />
          {M.reportAction}
        </Button>
      )}
      {mayEdit && (
        <>
          <Button variant="ghost" size="sm" onClick={() => setOpen('key')}>
            <PenLine className="size-4" aria-hidden />
            {M.correctKeyAction}
          </Button>
          {question.status !== 'anulada' && (
            <Button variant="ghost" size="sm" onClick={() => setOpen('anulada')}>
              {M.anularAction}
            </Button>
          )}
          {(question.status ?? 'ativa') === 'ativa' && (
            <Button variant="ghost" size="sm" onClick={() => setOpen('desatualizada')}>
              {M.desatualizadaAction}
            </Button>
          )}
        </>
      )}
      <Dialog open={open !== null} onOpenChange={onOpenChange}>
        {open !== null && (
          <DialogContent title={titles[open]}>
            {open === 'report' && <QuestionReportForm question={ref} onDone={close} />}
            {open === 'key' && (
              <CorrectKeyForm
                question={ref}
                options={question.options}
                correctAnswer={question.correctAnswer}
                onDone={close}
              />
            )}
            {(open === 'anulada' || open === 'desatualizada') && (
              <MarkQuestionForm question={ref} status={open} onDone={close} />
            )}
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
