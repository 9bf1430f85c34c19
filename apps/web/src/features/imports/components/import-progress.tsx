import { importProgressLabel, type QuestionImportStatus } from '@estudai/contract/constants';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

/** The job's progress bar ('142 de 300'), then what it made. */
export function ImportProgress({
  status,
  doneLink,
}: {
  status: QuestionImportStatus;
  doneLink: { to: string; label: string };
}) {
  const percent = status.total > 0 ? Math.round((status.done / status.total) * 100) : 100;
  if (status.status === 'failed') {
    return (
      <Card role="alert" className="flex items-start gap-3">
        <XCircle className="size-6 shrink-0 text-red-600" aria-hidden />
        <p>A importação falhou e nenhuma questão foi criada. Tente de novo em alguns minutos.</p>
      </Card>
    );
  }
  if (status.status === 'done') {
    return (
      <Card role="status" className="grid gap-3">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 className="size-6 text-emerald-600" aria-hidden />
          {status.created === 0
            ? 'Estas questões já foram importadas aqui (já importadas): nada foi criado de novo.'
            : `Importação concluída: ${status.done} ${status.done === 1 ? 'questão importada' : 'questões importadas'}.`}
        </p>
        <Link to={doneLink.to} className={buttonClasses({ className: 'justify-self-start' })}>
          {doneLink.label}
        </Link>
      </Card>
    );
  }
  return (
    <Card className="grid gap-2">
      <p className="font-medium">Importando questões...</p>
      <div
        role="progressbar"
        aria-label="Progresso da importação"
        aria-valuemin={0}
        aria-valuemax={status.total}
        aria-valuenow={status.done}
        aria-valuetext={importProgressLabel(status.done, status.total)}
        className="h-3 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {importProgressLabel(status.done, status.total)}
      </p>
    </Card>
  );
}
