import {
  type BankQuestion,
  SIMULADO_QUESTIONS_MAX,
  type SimuladoQuestionRef,
} from '@estudai/contract/constants';
import { useState } from 'react';
import { BankFilters } from '../../../components/question/bank-filters.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import {
  emptyBankFilters,
  type BankFilters as Filters,
  useBankQuestions,
} from '../../../lib/queries/bank-questions.ts';

/** A bank question as a simulado names it: questionIndex null for a question post. */
const refOf = (question: BankQuestion): SimuladoQuestionRef => ({
  postId: question.postId,
  questionIndex: question.postType === 'question' ? null : question.questionIndex,
});

export const refKey = (ref: SimuladoQuestionRef) => `${ref.postId}:${ref.questionIndex ?? 'post'}`;

/** The bank, filtered as on /questoes, each question with a box to add it to the simulado. */
export function QuestionPicker({
  selected,
  onToggle,
}: {
  selected: SimuladoQuestionRef[];
  onToggle: (ref: SimuladoQuestionRef, question: BankQuestion) => void;
}) {
  const [filters, setFilters] = useState<Filters>(emptyBankFilters);
  const bank = useBankQuestions(filters);
  const questions = bank.data?.pages.flatMap((page) => page.data) ?? [];
  const chosen = new Set(selected.map(refKey));
  const isFull = selected.length >= SIMULADO_QUESTIONS_MAX;

  return (
    <div className="grid gap-3">
      <BankFilters filters={filters} onChange={setFilters} />
      {bank.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Carregando questões...
        </p>
      ) : bank.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {bank.error.message}
        </p>
      ) : questions.length === 0 ? (
        <p className="text-sm text-slate-500">Nenhuma questão encontrada com esses filtros.</p>
      ) : (
        <ul aria-label="Questões do banco" className="grid gap-2">
          {questions.map((question) => {
            const ref = refOf(question);
            const isChosen = chosen.has(refKey(ref));
            return (
              <li key={refKey(ref)}>
                <Card padding="sm" className="grid gap-2">
                  <QuestionMetaChips meta={question.questionData} />
                  <div className="line-clamp-3 min-w-0 text-sm break-words">
                    <RichText text={question.questionData.question} />
                  </div>
                  <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium">
                    <input
                      type="checkbox"
                      className="size-5 accent-indigo-600"
                      checked={isChosen}
                      disabled={!isChosen && isFull}
                      onChange={() => onToggle(ref, question)}
                    />
                    {isChosen ? 'No simulado' : 'Adicionar ao simulado'}
                  </label>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {bank.hasNextPage && (
        <Button
          variant="outline"
          disabled={bank.isFetchingNextPage}
          onClick={() => void bank.fetchNextPage()}
        >
          {bank.isFetchingNextPage ? 'Carregando...' : 'Carregar mais questões'}
        </Button>
      )}
    </div>
  );
}
