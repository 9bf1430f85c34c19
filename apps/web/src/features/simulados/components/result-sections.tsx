import {
  formatBrasiliaDayMonthTime,
  SIMULADO_MESSAGES,
  type SimuladoResult,
  SUBJECT_LABELS,
} from '@estudai/contract/constants';
import { Card } from '../../../components/ui/card.tsx';

const M = SIMULADO_MESSAGES;
const subjectName = (subject: SimuladoResult['bySubject'][number]['subject']) =>
  subject ? SUBJECT_LABELS[subject] : 'Sem matéria';

/** The 'Estimativa TRI': the score, its standard error, 'provisória', the label and why. */
export function EstimateCard({ result }: { result: SimuladoResult }) {
  const { estimate } = result;
  return (
    <Card className="grid gap-2">
      <h2 className="font-semibold">{M.estimateTitle}</h2>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-bold text-indigo-700 tabular-nums dark:text-indigo-300">
          {estimate.score}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-300">
          ± {estimate.standardError.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} (erro padrão)
        </span>
        {estimate.provisional && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-200">
            provisória
          </span>
        )}
      </p>
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{estimate.label}</p>
      {result.explanations.length > 0 && (
        <ul
          aria-label="Por que essa estimativa"
          className="grid list-disc gap-1 pl-5 text-sm text-slate-700 dark:text-slate-200"
        >
          {result.explanations.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Breakdown({
  rows,
  label,
}: {
  rows: { key: string; name: string; correct: number; total: number }[];
  label: string;
}) {
  return (
    <table className="w-full table-fixed text-sm" aria-label={label}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-100 first:border-0 dark:border-slate-800">
            <th scope="row" className="py-1.5 pr-2 text-left font-normal break-words">
              {row.name}
            </th>
            <td className="w-24 py-1.5 text-right tabular-nums">
              {row.correct}/{row.total}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Right answers per subject and per topic. */
export function BreakdownCard({ result }: { result: SimuladoResult }) {
  return (
    <Card className="grid gap-3">
      <h2 className="font-semibold">Por matéria</h2>
      <Breakdown
        label="Acertos por matéria"
        rows={result.bySubject.map((row) => ({
          key: row.subject ?? '-',
          name: subjectName(row.subject),
          ...row,
        }))}
      />
      <h2 className="font-semibold">Por assunto</h2>
      <Breakdown
        label="Acertos por assunto"
        rows={result.byTopic.map((row) => ({
          key: `${row.subject ?? '-'}:${row.topic ?? '-'}`,
          name: `${subjectName(row.subject)} · ${row.topic ?? 'Sem assunto'}`,
          ...row,
        }))}
      />
    </Card>
  );
}

/** 'Questões que mais pesaram': misses on the questions the group found easiest. */
export function HeaviestMissesCard({
  result,
  onOpen,
}: {
  result: SimuladoResult;
  onOpen: (index: number) => void;
}) {
  if (result.heaviestMisses.length === 0) return null;
  return (
    <Card className="grid gap-2">
      <h2 className="font-semibold">{M.heaviestMissesTitle}</h2>
      <ul className="grid gap-1 text-sm">
        {result.heaviestMisses.map((miss) => (
          <li key={miss.index}>
            <button
              type="button"
              className="text-left text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
              onClick={() => onOpen(miss.index)}
            >
              Questão {miss.index + 1}: {miss.groupCorrectPercentage}% do grupo acertou
              {miss.viewerAnswer === null ? ' (em branco)' : ''}
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The ranking: there, waiting for the close, or switched off. */
export function RankingCard({ result }: { result: SimuladoResult }) {
  const { ranking } = result;
  return (
    <Card className="grid gap-2">
      <h2 className="font-semibold">{M.rankingTitle}</h2>
      {ranking.status === 'disabled' ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{M.rankingDisabled}</p>
      ) : ranking.status === 'after_close' ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {M.rankingAfterClose}
          {ranking.availableAt
            ? ` (${formatBrasiliaDayMonthTime(ranking.availableAt)}, horário de Brasília)`
            : ''}
        </p>
      ) : (
        <ol className="grid gap-1 text-sm">
          {ranking.entries.map((entry) => (
            <li
              key={`${entry.rank}:${entry.firstName}`}
              className={
                entry.isViewer
                  ? 'flex justify-between gap-2 rounded-lg bg-indigo-50 px-2 py-1 font-semibold dark:bg-indigo-950'
                  : 'flex justify-between gap-2 px-2 py-1'
              }
            >
              <span className="min-w-0 truncate">
                {entry.rank}º {entry.firstName}
                {entry.isViewer ? ' (você)' : ''}
              </span>
              <span className="shrink-0 tabular-nums">
                {entry.correctCount}/{entry.total}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
