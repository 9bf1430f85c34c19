import { type BankQuestion, QUESTION_DIFFICULTY_LABELS } from '@estudai/contract/constants';
import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { AnswerOptions } from '../../../components/question/answer-options.tsx';
import { AuthorKey } from '../../../components/question/author-key.tsx';
import {
  QuestionErrorActions,
  QuestionStatusBadge,
} from '../../../components/question/question-error-actions.tsx';
import { QuestionImage } from '../../../components/question/question-image.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import type { BankFilters } from '../../../lib/queries/bank-questions.ts';
import { useAnswerBankQuestion } from '../api/answer-bank-question.ts';
import { useAddToNotebook } from '../api/change-notebook.ts';
import { AnswerFeedback } from './answer-feedback.tsx';

function NotebookButton({ question }: { question: BankQuestion }) {
  const add = useAddToNotebook();
  if (question.notebookEntryId) {
    return (
      <span className="inline-flex h-9 items-center gap-1.5 px-1 text-sm font-medium text-emerald-700 dark:text-emerald-400">
        <BookmarkCheck className="size-4" aria-hidden />
        No caderno
      </span>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-disabled={add.isPending || undefined}
      onClick={() => {
        if (add.isPending) return;
        add.mutate({
          postId: question.postId,
          questionIndex: question.questionIndex,
          isQuiz: question.postType === 'question_set',
        });
      }}
    >
      <BookmarkPlus className="size-4" aria-hidden />
      Adicionar ao caderno
    </Button>
  );
}

/** One question of the bank, answered in place: choose, 'Responder', then the key and the figures. */
export function BankQuestionCard({ question, filters }: { question: BankQuestion; filters: BankFilters }) {
  const name = useId();
  const headingId = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const answer = useAnswerBankQuestion(filters);
  const { questionData: data } = question;
  const { user } = useAuth();
  const answered = question.viewerAnswer;
  // Its author does not answer it: they see the key (issue 36).
  const isAuthor = user?.id === question.author.id;
  const locked = answered !== null || isAuthor;

  return (
    <Card padding="sm" className="grid gap-3">
      <article aria-labelledby={headingId} className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-1.5">
            <QuestionMetaChips meta={data} />
            {question.difficulty && (
              <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-200">
                {QUESTION_DIFFICULTY_LABELS[question.difficulty]}
              </span>
            )}
            <QuestionStatusBadge status={question.questionStatus} />
          </div>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            por {question.author.displayName}
          </span>
        </div>
        {question.quizTitle !== null && (
          <p className="text-xs font-medium text-violet-700 dark:text-violet-300">
            Quiz{question.quizTitle ? `: ${question.quizTitle}` : ''} · questão {question.questionIndex + 1}
          </p>
        )}
        <div id={headingId}>
          <RichText text={data.question} className="font-medium" />
        </div>
        <QuestionImage image={data.image} />
        <AnswerOptions
          name={name}
          legend="Alternativas"
          options={data.options}
          value={locked ? answered : choice}
          onChange={setChoice}
          locked={locked}
          correctAnswer={locked ? data.correctAnswer : undefined}
          shares={question.optionShares}
          eliminationKey={`${question.postId}:${question.questionIndex}`}
        />
        {isAuthor && answered === null ? (
          <AuthorKey correctAnswer={data.correctAnswer} explanation={data.explanation} />
        ) : locked ? (
          data.correctAnswer !== undefined && (
            <AnswerFeedback
              isCorrect={answered === data.correctAnswer}
              explanation={data.explanation}
              community={question.community}
            />
          )
        ) : (
          <Button
            disabled={choice === null || answer.isPending}
            onClick={() => {
              if (choice !== null) answer.mutate({ question, optionIndex: choice });
            }}
          >
            {answer.isPending ? 'Enviando...' : 'Responder'}
          </Button>
        )}
        <div className="flex flex-wrap items-center justify-between gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
          <QuestionErrorActions
            answered={answered !== null}
            question={{
              postId: question.postId,
              questionIndex: question.questionIndex,
              authorId: question.author.id,
              options: data.options,
              correctAnswer: data.correctAnswer,
              status: question.questionStatus,
            }}
          />
          <div className="ml-auto">
            <NotebookButton question={question} />
          </div>
        </div>
      </article>
    </Card>
  );
}
