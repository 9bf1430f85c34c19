import { SIMULADO_PAPER_MESSAGES } from '@estudai/contract/constants';
import { ArrowLeft, Printer } from 'lucide-react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'react-router';
import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSimuladoPrint } from '../api/get-print.ts';
import { AnswerSheet } from '../components/answer-sheet.tsx';
import { PrintBooklet } from '../components/print-booklet.tsx';
import '../components/simulado-print.css';

/**
 * /simulados/{id}/imprimir (organizers): the booklet and the answer sheet, printed (or saved as PDF)
 * by the browser with the print styles of simulado-print.css. It is drawn beside the app (a portal
 * in <body>), and the app's frame (#root: tab bar, side bars) is hidden while it shows, on screen and
 * on paper.
 */
export function SimuladoPrintPage() {
  useEffect(() => {
    document.documentElement.classList.add('paper-printing');
    return () => document.documentElement.classList.remove('paper-printing');
  }, []);
  return createPortal(<PrintView />, document.body);
}

function PrintView() {
  const { simuladoId = '' } = useParams();
  const query = useSimuladoPrint(simuladoId);
  return (
    <div className="paper-portal min-h-dvh bg-slate-100 text-slate-900 print:bg-white">
      <div className="paper-no-print mx-auto flex max-w-[210mm] flex-wrap items-center gap-2 p-3">
        <Link to={paths.simulado(simuladoId)} className={buttonClasses({ variant: 'outline' })}>
          <ArrowLeft className="size-4" aria-hidden />
          Voltar
        </Link>
        <Button onClick={() => window.print()} disabled={!query.data}>
          <Printer className="size-4" aria-hidden />
          {SIMULADO_PAPER_MESSAGES.print}
        </Button>
        <p className="basis-full text-sm text-slate-600">
          Caderno de questões e cartão-resposta em A4. Para um PDF, escolha “Salvar como PDF” na janela de
          impressão.
        </p>
      </div>
      <main>
        {query.isPending ? (
          <div className="paper-no-print mx-auto max-w-[210mm] p-3">
            <ListSkeleton label="Carregando simulado" rows={3} />
          </div>
        ) : query.isError ? (
          <div className="paper-no-print mx-auto max-w-[210mm] p-3">
            <ErrorState
              title="Não foi possível carregar o simulado para imprimir."
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          </div>
        ) : (
          <>
            <PrintBooklet simulado={query.data} />
            <AnswerSheet simulado={query.data} />
          </>
        )}
      </main>
    </div>
  );
}
