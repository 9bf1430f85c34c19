import { ChevronRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/**
 * A guardian's account (issue 36) opens the feed with the way to their dashboard instead of the
 * study links: a guardian has no caderno, reviews or essays of their own.
 */
export function GuardianHomeLink() {
  return (
    <Link
      to={paths.guardian()}
      className="flex min-w-0 items-center gap-3 rounded-2xl border border-indigo-200 bg-indigo-50 p-4 text-indigo-900 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-indigo-900 dark:bg-indigo-950 dark:text-indigo-100 dark:hover:bg-indigo-900"
    >
      <ShieldCheck className="size-6 shrink-0" aria-hidden />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-semibold">Painel do responsável</span>
        <span className="text-sm text-indigo-800 dark:text-indigo-200">
          O tempo de uso, as notas de redação e os pedidos de quem você acompanha.
        </span>
      </span>
      <ChevronRight className="size-5 shrink-0" aria-hidden />
    </Link>
  );
}
