import { GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/**
 * The landing page around its sections: the header with 'Entrar', the hero on its gradient, then
 * `children` and `footer`. The build renders it with the hero alone (../prerender.tsx), so the
 * first screen is in the page before any script runs.
 */
export function LandingFrame({
  hero,
  children,
  footer,
}: {
  hero: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="bg-indigo-600 text-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between px-5 py-4">
          <span className="flex items-center gap-2 text-xl font-bold">
            <GraduationCap className="size-7" aria-hidden />
            Estudaí
          </span>
          <Link
            to={paths.auth()}
            className="rounded-xl px-4 py-2 font-semibold ring-1 ring-white/60 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Entrar
          </Link>
        </div>
      </header>
      <main>
        <div className="bg-gradient-to-b from-indigo-600 via-violet-600 to-violet-700 text-white">{hero}</div>
        {children}
      </main>
      {footer}
    </div>
  );
}
