import type { LucideIcon } from 'lucide-react';
import { RefreshCw } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** Rows in the shape of what is loading. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      {Array.from({ length: rows }, (_, key) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
          key={key}
          className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <Skeleton radius="full" className="size-11" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-4/5" />
            <Skeleton className="h-3 w-1/5" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** An empty list with an icon, a title and, if given, a line of help. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
        <Icon className="size-7" aria-hidden />
      </span>
      <p className="font-medium">{title}</p>
      {children && <p className="max-w-xs text-sm text-slate-500 dark:text-slate-400">{children}</p>}
    </div>
  );
}

/** An empty list in one line of text. */
export function EmptyText({ children }: { children: string }) {
  return <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">{children}</p>;
}

/** Something could not be loaded: why (when known) and a way to try again. */
export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error | null;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-2xl bg-red-50 px-6 py-8 text-center dark:bg-red-950/40"
    >
      <p className="font-medium text-red-800 dark:text-red-200">{title}</p>
      {error?.message && <p className="text-sm text-red-700 dark:text-red-300">{error.message}</p>}
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden />
        Tentar novamente
      </Button>
    </div>
  );
}
