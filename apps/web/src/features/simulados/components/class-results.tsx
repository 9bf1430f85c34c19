import {
  SIMULADO_MESSAGES,
  type SimuladoClassQuestion,
  type SimuladoClassResults,
  SUBJECT_LABELS,
} from '@estudai/contract/constants';
import { Download } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { classResultsCsvUrl, useClassResults } from '../api/get-class-results.ts';

const M = SIMULADO_MESSAGES;
const LETTERS = 'ABCDE';
const decimal = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
const people = (count: number) => `${count} ${count === 1 ? 'participante' : 'participantes'}`;

function minutesText(seconds: number | null) {
  if (seconds === null) return 'no papel';
  return seconds < 60 ? '< 1 min' : `${Math.floor(seconds / 60)} min`;
}

/** Score bins: one per score up to 20 questions, else about ten bins of equal width. */
export function distributionBins(results: Pick<SimuladoClassResults, 'distribution' | 'total'>) {
  const width = results.total <= 20 ? 1 : Math.ceil((results.total + 1) / 10);
  const bins: { label: string; count: number }[] = [];
  for (let from = 0; from <= results.total; from += width) {
    const to = Math.min(from + width - 1, results.total);
    const count = results.distribution
      .filter((bin) => bin.correct >= from && bin.correct <= to)
      .reduce((sum, bin) => sum + bin.count, 0);
    bins.push({ label: from === to ? String(from) : `${from}–${to}`, count });
  }
  return bins;
}

