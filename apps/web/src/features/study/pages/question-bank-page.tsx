import {
  EXAMS,
  GROUP_CREATOR_TYPES,
  QUESTION_DIFFICULTIES,
  QUESTION_STATUSES,
  type QuestionStatus,
  SIMULADO_PERSONAL_PATH,
  STUDY_LOOP_MESSAGES,
  SUBJECTS,
} from '@estudai/contract/constants';
import { FileUp, RefreshCw, SearchX, Timer } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { BankFilters } from '../../../components/question/bank-filters.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import {
  bankQueryString,
  emptyBankFilters,
  type BankFilters as Filters,
  useBankQuestions,
} from '../../../lib/queries/bank-questions.ts';
import { BankQuestionCard } from '../components/bank-question-card.tsx';
import { ListEnd } from '../components/list-end.tsx';
import { StudyNav } from '../components/study-nav.tsx';

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  list.includes(value as T) ? (value as T) : '';
/** The known values of a list filter in the address ('matematica,fisica'), in the list's order. */
const someOf = (list: readonly string[], value: string | null): string => {
  const given = new Set((value ?? '').split(','));
  return list.filter((item) => given.has(item)).join(',');
};

/** The filters live in the address, so a reload or a way back keeps them. */
function useBankFilters(): [Filters, (next: Filters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    subject: someOf(SUBJECTS, params.get('subject')),
    topic: params.get('topic') ?? '',
    exam: someOf(EXAMS, params.get('exam')),
    difficulty: someOf(QUESTION_DIFFICULTIES, params.get('difficulty')),
    year: /^\d{4}$/.test(params.get('year') ?? '') ? (params.get('year') as string) : '',
    status: oneOf<QuestionStatus>(QUESTION_STATUSES, params.get('status')),
    search: params.get('search') ?? '',
    includeInactive: params.get('includeInactive') === 'true' ? 'true' : '',
  };
  const setFilters = (next: Filters) =>
    setParams(new URLSearchParams(bankQueryString(next)), { replace: true });
  return [filters, setFilters];
}

function QuestionSkeleton() {
  return (
    <Card padding="sm" className="grid gap-3">
      <Skeleton className="h-5 w-40" radius="full" />
      <Skeleton className="h-5 w-full" />
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-11 w-full" radius="xl" />
      ))}
    </Card>
  );
}

/** /questoes: every question one may see, filtered, answered in place, page after page. */
export function QuestionBankPage() {
  const [filters, setFilters] = useBankFilters();
  // Clearing the filters starts the text boxes afresh too.
  const [formKey, setFormKey] = useState(0);
  const bank = useBankQuestions(filters);
  const questions = bank.data?.pages.flatMap((page) => page.data) ?? [];
  const total = bank.data?.pages[0]?.total;
  const hasFilters = bankQueryString(filters) !== '';
  const { user } = useAuth();
  const isTeacher = (GROUP_CREATOR_TYPES as readonly string[]).includes(user?.userType ?? '');

  return (
    <Page title={STUDY_LOOP_MESSAGES.bankTitle}>
      <StudyNav />
      <div className="flex flex-wrap gap-2">
        <Link to={SIMULADO_PERSONAL_PATH} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Timer className="size-4" aria-hidden />
          Monte seu simulado
        </Link>
        {isTeacher && (
          <Link to={paths.importQuestions()} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <FileUp className="size-4" aria-hidden />
            Importar questões
          </Link>
        )}
      </div>
      <BankFilters key={formKey} filters={filters} onChange={setFilters} />
      {bank.isPending ? (
        <div role="status" aria-label={STUDY_LOOP_MESSAGES.bankLoading} className="grid gap-4">
          <QuestionSkeleton />
          <QuestionSkeleton />
        </div>
      ) : bank.isError ? (
        <Card role="alert" className="grid justify-items-center gap-3 text-center">
          <p className="font-medium">Não foi possível carregar as questões.</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{bank.error.message}</p>
          <Button variant="outline" onClick={() => void bank.refetch()}>
            <RefreshCw className="size-4" aria-hidden />
            Tentar novamente
          </Button>
        </Card>
      ) : questions.length === 0 ? (
        <Card className="grid justify-items-center gap-3 py-10 text-center">
          <SearchX className="size-10 text-slate-400" aria-hidden />
          <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">
            {STUDY_LOOP_MESSAGES.bankEmpty}
          </p>
          {hasFilters && (
            <Button
              variant="outline"
              onClick={() => {
                setFilters(emptyBankFilters);
                setFormKey((key) => key + 1);
              }}
            >
              Limpar filtros
            </Button>
          )}
        </Card>
      ) : (
        <>
          {total !== undefined && (
            <p className="text-sm font-medium text-slate-600 dark:text-slate-300" aria-live="polite">
              {total === 1 ? '1 questão' : `${total.toLocaleString('pt-BR')} questões`}
            </p>
          )}
          <ul aria-label="Questões" className="grid gap-4">
            {questions.map((question) => (
              <li key={`${question.postId}:${question.questionIndex}`}>
                <BankQuestionCard question={question} filters={filters} />
              </li>
            ))}
          </ul>
          <ListEnd query={bank} loadingLabel={STUDY_LOOP_MESSAGES.bankLoading} />
        </>
      )}
    </Page>
  );
}
