import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { paths } from '../lib/paths.ts';

/**
 * Spec §2: the fallback for any path a signed-in, verified user cannot open. The heading is the
 * spec's; the line below and the way back are for the user who typed or followed a wrong link.
 */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">Page Not Found</h1>
      <p className="text-slate-600 dark:text-slate-300">Esta página não existe ou foi removida.</p>
      <Link to={paths.home()} className={buttonClasses({ className: 'mt-2' })}>
        Voltar ao início
      </Link>
    </div>
  );
}