function Distribution({ results }: { results: SimuladoClassResults }) {
  const bins = distributionBins(results);
  const highest = Math.max(1, ...bins.map((bin) => bin.count));
  return (
    <Card className="grid gap-3">
      <h3 className="font-semibold">Distribuição de acertos</h3>
      <ol aria-label="Distribuição de acertos" className="flex h-36 items-end gap-1">
        {bins.map((bin) => (
          <li
            key={bin.label}
            aria-label={`${bin.label} acertos: ${people(bin.count)}`}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
          >
            <span className="text-xs tabular-nums text-slate-600 dark:text-slate-300">{bin.count || ''}</span>
            <span
              className="w-full rounded-t bg-indigo-600 dark:bg-indigo-400"
              style={{ height: `${(80 * bin.count) / highest}%`, minHeight: bin.count > 0 ? 4 : 1 }}
            />
            <span className="w-full truncate text-center text-[11px] tabular-nums text-slate-500 dark:text-slate-400">
              {bin.label}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Acertos (de {results.total}) × participantes
      </p>
    </Card>
  );
}

function Ranking({ results }: { results: SimuladoClassResults }) {
  return (
    <Card className="grid gap-2 overflow-hidden">
      <h3 className="font-semibold">Ranking e notas</h3>
      <table className="w-full table-fixed text-sm" aria-label="Ranking da turma">
        <thead>
          <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
            <th scope="col" className="w-10 py-1 font-medium">
              #
            </th>
            <th scope="col" className="py-1 font-medium">
              Nome
            </th>
            <th scope="col" className="w-16 py-1 text-right font-medium">
              Acertos
            </th>
            <th scope="col" className="w-14 py-1 text-right font-medium">
              TRI
            </th>
            <th scope="col" className="hidden w-20 py-1 text-right font-medium sm:table-cell">
              Tempo
            </th>
          </tr>
        </thead>
        <tbody>
          {results.participants.map((participant) => (
            <tr
              key={`${participant.rank}-${participant.userId ?? participant.name}`}
              className="border-t border-slate-100 dark:border-slate-800"
            >
              <td className="py-1.5 tabular-nums">{participant.rank}º</td>
              <td className="truncate py-1.5 pr-2" title={participant.name}>
                {participant.name}
              </td>
              <td className="py-1.5 text-right tabular-nums">
                {participant.correctCount}/{participant.total}
              </td>
              <td className="py-1.5 text-right tabular-nums">
                {participant.estimate.score}
                {participant.estimate.provisional ? '*' : ''}
              </td>
              <td className="hidden py-1.5 text-right tabular-nums sm:table-cell">
                {minutesText(participant.timeSeconds)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {results.participants.some((participant) => participant.estimate.provisional) && (
        <p className="text-xs text-slate-500 dark:text-slate-400">* Estimativa TRI provisória.</p>
      )}
    </Card>
  );
}

/** The wrong alternative chosen most (the distractor that fooled the class), if anyone chose one. */
export function topDistractor(question: SimuladoClassQuestion): number | null {
  let best: number | null = null;
  question.options.forEach((option, index) => {
    if (index === question.correctAnswer || option.count === 0) return;
    if (best === null || option.count > (question.options[best]?.count ?? 0)) best = index;
  });
  return best;
}

function QuestionFigures({ question }: { question: SimuladoClassQuestion }) {
  const distractor = topDistractor(question);
  const subject = question.subject ? SUBJECT_LABELS[question.subject] : null;
  return (
    <li>
      <Card padding="sm" className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h4 className="font-medium">Questão {question.index + 1}</h4>
          <span className="text-sm tabular-nums text-slate-600 dark:text-slate-300">
            {question.correctPercentage}% de acerto
          </span>
        </div>
        {subject && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {subject}
            {question.topic ? ` · ${question.topic}` : ''}
          </p>
        )}
        <p className="line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-200">
          {question.statement}
        </p>
        <ul aria-label={`Alternativas da questão ${question.index + 1}`} className="grid gap-1">
          {question.options.map((option, index) => {
            const isKey = index === question.correctAnswer;
            const letter = LETTERS[index] ?? '';
            return (
              <li key={letter} className="grid grid-cols-[1.5rem_1fr_3rem] items-center gap-2 text-sm">
                <span className={cn('font-semibold', isKey && 'text-emerald-700 dark:text-emerald-300')}>
                  {letter}
                </span>
                <span className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                  <span
                    className={cn(
                      'block h-full rounded-full',
                      isKey
                        ? 'bg-emerald-600 dark:bg-emerald-400'
                        : index === distractor
                          ? 'bg-amber-500 dark:bg-amber-400'
                          : 'bg-slate-500 dark:bg-slate-400',
                    )}
                    style={{ width: `${option.percentage}%` }}
                  />
                </span>
                <span className="text-right tabular-nums">{option.percentage}%</span>
                {(isKey || index === distractor) && (
                  <span className="col-start-2 col-end-4 -mt-1 text-xs text-slate-500 dark:text-slate-400">
                    {isKey ? 'Gabarito' : 'Distrator mais escolhido'}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {question.blankCount > 0 && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Em branco: {people(question.blankCount)}
          </p>
        )}
      </Card>
    </li>
  );
}

/** 'Resultados da turma' (issue 36): the organizer's view after the close, with 'Exportar CSV'. */
export function ClassResults({ simuladoId }: { simuladoId: string }) {
  const query = useClassResults(simuladoId);
  return (
    <section aria-labelledby="class-results-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="class-results-title" className="font-semibold">
          {M.classResultsTitle}
        </h2>
        <a href={classResultsCsvUrl(simuladoId)} download className={buttonClasses({ variant: 'outline' })}>
          <Download className="size-4" aria-hidden />
          {M.classResultsExport}
        </a>
      </div>
      {query.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Carregando resultados...
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {query.error.message}
        </p>
      ) : query.data.participantCount === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Ninguém fez este simulado.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {people(query.data.participantCount)} · média de {decimal(query.data.averageCorrect ?? 0)} de{' '}
            {query.data.total} acertos · Estimativa TRI média {query.data.averageEstimate}
          </p>
          <Ranking results={query.data} />
          <Distribution results={query.data} />
          <section aria-labelledby="class-questions-title" className="grid gap-2">
            <h3 id="class-questions-title" className="font-semibold">
              Acertos e alternativas por questão
            </h3>
            <ol className="grid gap-2">
              {query.data.questions.map((question) => (
                <QuestionFigures key={question.index} question={question} />
              ))}
            </ol>
          </section>
        </>
      )}
    </section>
  );
}
