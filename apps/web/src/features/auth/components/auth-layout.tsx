import { GraduationCap } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';

/** The branded, centred card every sign-in screen sits in; the brand leads back to the start page. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-gradient-to-b from-indigo-50 via-white to-white px-4 py-8 dark:from-indigo-950/60 dark:via-slate-950 dark:to-slate-950">
      <main className="mx-auto flex w-full max-w-md flex-col gap-6">
        <header className="flex flex-col items-center gap-2 text-center">
          <Link
            to={paths.home()}
            aria-label="Estudaí: página inicial"
            className="flex flex-col items-center gap-2 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
          >
            <span className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-lg shadow-indigo-600/30">
              <GraduationCap className="size-8" aria-hidden />
            </span>
            <span className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Estudaí</span>
          </Link>
          <p className="text-sm text-slate-500 dark:text-slate-400">Estude junto. Aprenda mais.</p>
        </header>
        <Card padding="lg">{children}</Card>
      </main>
    </div>
  );
}

/**
 * A screen's title. Focusable from code (tabIndex -1) so that switching screens can move focus
 * here; its subtitle is read with it.
 */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  const subtitleId = useId();
  return (
    <div className="mb-6 grid gap-1 text-center">
      <h1
        tabIndex={-1}
        aria-describedby={subtitle ? subtitleId : undefined}
        className="rounded-md text-xl font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500 dark:text-white"
      >
        {title}
      </h1>
      {subtitle && (
        <p id={subtitleId} className="text-sm text-slate-500 dark:text-slate-400">
          {subtitle}
        </p>
      )}
    </div>
  );
}
